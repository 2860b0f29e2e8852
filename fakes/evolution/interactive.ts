// sendList and sendButtons, and 2.4's sendCarousel. They are checked and answered as the Baileys
// channel does (201: the server sends the message, though WhatsApp has not shown lists and buttons
// sent through Baileys since Evolution 2.3); on a WhatsApp Business Cloud API instance, the Cloud
// channel's own refusals come first (repeated section titles, button texts or IDs; a row with no
// description).
import { randomUUID } from 'node:crypto';

import { badRequest, internalError, schemaFailure } from './answers.ts';
import { BUSINESS } from './instance.ts';
import { cannotSend, sent } from './message.ts';
import { sendOptions } from './sendSchemas.ts';
import { serverNumber } from './numbers.ts';
import { isNotEmpty, numberSchema, type JsonSchema } from './schema.ts';
import type { CannedAnswer, FakeInstance, FakeState } from './types.ts';

const SCHEMAS = {
	list: {
		type: 'object',
		properties: {
			number: numberSchema,
			title: { type: 'string' },
			description: { type: 'string' },
			footerText: { type: 'string' },
			buttonText: { type: 'string' },
			sections: {
				type: 'array',
				minItems: 1,
				uniqueItems: true,
				items: {
					type: 'object',
					properties: {
						title: { type: 'string' },
						rows: {
							type: 'array',
							minItems: 1,
							uniqueItems: true,
							items: {
								type: 'object',
								properties: { title: { type: 'string' }, description: { type: 'string' }, rowId: { type: 'string' } },
								required: ['title', 'rowId'],
								...isNotEmpty('title', 'description', 'rowId'),
							},
						},
					},
					required: ['title', 'rows'],
					...isNotEmpty('title'),
				},
			},
			...sendOptions,
		},
		required: ['number', 'title', 'footerText', 'buttonText', 'sections'],
	},
	buttons: {
		type: 'object',
		properties: {
			number: numberSchema,
			thumbnailUrl: { type: 'string' },
			title: { type: 'string' },
			description: { type: 'string' },
			footer: { type: 'string' },
			buttons: {
				type: 'array',
				items: {
					type: 'object',
					properties: {
						type: { type: 'string', enum: ['reply', 'copy', 'url', 'call', 'pix'] },
						displayText: { type: 'string' },
						id: { type: 'string' },
						url: { type: 'string' },
						phoneNumber: { type: 'string' },
						currency: { type: 'string' },
						name: { type: 'string' },
						keyType: { type: 'string', enum: ['phone', 'email', 'cpf', 'cnpj', 'random'] },
						key: { type: 'string' },
					},
					required: ['type'],
					...isNotEmpty('id', 'url', 'phoneNumber'),
				},
			},
			...sendOptions,
		},
		required: ['number'],
	},
	/** 2.4.0-rc2's carouselMessageSchema (its `everyOne`, as 2.3's send schemas, is the shared options'). */
	carousel: {
		type: 'object',
		properties: {
			number: numberSchema,
			body: { type: 'string', minLength: 1 },
			cards: {
				type: 'array',
				minItems: 1,
				maxItems: 10,
				items: {
					type: 'object',
					properties: {
						title: { type: 'string' },
						body: { type: 'string', minLength: 1 },
						footer: { type: 'string' },
						imageUrl: { type: 'string' },
						buttons: {
							type: 'array',
							minItems: 1,
							maxItems: 3,
							items: {
								type: 'object',
								properties: {
									type: { type: 'string', enum: ['reply', 'copy', 'url', 'call'] },
									displayText: { type: 'string' },
									id: { type: 'string' },
									url: { type: 'string' },
									copyCode: { type: 'string' },
									phoneNumber: { type: 'string' },
								},
								required: ['type'],
								...isNotEmpty('id', 'url', 'phoneNumber'),
							},
						},
					},
					required: ['body', 'buttons'],
				},
			},
			...sendOptions,
		},
		required: ['number', 'body', 'cards'],
	},
} satisfies Record<string, JsonSchema>;

type Section = { title: string; rows: Array<{ title: string; description?: string; rowId: string }> };
type Button = Record<string, string | undefined>;

export function sendList(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, SCHEMAS.list);
	if (invalid) return invalid;
	const sections = body.sections as Section[];
	if (instance.integration === BUSINESS) {
		const titles = sections.map((section) => section.title);
		if (new Set(titles).size !== titles.length) return badRequest(['Section tiles cannot be repeated']);
		if (sections.some((section) => section.rows.some((row) => row.description === undefined)))
			return internalError("Cannot read properties of undefined (reading 'substring')");
	}
	const number = serverNumber(body.number as string);
	const refused = cannotSend(state, instance, number);
	if (refused) return refused;
	const listMessage = {
		title: body.title,
		description: body.description,
		buttonText: body.buttonText,
		footerText: body.footerText,
		sections,
		listType: 2,
	};
	return sent(state, instance, number, 'listMessage', { listMessage });
}

/** Baileys' names of the button types in a native-flow message. */
const NATIVE_FLOW: Record<string, string> = { reply: 'quick_reply', copy: 'cta_copy', url: 'cta_url', call: 'cta_call', pix: 'payment_info' };

/** buttonMessage's toJSONString: each type's own keys. */
function buttonParams(button: Button): string {
	switch (button.type) {
		case 'call':
			return JSON.stringify({ display_text: button.displayText, phone_number: button.phoneNumber });
		case 'reply':
			return JSON.stringify({ display_text: button.displayText, id: button.id });
		case 'copy':
			return JSON.stringify({ display_text: button.displayText, copy_code: button.copyCode });
		case 'url':
			return JSON.stringify({ display_text: button.displayText, url: button.url, merchant_url: button.url });
		default:
			return '';
	}
}

export function sendButtons(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, SCHEMAS.buttons);
	if (invalid) return invalid;
	if (!Array.isArray(body.buttons)) return internalError("Cannot read properties of undefined (reading 'length')");
	const buttons = body.buttons as Button[];
	if (instance.integration === BUSINESS) {
		const texts = buttons.map((button) => button.displayText);
		const ids = buttons.map((button) => button.id);
		if (new Set(texts).size !== texts.length || new Set(ids).size !== ids.length)
			return badRequest(['Button texts cannot be repeated', 'Button IDs cannot be repeated.']);
	} else {
		if (buttons.length === 0) return badRequest(['At least one button is required']);
		const replies = buttons.some((button) => button.type === 'reply');
		const others = buttons.some((button) => button.type !== 'reply' && button.type !== 'pix');
		if (replies && buttons.length > 3) return badRequest(['Maximum of 3 reply buttons allowed']);
		if (replies && others) return badRequest(['Reply buttons cannot be mixed with other button types']);
	}
	const number = serverNumber(body.number as string);
	const refused = cannotSend(state, instance, number);
	if (refused) return refused;
	let text = `*${body.title as string}*`;
	if (body.description) text += `\n\n${body.description as string}\n`;
	const interactiveMessage = {
		body: { text },
		footer: { text: body.footer },
		nativeFlowMessage: {
			buttons: buttons.map((button) => ({ name: NATIVE_FLOW[button.type ?? ''], buttonParamsJson: buttonParams(button) })),
			messageParamsJson: JSON.stringify({ from: 'api', templateId: randomUUID() }),
		},
	};
	return sent(state, instance, number, 'viewOnceMessage', { viewOnceMessage: { message: { interactiveMessage } } });
}

/** 2.4's toNativeFlowButton: each type's own keys, `display_text` '' when none, a reply's `id` made up when none. */
function nativeFlowButton(button: Button) {
	const display_text = button.displayText ?? '';
	const params: Record<string, unknown> =
		button.type === 'url'
			? { display_text, url: button.url, merchant_url: button.url }
			: button.type === 'call'
				? { display_text, phone_number: button.phoneNumber }
				: button.type === 'copy'
					? { display_text, copy_code: button.copyCode }
					: { display_text, id: button.id ?? randomUUID().slice(0, 8) };
	return { name: NATIVE_FLOW[button.type ?? ''], buttonParamsJson: JSON.stringify(params) };
}

type Card = { body: string; footer?: string; imageUrl?: string; buttons: Button[] };

/**
 * POST /message/sendCarousel (201, 2.4): 2.4.0-rc2's carouselMessage. One card without an image
 * goes as that card alone (its text, footer and buttons in a native-flow message: the `body` is not
 * sent); otherwise `{body: {text: body}, carouselMessage: {cards, messageVersion: 1}}`, each card
 * with its image as header (the server downloads it; the fake keeps its URL), its text, footer and
 * buttons. `title` is in the schema but never read. The number is checked first, as every send.
 */
export function sendCarousel(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, SCHEMAS.carousel);
	if (invalid) return invalid;
	const cards = body.cards as Card[];
	const number = serverNumber(body.number as string);
	const refused = cannotSend(state, instance, number);
	if (refused) return refused;
	const footerOf = (card: Card) => (card.footer ? { text: card.footer } : undefined);
	const interactiveMessage =
		cards.length === 1 && !cards[0].imageUrl
			? {
					body: { text: cards[0].body },
					footer: footerOf(cards[0]),
					nativeFlowMessage: { buttons: cards[0].buttons.map(nativeFlowButton), messageParamsJson: JSON.stringify({ from: 'api', templateId: randomUUID() }) },
				}
			: {
					body: { text: body.body },
					carouselMessage: {
						cards: cards.map((card) => ({
							header: card.imageUrl ? { hasMediaAttachment: true, imageMessage: { url: card.imageUrl, mimetype: 'image/jpeg' } } : undefined,
							body: { text: card.body },
							footer: footerOf(card),
							nativeFlowMessage: { buttons: card.buttons.map(nativeFlowButton) },
						})),
						messageVersion: 1,
					},
				};
	return sent(state, instance, number, 'interactiveMessage', { interactiveMessage });
}

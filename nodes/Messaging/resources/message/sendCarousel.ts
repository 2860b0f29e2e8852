import type { IDataObject } from 'n8n-workflow';

import { bad, ok, showValue, trimmedText, type Checked } from '../../../shared/checks';
import type { Field } from '../../../shared/contract';
import { checkedField, inBody } from '../../../shared/fields';
import { recipient } from '../../fields';
import { MESSAGE_OPTIONS } from '../../sendOptions';
import { checkMediaUrl } from '../../validation/media';
import { sendOperation } from '../../sendOperation';
import { BUTTON_PROPERTIES, checkButton, type ButtonEntry } from './sendButtons';
import { text } from './sendText';

/** carouselMessageSchema (Evolution 2.4): 1 to 10 cards, each with 1 to 3 buttons. */
export const MAX_CAROUSEL_CARDS = 10;
export const MAX_CARD_BUTTONS = 3;

interface CardEntry {
	body?: unknown;
	footer?: unknown;
	imageUrl?: unknown;
	buttons?: { button?: unknown };
}

/** One card as the route takes it: `body`, `buttons`, and `footer` and `imageUrl` when given. */
function checkCard(entry: CardEntry, n: number, replyIds: Set<string>): Checked<IDataObject> {
	const body = trimmedText(entry.body);
	if (!body) return bad(`has card ${n} with no text`, 'Give every card the text it shows under its image.');
	const card: IDataObject = { body };
	const footer = trimmedText(entry.footer);
	if (footer) card.footer = footer;
	if (trimmedText(entry.imageUrl)) {
		const url = checkMediaUrl(entry.imageUrl);
		if (!url.valid) return bad(`has card ${n} with the image URL ${showValue(entry.imageUrl)}, which ${url.problem}`, url.hint);
		card.imageUrl = url.value;
	}
	const entries = (Array.isArray(entry.buttons?.button) ? entry.buttons.button : []) as ButtonEntry[];
	const buttonsHint = `Give every card 1 to ${MAX_CARD_BUTTONS} buttons: Reply, URL, Call or Copy.`;
	if (entries.length === 0) return bad(`has card ${n} with no button`, buttonsHint);
	if (entries.length > MAX_CARD_BUTTONS) return bad(`has card ${n} with ${entries.length} buttons; a card takes at most ${MAX_CARD_BUTTONS}`, buttonsHint);
	const buttons: IDataObject[] = [];
	const texts = new Set<string>();
	for (const [index, raw] of entries.entries()) {
		const checked = checkButton(raw, `card ${n}'s button ${index + 1}`);
		if (!checked.valid) return checked;
		const button = checked.value;
		if (texts.has(button.displayText as string)) return bad(`has card ${n} with the button text ${showValue(button.displayText)} twice`, 'Make the button texts of a card different.');
		texts.add(button.displayText as string);
		// A reply carries its ID only: the same ID on two cards would not tell which card was picked.
		if (button.type === 'reply') {
			if (replyIds.has(button.id as string))
				return bad(`has the Reply button ID ${showValue(button.id)} twice`, 'Give each Reply button an ID of its own (a Reply button with no ID takes its text), e.g. card1_comprar.');
			replyIds.add(button.id as string);
		}
		buttons.push(button);
	}
	card.buttons = buttons;
	return ok(card);
}

export function checkCards(raw: unknown): Checked<IDataObject[]> {
	const entries = (Array.isArray((raw as { card?: unknown })?.card) ? (raw as { card: CardEntry[] }).card : []) as CardEntry[];
	const hint = `Add 1 to ${MAX_CAROUSEL_CARDS} cards, each with its text and 1 to ${MAX_CARD_BUTTONS} buttons.`;
	if (entries.length === 0) return bad('is empty: a carousel needs at least one card', hint);
	if (entries.length > MAX_CAROUSEL_CARDS) return bad(`has ${entries.length} cards; a carousel takes at most ${MAX_CAROUSEL_CARDS}`, hint);
	const replyIds = new Set<string>();
	const cards: IDataObject[] = [];
	for (const [index, entry] of entries.entries()) {
		const checked = checkCard(entry, index + 1, replyIds);
		if (!checked.valid) return checked;
		cards.push(checked.value);
	}
	return ok(cards);
}

const cards = checkedField(
	{
		displayName: 'Cards',
		name: 'carouselCards',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Card',
		required: true,
		default: {},
		description: `The cards, swiped sideways (1 to ${MAX_CAROUSEL_CARDS}), each with an image, a text and 1 to ${MAX_CARD_BUTTONS} buttons`,
		options: [
			{
				displayName: 'Card',
				name: 'card',
				values: [
					{ displayName: 'Body', name: 'body', type: 'string', required: true, default: '', placeholder: 'e.g. Polo algodón pima, S/ 59' },
					{
						displayName: 'Buttons',
						name: 'buttons',
						type: 'fixedCollection',
						typeOptions: { multipleValues: true },
						placeholder: 'Add Button',
						default: {},
						description: `1 to ${MAX_CARD_BUTTONS} buttons: Reply, URL, Call or Copy`,
						options: [{ displayName: 'Button', name: 'button', values: BUTTON_PROPERTIES }],
					},
					{ displayName: 'Footer', name: 'footer', type: 'string', default: '', placeholder: 'e.g. Envío gratis en Lima' },
					{
						displayName: 'Image URL',
						name: 'imageUrl',
						type: 'string',
						default: '',
						placeholder: 'e.g. https://example.com/polo.jpg',
						description: "The card's image, downloaded by the server",
					},
				],
			},
		],
	},
	checkCards,
	inBody('cards'),
);

/** The text above the cards: Send Text's Text parameter, sent as `body`. */
const carouselText: Field<'text', string> = { ...text, to: inBody('body') };

export const sendCarousel = sendOperation({
	name: 'Send Carousel',
	value: 'sendCarousel',
	action: 'Send carousel message',
	description: 'Send swipeable cards, each with image, text and buttons (Evolution 2.4+)',
	notice:
		'A carousel of one card without an image goes as that card alone (the Text is not shown). Whether WhatsApp shows carousels sent through Baileys has not been published.',
	path: '/message/sendCarousel/{instanceName}',
	since: '2.4.0',
	fields: [recipient, carouselText, cards],
	routeOptions: MESSAGE_OPTIONS,
});

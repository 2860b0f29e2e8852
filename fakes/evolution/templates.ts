// The template routes (the node's Template resource): find and create, as TemplateService does
// them: it calls Meta's Graph API (`<business>/message_templates`) with the instance's business ID
// and token, and its router answers every error in Meta's envelope (createMetaErrorResponse). The
// fake plays Meta with `fake.templates`; a Baileys instance sends its own Evolution token, which
// Meta refuses.
import { randomBytes } from 'node:crypto';

import { internalError, metaErrorResponse, schemaFailure, type MetaError } from './answers.ts';
import { isCloudApi } from './instance.ts';
import { createJid } from './numbers.ts';
import { isNotEmpty, validateSchema, type JsonSchema } from './schema.ts';
import type { CannedAnswer, FakeInstance, FakeState, FakeTemplate } from './types.ts';

/** src/validate/template.schema.ts, keys in its order. */
const TEMPLATE_SCHEMA: JsonSchema = {
	type: 'object',
	properties: {
		name: { type: 'string' },
		category: { type: 'string', enum: ['AUTHENTICATION', 'MARKETING', 'UTILITY'] },
		allowCategoryChange: { type: 'boolean' },
		language: { type: 'string' },
		components: { type: 'array' },
		webhookUrl: { type: 'string' },
	},
	required: ['name', 'category', 'language', 'components'],
	...isNotEmpty('name', 'category', 'language', 'components'),
};

const fbtraceId = () => `A${randomBytes(11).toString('base64url')}`;

/** Meta's answer to a token it cannot read (what a Baileys instance's Evolution token is to it). */
const badToken = (): MetaError => ({
	message: 'Invalid OAuth access token - Cannot parse access token',
	type: 'OAuthException',
	code: 190,
	fbtrace_id: fbtraceId(),
});

/**
 * GET /template/find (200): Meta's `data`, the first page. On a Baileys instance Meta answers an
 * error, which has no `data`: the route answers 200 with no body (res.json(undefined)).
 */
export function findTemplates(state: FakeState, instance: FakeInstance): CannedAnswer {
	if (!isCloudApi(instance)) return { status: 200, body: undefined };
	return { status: 200, body: structuredClone(state.fake.templates.get(instance.name) ?? []) };
}

const newId = () => String(1_000_000_000_000_000n + BigInt(`0x${randomBytes(6).toString('hex')}`));

/**
 * POST /template/create (201): the Template row the server stores, with Meta's answer as
 * `template`. Meta's own refusals (a name and language it has) come back in Meta's envelope; a
 * name stored already, by any instance, fails the row's unique key after Meta took the template.
 */
export function createTemplate(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const errors = validateSchema(body, TEMPLATE_SCHEMA);
	if (errors.length) return metaErrorResponse({ message: [errors.map((error) => error.message)] }, 'template_creation');
	if (!isCloudApi(instance)) return metaErrorResponse(badToken(), 'template_creation');
	const name = String(body.name);
	const language = String(body.language);
	const atMeta = state.fake.templates.get(instance.name) ?? [];
	if (atMeta.some((template) => template.name === name && template.language === language)) {
		// The wording is the fake's: Meta publishes the code, not every text.
		return metaErrorResponse(
			{
				message: 'Invalid parameter',
				type: 'OAuthException',
				code: 100,
				error_subcode: 2388024,
				error_user_title: 'Message template already exists',
				error_user_msg: `There is already ${language} content for this template. Create a new template and try again.`,
				fbtrace_id: fbtraceId(),
			},
			'template_creation',
		);
	}
	const created: FakeTemplate = { name, components: body.components, language, status: 'PENDING', category: String(body.category), id: newId() };
	state.fake.templates.set(instance.name, [...atMeta, created]);
	const answer = { id: created.id, status: created.status, category: created.category };
	if (state.fake.templateRows.some((row) => row.name === name)) {
		return metaErrorResponse(
			{
				message: '\nInvalid `this.prismaRepository.template.create()` invocation in\n/evolution/dist/main.js\n\nUnique constraint failed on the fields: (`name`)',
				code: 'P2002',
			},
			'template_creation',
		);
	}
	const now = new Date().toISOString();
	const row = {
		id: `c${randomBytes(12).toString('hex')}`,
		templateId: created.id,
		name,
		template: answer,
		webhookUrl: typeof body.webhookUrl === 'string' ? body.webhookUrl : null,
		createdAt: now,
		updatedAt: now,
		instanceId: state.idOf(instance.name),
	};
	state.fake.templateRows.push(row);
	return { status: 201, body: row };
}

/** src/validate/templateEdit.schema.ts (2.3.7). */
const TEMPLATE_EDIT_SCHEMA: JsonSchema = {
	type: 'object',
	properties: {
		templateId: { type: 'string' },
		category: { type: 'string', enum: ['AUTHENTICATION', 'MARKETING', 'UTILITY'] },
		allowCategoryChange: { type: 'boolean' },
		ttl: { type: 'number' },
		components: { type: 'array' },
	},
	required: ['templateId'],
	...isNotEmpty('templateId'),
};

/** src/validate/templateDelete.schema.ts (2.3.7). */
const TEMPLATE_DELETE_SCHEMA: JsonSchema = {
	type: 'object',
	properties: { name: { type: 'string' }, hsmId: { type: 'string' } },
	required: ['name'],
	...isNotEmpty('name'),
};

/** Meta's refusal of an ID it has no template under (Graph API's answer for an unknown object). */
const noSuchObject = (id: string): MetaError => ({
	message: `Unsupported post request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
	type: 'GraphMethodException',
	code: 100,
	error_subcode: 33,
	fbtrace_id: fbtraceId(),
});

/**
 * POST /template/edit (200, from 2.3.7): TemplateService.edit posts `category`,
 * `allow_category_change`, `time_to_live` and `components` (those given) to Meta's
 * `/<templateId>` and answers Meta's answer, `{success: true}`; nothing is stored on the server.
 * Meta's refusals come back in its envelope (context `template_edit`).
 */
export function editTemplate(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const errors = validateSchema(body, TEMPLATE_EDIT_SCHEMA);
	if (errors.length) return metaErrorResponse({ message: [errors.map((error) => error.message)] }, 'template_edit');
	if (!isCloudApi(instance)) return metaErrorResponse(badToken(), 'template_edit');
	const id = String(body.templateId);
	const template = (state.fake.templates.get(instance.name) ?? []).find((candidate) => candidate.id === id);
	if (!template) return metaErrorResponse(noSuchObject(id), 'template_edit');
	if (typeof body.category === 'string') template.category = body.category;
	// Meta reviews an edited template again.
	if (body.components) {
		template.components = body.components;
		template.status = 'PENDING';
	}
	return { status: 200, body: { success: true } };
}

/**
 * DELETE /template/delete (200, from 2.3.7): TemplateService.delete asks Meta to delete the
 * template `name` (every language), or with `hsmId` the one of that ID, answers Meta's
 * `{success: true}`, and removes the instance's stored rows of that name (and, with `hsmId`, the row of that ID). The wording of
 * Meta's refusal of an unknown name is the fake's: Meta publishes the code, not every text.
 */
export function deleteTemplate(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const errors = validateSchema(body, TEMPLATE_DELETE_SCHEMA);
	if (errors.length) return metaErrorResponse({ message: [errors.map((error) => error.message)] }, 'template_delete');
	if (!isCloudApi(instance)) return metaErrorResponse(badToken(), 'template_delete');
	const name = String(body.name);
	const hsmId = typeof body.hsmId === 'string' ? body.hsmId : undefined;
	const atMeta = state.fake.templates.get(instance.name) ?? [];
	const gone = (template: FakeTemplate) => template.name === name && (hsmId === undefined || template.id === hsmId);
	if (!atMeta.some(gone)) {
		return metaErrorResponse(
			{
				message: 'Invalid parameter',
				type: 'OAuthException',
				code: 100,
				error_subcode: 2593002,
				error_user_title: 'Message template not found',
				error_user_msg: hsmId ? `No template named ${name} has the ID ${hsmId}.` : `There is no message template named ${name}.`,
				fbtrace_id: fbtraceId(),
			},
			'template_delete',
		);
	}
	state.fake.templates.set(
		instance.name,
		atMeta.filter((template) => !gone(template)),
	);
	const instanceId = state.idOf(instance.name);
	// Its cleanup's OR: the rows of that name on the instance, and with hsmId the row of that ID, whatever its name.
	const removed = (row: (typeof state.fake.templateRows)[number]) => row.instanceId === instanceId && (row.name === name || (hsmId !== undefined && row.templateId === hsmId));
	const kept = state.fake.templateRows.filter((row) => !removed(row));
	state.fake.templateRows.splice(0, state.fake.templateRows.length, ...kept);
	return { status: 200, body: { success: true } };
}

/** src/validate/message.schema.ts templateMessageSchema: only name and language are required. */
const SEND_TEMPLATE_SCHEMA: JsonSchema = {
	type: 'object',
	properties: {
		number: { type: 'string' },
		name: { type: 'string' },
		language: { type: 'string' },
		components: { type: 'array' },
		webhookUrl: { type: 'string' },
	},
	required: ['name', 'language'],
};

/**
 * POST /message/sendTemplate (201). Baileys' templateMessage throws a plain Error: the app's error
 * handler answers 500. The Cloud API's send passes Meta's answer on: a template Meta does not have
 * approved in that language comes back as Meta's error object, still with 201; a sent one as the
 * stored message, `conversation` "▶️<name>◀️".
 */
export function sendTemplate(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, SEND_TEMPLATE_SCHEMA);
	if (invalid) return invalid;
	if (!isCloudApi(instance)) return internalError('Method not available in the Baileys service');
	const name = String(body.name);
	const language = String(body.language);
	const template = (state.fake.templates.get(instance.name) ?? []).find((candidate) => candidate.name === name && candidate.language === language);
	if (!template || template.status !== 'APPROVED') {
		return {
			status: 201,
			body: {
				message: template ? `(#132015) Template is ${template.status.toLowerCase()}` : '(#132001) Template name does not exist in the translation',
				type: 'OAuthException',
				code: template ? 132015 : 132001,
				error_data: { messaging_product: 'whatsapp', details: template ? `template ${name} is not approved` : `template name (${name}) does not exist in ${language}` },
				fbtrace_id: fbtraceId(),
			},
		};
	}
	const answer = {
		key: { fromMe: true, id: `wamid.${randomBytes(18).toString('base64url')}`, remoteJid: createJid(String(body.number ?? '')) },
		message: { conversation: `▶️${name}◀️` },
		messageType: 'conversation',
		messageTimestamp: Math.round(Date.now() / 1000),
		instanceId: state.idOf(instance.name),
		status: 'PENDING',
		source: 'unknown',
	};
	return { status: 201, body: answer };
}

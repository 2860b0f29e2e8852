// The label routes (the node's Label resource): findLabels, which reads the Label rows the server
// stored from WhatsApp's label events, and handleLabel, which puts a label on a chat or takes it
// off, as the Baileys channel answers them (the Cloud API channel has neither).
import { badRequest, CONNECTION_CLOSED, internalError, notFound, NOT_ON_CLOUD_API, schemaFailure } from './answers.ts';
import { isCloudApi } from './instance.ts';
import { createJid } from './numbers.ts';
import { isNotEmpty, numberSchema, type JsonSchema } from './schema.ts';
import { isOpen } from './state.ts';
import type { CannedAnswer, FakeInstance, FakeState } from './types.ts';

/** src/validate/label.schema.ts, keys in its order. */
const HANDLE_LABEL_SCHEMA: JsonSchema = {
	type: 'object',
	properties: {
		number: numberSchema,
		labelId: { type: 'string' },
		action: { type: 'string', enum: ['add', 'remove'] },
	},
	required: ['number', 'labelId', 'action'],
	...isNotEmpty('number', 'labelId', 'action'),
};

/**
 * What WhatsApp answers a label change the account cannot make (a personal account, an unknown
 * label) is not published: the fake throws this inside handleLabel's try.
 */
export const LABEL_REFUSED = 'Error: bad-request';

/** GET /label/findLabels (200): `[{color, name, id, predefinedId}]`, from the database, connected or not. */
export function findLabels(state: FakeState, instance: FakeInstance): CannedAnswer {
	if (isCloudApi(instance)) return badRequest([NOT_ON_CLOUD_API]);
	const labels = state.fake.labels.get(instance.name) ?? [];
	return { status: 200, body: labels.map(({ color, name, id, predefinedId }) => ({ color, name, id, predefinedId })) };
}

/** whatsappNumber's verdict on the chat: a group the instance is in, or a registered number. */
function chatExists(state: FakeState, instance: FakeInstance, jid: string): boolean {
	if (jid.endsWith('@g.us')) {
		const group = state.fake.groups.get(jid);
		return !!group && (!group.instances || group.instances.includes(instance.name));
	}
	return !state.fake.unregistered.has(jid.split('@')[0]);
}

/**
 * POST /label/handleLabel (200): `{numberJid, labelId, add: true}` or `{..., remove: true}`. The
 * number is checked first (404 `Number is not on WhatsApp`; a closed connection fails uncaught,
 * 500); WhatsApp's refusal is a 400 `["Unable to <action> label to chat", error]`.
 */
export function handleLabel(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, HANDLE_LABEL_SCHEMA);
	if (invalid) return invalid;
	if (isCloudApi(instance)) return badRequest([NOT_ON_CLOUD_API]);
	if (!isOpen(instance)) return internalError(CONNECTION_CLOSED);
	const jid = createJid(String(body.number));
	if (!chatExists(state, instance, jid)) return notFound(['Number is not on WhatsApp']);
	const action = body.action as 'add' | 'remove';
	const labelId = String(body.labelId);
	const known = (state.fake.labels.get(instance.name) ?? []).some((label) => label.id === labelId);
	if (!known) return badRequest([`Unable to ${action} label to chat`, LABEL_REFUSED]);
	const chats = state.fake.chatLabels.get(instance.name) ?? new Map<string, Set<string>>();
	state.fake.chatLabels.set(instance.name, chats);
	const labels = chats.get(jid) ?? new Set<string>();
	chats.set(jid, labels);
	if (action === 'add') labels.add(labelId);
	else labels.delete(labelId);
	return { status: 200, body: { numberJid: jid, labelId, [action]: true } };
}

// The fake's own control routes (`/_fake/*`, not Evolution's), for a person trying the sandbox and
// for the end-to-end tests: make an instance receive a message and deliver it to its webhook, and
// list the sends so far.
import { badRequest, notFound } from './answers.ts';
import {
	callData,
	connectionUpdateData,
	contactsData,
	deletedMessageKeyData,
	editedMessageData,
	groupParticipantsData,
	labelAssociationData,
	mediaMessageData,
	presenceData,
	qrCodeData,
	statusUpdateData,
	textMessageData,
	whatsappMessageId,
} from './events.ts';
import { DEFAULT_GROUPS, SEEDED_PNG } from './seeds.ts';
import type { CannedAnswer, FakeState } from './types.ts';
import { deliverEvent } from './webhook.ts';

/** The fake's control route that makes an instance receive a message and deliver it to its webhook. */
export const CONTROL_DELIVER = '/_fake/deliver';
/** The control route that lists the messages sent through the fake, newest last. */
export const CONTROL_SENT = '/_fake/sent';

/** The instance the deliver route uses when its body names none and the options name none. */
export const DEFAULT_DELIVER_TO = 'sales';

/**
 * The control route (not Evolution's): makes the instance "receive" something and delivers it to
 * its webhook. Body: `{instance?, kind?, text?, from?, lid?, group?, pushName?, quotedId?,
 * messageId?, status?, state?}`; the instance defaults to the `deliverTo` option (else `sales`);
 * kinds: text (default), image, status, edited, deleted, call, presence, contacts, label,
 * connection, qrcode, participants.
 */
export async function controlDeliver(state: FakeState, raw: unknown): Promise<CannedAnswer> {
	const body = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, string | undefined>;
	const instanceName = body.instance ?? state.options.deliverTo ?? DEFAULT_DELIVER_TO;
	const instance = state.fake.instances.get(instanceName);
	if (!instance) return notFound([`The "${instanceName}" instance does not exist`]);
	const sender = { from: body.from, lid: body.lid, group: body.group, pushName: body.pushName, quotedId: body.quotedId };
	const messageId = body.messageId;
	const instanceId = state.idOf(instanceName);
	let event = 'messages.upsert';
	let data: unknown;
	switch (body.kind ?? 'text') {
		case 'text':
			data = textMessageData(body.text ?? 'Hola', { ...sender, id: messageId }, instanceId);
			break;
		case 'image': {
			const id = whatsappMessageId();
			const webhook = state.fake.webhooks.get(instanceName);
			state.fake.storeMedia({ instance: instanceName, id, mediaType: 'image', bytes: SEEDED_PNG, mimetype: 'image/png', caption: body.text });
			data = mediaMessageData(
				{ ...sender, id, mediaType: 'image', mimetype: 'image/png', caption: body.text, base64: webhook?.webhookBase64 ? SEEDED_PNG.toString('base64') : undefined },
				instanceId,
			);
			break;
		}
		case 'status':
			event = 'messages.update';
			data = statusUpdateData(body.messageId ?? whatsappMessageId(), (body.status as 'READ' | undefined) ?? 'READ', body.from, instanceId);
			break;
		case 'edited':
			event = 'messages.edited';
			data = editedMessageData(body.messageId ?? whatsappMessageId(), body.text ?? 'Hola (editado)', sender);
			break;
		case 'deleted':
			event = 'messages.delete';
			data = deletedMessageKeyData(body.messageId ?? whatsappMessageId(), sender);
			break;
		case 'call':
			event = 'call';
			data = callData('offer', { from: body.from, lid: body.lid });
			break;
		case 'presence':
			event = 'presence.update';
			data = presenceData(body.from ?? '51987654321', { [body.from ?? '51987654321']: 'composing' });
			break;
		case 'contacts':
			event = 'contacts.update';
			data = contactsData([{ phone: body.from, name: body.pushName }], instanceId);
			break;
		case 'label':
			event = 'labels.association';
			data = labelAssociationData(instanceName, 'add', body.from ?? '51987654321', '1');
			break;
		case 'connection':
			event = 'connection.update';
			data = connectionUpdateData(instanceName, (body.state as 'open' | undefined) ?? 'open');
			break;
		case 'qrcode':
			event = 'qrcode.updated';
			data = qrCodeData(instanceName);
			break;
		case 'participants':
			event = 'group-participants.update';
			data = groupParticipantsData(body.group ?? DEFAULT_GROUPS[0].id, 'add', [body.from ?? '51912345678']);
			break;
		default:
			return badRequest([
				`unknown kind ${String(body.kind)}: text, image, status, edited, deleted, call, presence, contacts, label, connection, qrcode or participants`,
			]);
	}
	const outcome = await deliverEvent(state, instanceName, event, data);
	return { status: 200, body: { ...outcome, envelope: { ...outcome.envelope, apikey: undefined } } };
}

/** The sends so far (route, instance and body), for a person watching the sandbox. */
export function sentSoFar(state: FakeState): CannedAnswer {
	const sends = state.fake.requests
		.filter((request) => /^\/message\//.test(request.path))
		.map((request) => ({ route: request.path.split('/')[2], instance: decodeURIComponent(request.path.split('/')[3] ?? ''), body: request.body }));
	return { status: 200, body: sends.slice(-20) };
}

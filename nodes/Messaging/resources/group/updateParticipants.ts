import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { group } from './groupFields';
import { allItemsTogether, participantAction, participants, participantsFrom } from './participantFields';

/** One participant's result as Baileys gives it: WhatsApp's status, and the `participant` node it came in. */
interface ParticipantResult {
	status?: unknown;
	jid?: unknown;
	content?: { attrs?: { phone_number?: unknown }; content?: Array<{ tag?: unknown; attrs?: IDataObject }> };
}

const jidOf = (number: string) => (number.includes('@') ? number : `${number}@s.whatsapp.net`);

export const updateGroupParticipants = operation({
	name: 'Update Participants',
	value: 'updateParticipants',
	action: 'Add, remove, promote or demote group participants',
	description: "Add, remove, promote or demote numbers; one item each with WhatsApp's status",
	subtitle: 'Update Group Participants',
	request: { method: 'POST', path: '/group/updateParticipant/{instanceName}' },
	fields: [instance, group, participantAction, participantsFrom, participants],
	oncePerRun: allItemsTogether,
	subject: ({ groupJid }) => `group ${groupJid}`,
	// One item per number, in the order given, with the status WhatsApp gave it ("200" done; see the README).
	toItems(answer, { groupJid, participantAction: action, participants: sent }) {
		const results = (answer as { updateParticipants?: unknown }).updateParticipants;
		const list = (Array.isArray(results) ? results : []) as ParticipantResult[];
		// The server answers each as a JID (an @lid one carries the phone beside it): map it back to the number given.
		const given = new Map(sent.map((entry) => [jidOf(entry.number), entry.given]));
		return list.map((result, index) => {
			const jid = String(result.jid ?? '');
			const phone = typeof result.content?.attrs?.phone_number === 'string' ? result.content.attrs.phone_number : undefined;
			const status = String(result.status ?? '');
			const request = result.content?.content?.find((node) => node.tag === 'add_request')?.attrs;
			const item: IDataObject = {
				groupJid,
				action,
				number: given.get(jid) ?? (phone ? given.get(phone) : undefined) ?? sent[index]?.given ?? jid,
				jid,
				status,
				success: status === '200',
			};
			if (request) item.addRequest = { code: request.code, expiration: request.expiration };
			return item;
		});
	},
});

import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { inBody } from '../../../shared/fields';
import { instance } from '../../fields';
import { text } from '../message/sendText';
import { groupInBody } from './groupFields';
import { allItemsTogether, inviteNumbers, participantsFrom } from './participantFields';

/** The message sent before the link: Send Text's Text, which the route calls `description`. */
const inviteText = { ...text, to: inBody<string>('description') };

export const sendGroupInvite = operation({
	name: 'Send Invite',
	value: 'sendInvite',
	action: 'Send group invite link',
	description: 'Send your text and the invite link to numbers as a WhatsApp message; admins only',
	subtitle: 'Send Group Invite',
	request: { method: 'POST', path: '/group/sendInvite/{instanceName}' },
	fields: [instance, groupInBody, participantsFrom, inviteNumbers, inviteText],
	oncePerRun: allItemsTogether,
	subject: ({ groupJid }) => `the invite to group ${groupJid}`,
	toItems: (answer, { groupJid, participants: numbers }) => [
		{ groupJid, ...(answer as IDataObject), numbers: numbers.map((entry) => entry.given) },
	],
});

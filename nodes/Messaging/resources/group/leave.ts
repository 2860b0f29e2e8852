import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { group } from './groupFields';

export const leaveGroup = operation({
	name: 'Leave',
	value: 'leave',
	action: 'Leave group',
	description: "The instance's number leaves the group",
	subtitle: 'Leave Group',
	request: { method: 'DELETE', path: '/group/leaveGroup/{instanceName}' },
	fields: [instance, group],
	subject: ({ groupJid }) => `group ${groupJid}`,
	// As n8n's delete operations answer: {left: true}, with the group the server named.
	toItems: (answer, { groupJid }) => [{ left: true, groupJid: (answer as { groupJid?: string }).groupJid ?? groupJid }],
});

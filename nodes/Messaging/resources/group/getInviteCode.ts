import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { group } from './groupFields';

export const getGroupInviteCode = operation({
	name: 'Get Invite Code',
	value: 'getInviteCode',
	action: 'Get group invite link',
	description: "The group's invite code and link https://chat.whatsapp.com/…; admins only",
	subtitle: 'Get Group Invite Link',
	request: { method: 'GET', path: '/group/inviteCode/{instanceName}' },
	fields: [instance, group],
	subject: ({ groupJid }) => `group ${groupJid}`,
	toItems: (answer, { groupJid }) => [{ groupJid, ...(answer as IDataObject) }],
});

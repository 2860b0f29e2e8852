import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { group } from './groupFields';
import { inviteLinkOf } from './inviteFields';

export const revokeGroupInviteCode = operation({
	name: 'Revoke Invite Code',
	value: 'revokeInviteCode',
	action: 'Revoke group invite link',
	description: 'The current invite link stops working; gives the new one; admins only',
	subtitle: 'Revoke Group Invite Link',
	request: { method: 'POST', path: '/group/revokeInviteCode/{instanceName}' },
	fields: [instance, group],
	subject: ({ groupJid }) => `group ${groupJid}`,
	toItems(answer, { groupJid }) {
		const { inviteCode } = answer as IDataObject;
		return [{ groupJid, ...(answer as IDataObject), ...(typeof inviteCode === 'string' ? { inviteUrl: inviteLinkOf(inviteCode) } : {}) }];
	},
});

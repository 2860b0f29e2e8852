import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { group, memberAddMode } from './groupFields';

export const updateMemberAddMode = operation({
	name: 'Update Member Add Mode',
	value: 'updateMemberAddMode',
	action: 'Update who may add group members',
	description: 'Whether only admins or all members may add people; admins only (Evolution 2.4+)',
	subtitle: 'Update Member Add Mode',
	request: { method: 'POST', path: '/group/updateMemberAddMode/{instanceName}' },
	since: '2.4.0',
	fields: [instance, group, memberAddMode],
	subject: ({ groupJid }) => `group ${groupJid}`,
	toItems: (answer, { groupJid }) => [{ groupJid, ...(answer as IDataObject) }],
});

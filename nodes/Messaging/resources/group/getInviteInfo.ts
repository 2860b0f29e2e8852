import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { SIMPLIFIED_GROUP } from './groupFields';
import { inviteCode } from './inviteFields';

export const getGroupInviteInfo = operation({
	name: 'Get Invite Info',
	value: 'getInviteInfo',
	action: 'Get group invite info',
	description: 'The group an invite code or link opens: name, size, owner; without joining',
	subtitle: 'Get Group Invite Info',
	request: { method: 'GET', path: '/group/inviteInfo/{instanceName}' },
	fields: [instance, inviteCode],
	subject: ({ inviteCode: code }) => `invite code ${code}`,
	simplify: SIMPLIFIED_GROUP,
});

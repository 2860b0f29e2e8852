import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { inviteCode } from './inviteFields';

export const acceptGroupInvite = operation({
	name: 'Accept Invite',
	value: 'acceptInvite',
	action: 'Join group by invite',
	description: "The instance's number joins the group of an invite code or link",
	subtitle: 'Join Group',
	request: { method: 'GET', path: '/group/acceptInviteCode/{instanceName}' },
	fields: [instance, inviteCode],
	subject: ({ inviteCode: code }) => `invite code ${code}`,
});

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { group, SIMPLIFIED_GROUP } from './groupFields';

export const getGroup = operation({
	name: 'Get',
	value: 'get',
	action: 'Get group',
	description: "A group's name, description, owner, settings and members",
	subtitle: 'Get Group',
	request: { method: 'GET', path: '/group/findGroupInfos/{instanceName}' },
	fields: [instance, group],
	subject: ({ groupJid }) => `group ${groupJid}`,
	simplify: SIMPLIFIED_GROUP,
});

import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { descriptionRequired, group, groupDescription } from './groupFields';

export const updateGroupDescription = operation({
	name: 'Update Description',
	value: 'updateDescription',
	action: 'Update group description',
	description: "Replace the group's description; admins only in a locked group",
	subtitle: 'Update Group Description',
	request: { method: 'POST', path: '/group/updateGroupDescription/{instanceName}' },
	fields: [instance, group, groupDescription, descriptionRequired],
	subject: ({ groupJid }) => `group ${groupJid}`,
	toItems: (answer, { groupJid, descriptionGiven }) => [{ groupJid, description: descriptionGiven, ...(answer as IDataObject) }],
});

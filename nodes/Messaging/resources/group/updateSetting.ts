import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { group, groupSetting } from './groupFields';

export const updateGroupSetting = operation({
	name: 'Update Setting',
	value: 'updateSetting',
	action: 'Update group setting',
	description: 'Who may send messages, and who may edit the group info; admins only',
	subtitle: 'Update Group Setting',
	request: { method: 'POST', path: '/group/updateSetting/{instanceName}' },
	fields: [instance, group, groupSetting],
	subject: ({ groupJid }) => `group ${groupJid}`,
	// The server answers {} (Baileys returns nothing): the item says what was set.
	toItems: (answer, { groupJid, groupSetting: setting }) => [{ groupJid, setting, ...(answer as IDataObject) }],
});

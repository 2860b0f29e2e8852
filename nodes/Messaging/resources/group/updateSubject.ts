import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { group, groupSubject } from './groupFields';

export const updateGroupSubject = operation({
	name: 'Update Subject',
	value: 'updateSubject',
	action: 'Update group subject',
	description: "Rename the group (WhatsApp's subject); admins only in a locked group",
	subtitle: 'Update Group Subject',
	request: { method: 'POST', path: '/group/updateGroupSubject/{instanceName}' },
	fields: [instance, group, groupSubject],
	subject: ({ groupJid }) => `group ${groupJid}`,
	toItems: (answer, { groupJid, groupSubject: subject }) => [{ groupJid, subject, ...(answer as IDataObject) }],
});

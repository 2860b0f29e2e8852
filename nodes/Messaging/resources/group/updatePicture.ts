import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { pictureIn } from '../../media/picture';
import { mediaFile } from '../../media/source';
import { group } from './groupFields';

export const updateGroupPicture = operation({
	name: 'Update Picture',
	value: 'updatePicture',
	action: 'Update group picture',
	description: "Set the group's picture from a URL, base64 or a binary image",
	subtitle: 'Update Group Picture',
	request: { method: 'POST', path: '/group/updateGroupPicture/{instanceName}' },
	fields: [instance, group, mediaFile, pictureIn('image')],
	subject: ({ groupJid }) => `group ${groupJid}`,
	toItems: (answer, { groupJid }) => [{ groupJid, ...(answer as IDataObject) }],
});

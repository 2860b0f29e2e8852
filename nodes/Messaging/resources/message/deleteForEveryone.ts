import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { bodyOf } from '../../../shared/fields';
import { instance } from '../../fields';
import { messageKey } from '../../messageKey';
import { actedOnItem, editOrDeleteInOrder } from './protocolMessage';

export const deleteForEveryone = operation({
	name: 'Delete for Everyone',
	value: 'deleteForEveryone',
	action: 'Delete message for everyone',
	description: "Remove a message from the chat for everyone (by default the input item's)",
	request: { method: 'DELETE', path: '/chat/deleteMessageForEveryone/{instanceName}' },
	fields: [instance, messageKey],
	subject: ({ key }) => `message ${key.id}`,
	// The route takes the key's fields flat: {id, fromMe, remoteJid}.
	adjustRequest(request) {
		const body = bodyOf(request);
		const key = body.key as IDataObject;
		delete body.key;
		Object.assign(body, { id: key.id, fromMe: key.fromMe, remoteJid: key.remoteJid });
	},
	inOrder: editOrDeleteInOrder,
	toItems: (answer, { key }) => actedOnItem(answer, key),
});

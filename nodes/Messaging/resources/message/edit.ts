import type { IDataObject } from 'n8n-workflow';

import { bad } from '../../../shared/checks';
import { operation, valueOf, type Field } from '../../../shared/contract';
import { bodyOf } from '../../../shared/fields';
import { instance } from '../../fields';
import { messageKey } from '../../messageKey';
import { text } from './sendText';
import { actedOnItem, editOrDeleteInOrder } from './protocolMessage';

/**
 * Only this number's own messages can be edited. Evolution 2.3.6 does not refuse another's (its
 * check lacks a `throw`): it answers 200 and WhatsApp shows no change, so the node refuses it.
 */
const ownMessage: Field<'ownMessage', true> = {
	name: 'ownMessage',
	properties: [],
	read(item, before) {
		const key = valueOf(before, messageKey);
		if (!key.fromMe)
			item.require(
				'Message',
				key,
				bad(
					'was not sent by this number (fromMe is false), and WhatsApp only lets its sender edit a message',
					'Edit messages this instance sent: a send\'s output, or the trigger\'s messages with fromMe true.',
				),
			);
		return true;
	},
};

export const edit = operation({
	name: 'Edit',
	value: 'edit',
	action: 'Edit sent text message',
	description: "Change the text of a message this number sent (by default the input item's)",
	subtitle: 'Edit Message',
	request: { method: 'POST', path: '/chat/updateMessage/{instanceName}' },
	fields: [instance, messageKey, ownMessage, text],
	subject: ({ key }) => `message ${key.id}`,
	// The server compares `number` with the stored message's chat: the key's own address matches.
	adjustRequest(request) {
		const body = bodyOf(request);
		body.number = (body.key as IDataObject).remoteJid;
	},
	inOrder: editOrDeleteInOrder,
	toItems: (answer, { key }) => actedOnItem(answer, key),
});

import { operation } from '../../../shared/contract';
import { bodyOf } from '../../../shared/fields';
import { instance, recipient } from '../../fields';
import { label } from './labelFields';

export const addLabelToChat = operation({
	name: 'Add to Chat',
	value: 'addToChat',
	action: 'Add label to chat',
	description: 'Put a label on a chat (WhatsApp Business accounts only)',
	subtitle: 'Add Label to Chat',
	request: { method: 'POST', path: '/label/handleLabel/{instanceName}' },
	fields: [instance, recipient, label],
	subject: ({ labelId }) => `label ${labelId}`,
	adjustRequest: (request) => {
		bodyOf(request).action = 'add';
	},
});

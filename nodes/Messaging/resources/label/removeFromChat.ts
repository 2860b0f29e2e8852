import { operation } from '../../../shared/contract';
import { bodyOf } from '../../../shared/fields';
import { instance, recipient } from '../../fields';
import { label } from './labelFields';

export const removeLabelFromChat = operation({
	name: 'Remove from Chat',
	value: 'removeFromChat',
	action: 'Remove label from chat',
	description: 'Take a label off a chat (WhatsApp Business accounts only)',
	subtitle: 'Remove Label from Chat',
	request: { method: 'POST', path: '/label/handleLabel/{instanceName}' },
	fields: [instance, recipient, label],
	subject: ({ labelId }) => `label ${labelId}`,
	adjustRequest: (request) => {
		bodyOf(request).action = 'remove';
	},
});

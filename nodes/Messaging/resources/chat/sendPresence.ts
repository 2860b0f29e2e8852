import { bad, type Checked } from '../../../shared/checks';
import { operation } from '../../../shared/contract';
import { checkedField, inBody, pickerField } from '../../../shared/fields';
import { instance, recipient } from '../../fields';
import { checkDelay } from '../../validation/recipients';

const presence = pickerField(
	{
		displayName: 'Presence',
		name: 'presence',
		type: 'options',
		options: [
			{ name: 'Offline', value: 'unavailable', description: 'Shown as offline (last seen)' },
			{ name: 'Online', value: 'available', description: 'Shown as online' },
			{ name: 'Paused', value: 'paused', description: 'Stops a typing or recording indicator' },
			{ name: 'Recording Audio', value: 'recording', description: 'Shown as "recording audio..."' },
			{ name: 'Typing', value: 'composing', description: 'Shown as "typing..."' },
		],
		default: 'composing',
		description: 'What the chat shows',
	},
	{ problem: 'is not a presence', hint: 'Pick Typing, Recording Audio, Paused, Online or Offline.' },
	inBody('presence'),
);

const duration = checkedField(
	{
		displayName: 'Duration (Ms)',
		name: 'duration',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 300000 },
		default: 3000,
		description: 'How long the chat shows it, in milliseconds; the server answers after it, then shows nothing',
	},
	(raw) => {
		const checked = checkDelay(raw);
		return checked.valid && checked.value === undefined ? bad<number>('is empty', 'Give whole milliseconds, e.g. 3000.') : (checked as Checked<number>);
	},
	inBody('delay'),
);

export const sendPresence = operation({
	name: 'Send Presence',
	value: 'sendPresence',
	action: 'Show typing or recording in chat',
	description: 'Show "typing..." or "recording audio..." in a chat for a while',
	notice: 'The node waits for the whole duration: the server answers when it ends. Send the reply after this node.',
	request: { method: 'POST', path: '/chat/sendPresence/{instanceName}' },
	fields: [instance, recipient, presence, duration],
});

import { checkNumberInRange } from '../../../shared/checks';
import { operation } from '../../../shared/contract';
import { checkedField, inBody, pickerField } from '../../../shared/fields';
import { instance, recipient } from '../../fields';

const callType = pickerField(
	{
		displayName: 'Call Type',
		name: 'callType',
		type: 'options',
		options: [
			{ name: 'Voice', value: 'voice' },
			{ name: 'Video', value: 'video' },
		],
		default: 'voice',
		description: 'Whether the call rings as a voice or a video call',
	},
	{ problem: 'is not Voice or Video', hint: 'Pick one from the list.' },
	inBody('isVideo', (type) => type === 'video'),
);

/** The schema's bounds: a whole number of seconds from 1 to 15. */
const callDuration = checkedField(
	{
		displayName: 'Ring For (Seconds)',
		name: 'callDuration',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 15 },
		default: 10,
		description: 'How long the call rings before the server ends it, 1 to 15 seconds',
	},
	(raw) => checkNumberInRange(raw, 1, 15, 'seconds', true),
	inBody('callDuration'),
);

// Evolution 2.3.0 to 2.4.0-rc2 answer without calling (the call is switched off in their code): the
// error table reports that answer (businessErrors.ts).
export const offerCall = operation({
	name: 'Offer Call',
	value: 'offerCall',
	action: 'Ring a number with a WhatsApp call',
	description: 'Ring a number with a voice or video call that ends by itself (Evolution 2.2)',
	subtitle: 'Offer Call',
	request: { method: 'POST', path: '/call/offer/{instanceName}' },
	fields: [instance, recipient, callType, callDuration],
});

// The pace of sends: through one instance they go one at a time in item order, so a chat gets its
// messages in the order of the items, with an optional random pause between them for bulk sends
// (bursts are what Evolution users report before their numbers get banned).
import type { INodeProperties } from 'n8n-workflow';

import { bad, checkNumberInRange } from '../shared/checks';
import type { Field } from '../shared/contract';

export interface PauseRange {
	minMs: number;
	maxMs: number;
}

const MAX_PAUSE_SECONDS = 3600;

/** An option of every send operation's Options collection. */
export const PAUSE_BETWEEN_MESSAGES_OPTION: INodeProperties = {
	displayName: 'Pause Between Messages',
	name: 'pauseBetweenMessages',
	type: 'fixedCollection',
	placeholder: 'Add Pause',
	default: {},
	description:
		'For bulk sends: a random pause, from the minimum to the maximum, between the start of one message through this instance and the next. Messages always go one at a time, in item order.',
	options: [
		{
			displayName: 'Pause',
			name: 'pause',
			values: [
				{
					displayName: 'Minimum (Seconds)',
					name: 'minSeconds',
					type: 'number',
					typeOptions: { minValue: 0, maxValue: MAX_PAUSE_SECONDS, numberPrecision: 1 },
					default: 2,
				},
				{
					displayName: 'Maximum (Seconds)',
					name: 'maxSeconds',
					type: 'number',
					typeOptions: { minValue: 0, maxValue: MAX_PAUSE_SECONDS, numberPrecision: 1 },
					default: 5,
				},
			],
		},
	],
};

/** The pause range of a send (none unless set); reads the option inside the operation's Options. */
export const pauseBetweenMessages: Field<'pause', PauseRange> = {
	name: 'pause',
	properties: [],
	read(item) {
		const option = item.parameter('options.pauseBetweenMessages', {}) as { pause?: { minSeconds?: unknown; maxSeconds?: unknown } };
		if (!option?.pause) return { minMs: 0, maxMs: 0 };
		const { minSeconds = 0, maxSeconds = minSeconds } = option.pause;
		const seconds = (label: string, raw: unknown) =>
			item.require(`Pause Between Messages ${label}`, raw, checkNumberInRange(raw, 0, MAX_PAUSE_SECONDS, 'seconds'));
		const min = seconds('Minimum', minSeconds);
		const max = seconds('Maximum', maxSeconds);
		if (max < min) {
			item.require('Pause Between Messages', option.pause, bad('has a maximum below its minimum', 'Set the maximum to the minimum or more, e.g. 2 to 5 seconds.'));
		}
		return { minMs: Math.round(min * 1000), maxMs: Math.round(max * 1000) };
	},
};

/** The pause before one message: drawn anew for each, from the range set. */
export const drawPause = ({ minMs, maxMs }: PauseRange): number => minMs + Math.floor(Math.random() * (maxMs - minMs + 1));

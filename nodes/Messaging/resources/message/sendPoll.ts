import { bad, checkNumberInRange, ok, showValue, type Checked } from '../../../shared/checks';
import { valueOf, type Field } from '../../../shared/contract';
import { checkedField, inBody } from '../../../shared/fields';
import { recipient } from '../../fields';
import { MESSAGE_OPTIONS } from '../../sendOptions';
import { sendOperation } from '../../sendOperation';

/** Evolution's schema takes 2 to 10 options (WhatsApp itself shows up to 12). */
export const MAX_POLL_OPTIONS = 10;

const question = checkedField(
	{
		displayName: 'Question',
		name: 'question',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. ¿Qué día prefiere la entrega?',
	},
	(raw): Checked<string> =>
		typeof raw === 'string' && raw.trim() ? ok(raw.trim()) : bad('is empty: a poll needs a question', 'Write the question people answer.'),
	inBody('name'),
);

/** The choices: one per line, or an array from an expression; empty lines are skipped, spaces trimmed. */
export function checkPollOptions(raw: unknown): Checked<string[]> {
	const hint = `Give 2 to ${MAX_POLL_OPTIONS} different options, one per line, or an array from an expression.`;
	const entries = Array.isArray(raw) ? raw.flat() : typeof raw === 'string' ? raw.split(/\r?\n/) : raw === undefined || raw === null ? [] : [raw];
	const options = entries.map((entry) => (entry === undefined || entry === null ? '' : String(entry).trim())).filter(Boolean);
	if (options.length < 2) return bad(`has ${options.length} option${options.length === 1 ? '' : 's'}; a poll needs at least 2`, hint);
	if (options.length > MAX_POLL_OPTIONS) return bad(`has ${options.length} options; Evolution API takes at most ${MAX_POLL_OPTIONS}`, hint);
	const seen = new Set<string>();
	for (const option of options) {
		const key = option.toLowerCase();
		if (seen.has(key)) return bad(`has the option ${showValue(option)} twice`, 'Make every option different (WhatsApp counts votes per option).');
		seen.add(key);
	}
	return ok(options);
}

const pollOptions = checkedField(
	{
		displayName: 'Poll Options',
		name: 'pollOptions',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		placeholder: 'e.g. Lunes\nMiércoles\nViernes',
		description: `The choices, one per line (2 to ${MAX_POLL_OPTIONS}, all different), or an array from an expression`,
	},
	checkPollOptions,
	inBody('values'),
);

/** How many options one person may pick: 1 up to all of them, or 0 for any number; never more than the poll has. */
const selectableCount: Field<'selectableCount', number> = {
	name: 'selectableCount',
	properties: [
		{
			displayName: 'Choices per Person',
			name: 'selectableCount',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: MAX_POLL_OPTIONS },
			default: 1,
			description: 'How many options one person may pick; 0 lets them pick any number',
		},
	],
	read(item, before) {
		const raw = item.parameter('selectableCount', 1);
		const count = item.require('Choices per Person', raw, checkNumberInRange(raw, 0, MAX_POLL_OPTIONS, 'choices', true));
		const options = valueOf(before, pollOptions);
		if (count > options.length)
			item.require('Choices per Person', raw, bad(`is more than the poll's ${options.length} options`, `Give a number from 0 to ${options.length}.`));
		return count;
	},
	to: inBody('selectableCount'),
};

export const sendPoll = sendOperation({
	name: 'Send Poll',
	value: 'sendPoll',
	action: 'Send poll',
	description: 'Send a poll: a question with 2 to 10 options',
	path: '/message/sendPoll/{instanceName}',
	fields: [recipient, question, pollOptions, selectableCount],
	routeOptions: MESSAGE_OPTIONS,
});

// The numbers a group operation adds, changes or invites (Create, Update Participants, Send
// Invite): each item's, or every input item's in one request (Participants From), read with the
// node's one phone-number rule; and what Update Participants does to them.
import { bad, ok, showValue, type Checked } from '../../../shared/checks';
import { valueOf, type Field, type ItemReader } from '../../../shared/contract';
import { inBody, pickerField } from '../../../shared/fields';
import { checkPhoneNumber, splitNumberList, type CheckedNumber } from '../../validation/recipients';

/** Each item's numbers make its own request, or the numbers of every input item one request. */
export type ParticipantsFrom = 'item' | 'allItems';

export const participantsFrom = pickerField<'participantsFrom', ParticipantsFrom>(
	{
		displayName: 'Participants From',
		name: 'participantsFrom',
		type: 'options',
		// One choice for the whole run: the first item's decides whether the others make requests.
		noDataExpression: true,
		options: [
			{ name: 'Each Item', value: 'item', description: 'Every input item makes its own request, with its own numbers' },
			{
				name: 'All Items Together',
				value: 'allItems',
				description: 'One request with the numbers of every input item (a sheet of customers → one group); the other fields from the first item',
			},
		],
		default: 'item',
		description: 'Whether each input item makes its own request, or all of them one',
	},
	{ problem: 'is not Each Item or All Items Together', hint: 'Pick one from the list.' },
);

/** The operation's `oncePerRun`: read from the item's parameters before any field. */
export const allItemsTogether = (item: ItemReader) => item.parameter('participantsFrom', 'item') === 'allItems';

/** Evolution's group schemas take participants of at least 10 characters (`minLength: 10`). */
const MIN_PARTICIPANT_LENGTH = 10;

const LIST_HINT =
	'Give numbers with their country code (e.g. 51987654321), separated by commas, semicolons or new lines, or an array from an expression.';

/** An item's numbers: the node's phone-number rule for each (no group addresses), long enough for the group routes. */
function checkParticipantList(raw: unknown): Checked<CheckedNumber[]> {
	const entries = splitNumberList(raw);
	if (entries.length === 0) return bad('is empty: at least one number is required', LIST_HINT);
	const numbers: CheckedNumber[] = [];
	for (const entry of entries) {
		if (typeof entry === 'string' && entry.trim().endsWith('@g.us'))
			return bad(`has the entry ${showValue(entry)}, which is a group: a participant is a person's number`, LIST_HINT);
		const checked = checkPhoneNumber(entry);
		if (!checked.valid) return bad(`has the entry ${showValue(entry)}, which ${checked.problem}`, checked.hint);
		if (checked.value.length < MIN_PARTICIPANT_LENGTH)
			return bad(`has the entry ${showValue(entry)}, which has ${checked.value.length} digits: the group routes take at least ${MIN_PARTICIPANT_LENGTH}`, LIST_HINT);
		numbers.push({ given: typeof entry === 'string' ? entry.trim() : String(entry), number: checked.value });
	}
	return ok(numbers);
}

/**
 * The numbers, from this item or (All Items Together, with `participantsFrom` listed before) from
 * every input item, each checked and naming its item; repeats (after normalising) sent once.
 */
export const participants: Field<'participants', CheckedNumber[]> = {
	name: 'participants',
	properties: [
		{
			displayName: 'Participants',
			name: 'participants',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. +51 987 654 321, 51912345678',
			description:
				"Numbers with country code, separated by commas, semicolons or new lines, or an array from an expression; with All Items Together, an expression for each item's number (its phone column)",
		},
	],
	read(item, before) {
		const items = valueOf(before, participantsFrom) === 'allItems' ? item.runItems() : [item];
		const seen = new Set<string>();
		const numbers: CheckedNumber[] = [];
		for (const each of items) {
			const raw = each.parameter('participants');
			for (const entry of each.require('Participants', raw, checkParticipantList(raw))) {
				if (seen.has(entry.number)) continue;
				seen.add(entry.number);
				numbers.push(entry);
			}
		}
		return numbers;
	},
	to: inBody('participants', (numbers: CheckedNumber[]) => numbers.map((entry) => entry.number)),
};

/** The same numbers as Send Invite's body names them. */
export const inviteNumbers: Field<'participants', CheckedNumber[]> = {
	...participants,
	to: inBody('numbers', (numbers: CheckedNumber[]) => numbers.map((entry) => entry.number)),
};

export type ParticipantAction = 'add' | 'remove' | 'promote' | 'demote';

export const participantAction = pickerField<'participantAction', ParticipantAction>(
	{
		displayName: 'Action',
		name: 'participantAction',
		type: 'options',
		options: [
			{ name: 'Add', value: 'add', description: 'Add the numbers to the group' },
			{ name: 'Demote', value: 'demote', description: 'Take away their admin role' },
			{ name: 'Promote', value: 'promote', description: 'Make them admins' },
			{ name: 'Remove', value: 'remove', description: 'Remove them from the group' },
		],
		default: 'add',
		description: 'What to do to the participants; only admins may',
	},
	{ problem: 'is not add, remove, promote or demote', hint: 'Pick the action from the list.' },
	inBody('action'),
);

// The fields Send List and Send Buttons share: the message's title, description and footer. The
// footer is one parameter placed under each route's own key (`footerText`, `footer`).
import { bad, ok, type Checked } from '../../../shared/checks';
import { valueOf, type Field } from '../../../shared/contract';
import { checkedField, inBody } from '../../../shared/fields';

/** Text that may be left empty: trimmed, and left out of the body when empty. */
const optionalText = (raw: unknown): Checked<string | undefined> =>
	raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')
		? ok(undefined)
		: typeof raw === 'string' || typeof raw === 'number'
			? ok(String(raw).trim())
			: bad('is not text', 'Give text, or leave it empty.');

export const interactiveTitle = checkedField(
	{
		displayName: 'Title',
		name: 'interactiveTitle',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Horarios de atención',
		description: 'The bold first line of the message',
	},
	(raw): Checked<string> =>
		typeof raw === 'string' && raw.trim() ? ok(raw.trim()) : bad('is empty: the message needs a title', 'Write the title the recipient reads first.'),
	inBody('title'),
);

export const interactiveDescription = checkedField(
	{
		displayName: 'Description',
		name: 'interactiveDescription',
		type: 'string',
		typeOptions: { rows: 2 },
		default: '',
		description: 'The text under the title (optional)',
	},
	optionalText,
	inBody('description'),
);

/** The footer, read once; `footerIn` places it under the route's key. */
export const interactiveFooter: Field<'interactiveFooter', string | undefined> = {
	name: 'interactiveFooter',
	properties: [
		{
			displayName: 'Footer',
			name: 'interactiveFooter',
			type: 'string',
			default: '',
			placeholder: 'e.g. Comercial Andina SAC',
			description: 'Small grey text at the bottom of the message (optional)',
		},
	],
	read(item) {
		const raw = item.parameter('interactiveFooter', '');
		return item.require('Footer', raw, optionalText(raw));
	},
};

/** The footer read by `interactiveFooter` (listed before it), under `key`; `always` sends `''` for none. */
export const footerIn = <K extends string>(key: K, always = false): Field<K, string | undefined> => ({
	name: key,
	properties: [],
	read: (_item, before) => valueOf(before, interactiveFooter) ?? (always ? '' : undefined),
	to: inBody(key),
});

// A group's invite, as a code or its link (https://chat.whatsapp.com/<code>): what Get Invite Info
// and Accept Invite take, and the link Evolution makes of a code.
import { bad, ok, type Checked } from '../../../shared/checks';
import { checkedField, inQuery } from '../../../shared/fields';

/** The link WhatsApp makes of a group's invite code (Evolution's inviteCode route answers it so). */
export const INVITE_LINK = 'https://chat.whatsapp.com/';
export const inviteLinkOf = (code: string) => `${INVITE_LINK}${code}`;

const INVITE_HINT =
	"Give the code (22 letters and digits) or the whole link https://chat.whatsapp.com/<code>, as Get Invite Code gives it. An invite sent inside a WhatsApp message (a 16-character code) cannot be used here.";

/** A code, or a link whose last path segment is one (query and fragment dropped): 22 letters and digits, as the server's schema asks. */
export function checkInviteCode(raw: unknown): Checked<string> {
	if (typeof raw !== 'string' || raw.trim() === '') return bad('is empty: an invite code or link is required', INVITE_HINT);
	const value = raw.trim();
	const link = /^(?:https?:\/\/)?chat\.whatsapp\.com\/(?:invite\/)?([^/?#\s]+)\/?(?:[?#].*)?$/i.exec(value);
	const code = link ? link[1] : value;
	if (!/^[A-Za-z0-9]{22}$/.test(code)) return bad(link ? 'holds no invite code of 22 letters and digits' : 'is not an invite code (22 letters and digits) or link', INVITE_HINT);
	return ok(code);
}

export const inviteCode = checkedField(
	{
		displayName: 'Invite Code or Link',
		name: 'inviteCode',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. https://chat.whatsapp.com/K1nGsR2dXlT7zQe9kP4mWv',
		description: 'The group invite link, or only its code',
	},
	checkInviteCode,
	inQuery('inviteCode'),
);

// Checks of a server-side setting's value (a chatbot's, an integration's): addresses, stored IDs,
// texts, numbers, switches and lists, each saying what to give instead; run before any request.
import { bad, checkNumberInRange, ok, trimmedText, type Checked } from '../../shared/checks';
import { checkChat } from './messageKeys';

export function checkHttpUrl(raw: unknown): Checked<string> {
	const url = trimmedText(raw);
	try {
		if (/^https?:$/.test(new URL(url).protocol)) return ok(url);
	} catch {
		// not a URL: said below
	}
	return bad('is not an http or https URL', 'Give the full address, starting with https:// or http://.');
}

/** A stored row's ID (Prisma's cuid): letters, digits, - and _. */
export function checkRowId(raw: unknown): Checked<string> {
	const id = trimmedText(raw);
	return /^[\w-]{1,100}$/.test(id) ? ok(id) : bad('is not an ID (letters, digits, - and _)', 'Pick it from the list, or copy its ID from the Evolution manager or a Get Many.');
}

export function checkText(raw: unknown): Checked<string> {
	const text = trimmedText(raw);
	return text ? ok(text) : bad('is empty', 'Give a value, or remove the option.');
}

export const checkWhole = (min: number, max: number, unit: string) => (raw: unknown) => checkNumberInRange(raw, min, max, unit, true);

export function checkSwitch(raw: unknown): Checked<boolean> {
	if (typeof raw === 'boolean') return ok(raw);
	if (raw === 'true' || raw === 'false') return ok(raw === 'true');
	return bad('is not true or false', 'Turn the switch on or off, or give true or false.');
}

/** Texts given one per entry (an option with several values), or one per line. */
export function checkTexts(raw: unknown): Checked<string[]> {
	const entries = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split('\n') : [raw];
	const texts = entries.map(trimmedText).filter(Boolean);
	return ok(texts);
}

/** Chats the bot leaves alone: numbers or addresses, or `@g.us` (every group) and `@s.whatsapp.net` (every contact). */
export function checkJids(raw: unknown): Checked<string[]> {
	const entries = Array.isArray(raw) ? raw : trimmedText(raw).split(/[,\n]/);
	const jids: string[] = [];
	for (const entry of entries.map(trimmedText).filter(Boolean)) {
		if (/^@(g\.us|s\.whatsapp\.net)$/.test(entry)) {
			jids.push(entry);
			continue;
		}
		const chat = checkChat(entry);
		if (!chat.valid) return bad(`holds "${entry}", which ${chat.problem}`, 'Give numbers or WhatsApp addresses separated by commas; @g.us stands for every group, @s.whatsapp.net for every contact.');
		jids.push(chat.value);
	}
	return ok(jids);
}

// Numbers and JIDs as the server reads them, and the ids it gives messages.
import { randomBytes } from 'node:crypto';

/** The server's own normalisation: spaces, +, (, ), dashes and dots removed; addresses kept. */
export function serverNumber(raw: string): string {
	if (/@(s\.whatsapp\.net|g\.us|lid|broadcast)$/.test(raw)) return raw;
	return raw.replace(/[\s+()\-.]/g, '');
}

export function jidOf(number: string): string {
	return number.includes('@') ? number : `${number}@s.whatsapp.net`;
}

/** Evolution's createJid without its Brazil/Mexico/Argentina rewrites: digits, and 18+ digits are a group. */
export function createJid(number: string): string {
	number = number.replace(/:\d+/, '');
	if (/@(g\.us|s\.whatsapp\.net|lid|broadcast)/.test(number)) return number;
	const digits = number.split('@')[0].replace(/\D/g, '');
	return digits.length >= 18 ? `${digits}@g.us` : `${digits}@s.whatsapp.net`;
}

export const newMessageId = () => randomBytes(10).toString('hex').toUpperCase();

export function messageKey(number: string) {
	return { remoteJid: jidOf(number), fromMe: true, id: newMessageId() };
}

// Bad input across the nodes: each is refused before any request reaches a fake (no quota spent,
// no message sent), with an error that names the item and the value.
import type { INodeExecutionData } from 'n8n-workflow';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { MAX_MEDIA_BYTES, UPLOAD_LIMITS } from '../../nodes/Messaging/validation/media';
import { startLookupFake, VALID_TOKEN, type LookupFake } from '../../fakes/lookup';
import { memoryBinary } from '../harness/binary';
import { runNode } from '../harness/engine';
import { useEvolutionFake } from '../harness/evolutionFake';
import { instance } from '../nodes/Messaging/helpers';

let lookup: LookupFake;
beforeAll(async () => {
	lookup = await startLookupFake({ today: '2026-11-20' });
});
afterAll(async () => {
	await lookup.close();
});
beforeEach(() => {
	lookup.reset();
});
const evolution = useEvolutionFake();

interface BadInput {
	name: string;
	node: 'taxpayerLookup' | 'messaging';
	parameters: Record<string, unknown>;
	typeVersion?: number;
	items?: Array<Pick<INodeExecutionData, 'json' | 'binary'>>;
	/** The value and the rule, as the message shows them. */
	says: string;
}

const ruc = (value: unknown, operation = 'get'): Pick<BadInput, 'node' | 'parameters'> => ({
	node: 'taxpayerLookup',
	parameters: { resource: 'taxpayer', operation, ruc: value },
});
const rate = (parameters: Record<string, unknown>): Pick<BadInput, 'node' | 'parameters'> => ({
	node: 'taxpayerLookup',
	parameters: { resource: 'exchangeRate', currency: 'USD', ...parameters },
});
const dni = (value: unknown): Pick<BadInput, 'node' | 'parameters'> => ({
	node: 'taxpayerLookup',
	parameters: { resource: 'person', operation: 'getByDni', dni: value },
});
const text = (parameters: Record<string, unknown>): Pick<BadInput, 'node' | 'parameters'> => ({
	node: 'messaging',
	parameters: { resource: 'message', operation: 'sendText', instanceName: instance('sales'), number: '51987654321', text: 'Hola', ...parameters },
});
const media = (parameters: Record<string, unknown>): Pick<BadInput, 'node' | 'parameters'> => ({
	node: 'messaging',
	parameters: { resource: 'message', operation: 'sendMedia', instanceName: instance('sales'), number: '51987654321', mediaType: 'image', ...parameters },
});
const check = (numbers: unknown): Pick<BadInput, 'node' | 'parameters'> => ({
	node: 'messaging',
	parameters: { resource: 'chat', operation: 'checkNumbers', instanceName: instance('sales'), numbers },
});

/** Any other Messaging operation, with the instance set. */
const messaging = (resource: string, operation: string, parameters: Record<string, unknown>, typeVersion?: number): Pick<BadInput, 'node' | 'parameters' | 'typeVersion'> => ({
	node: 'messaging',
	parameters: { resource, operation, instanceName: instance('sales'), ...parameters },
	typeVersion,
});
const location = (parameters: Record<string, unknown>) => messaging('message', 'sendLocation', { number: '51987654321', latitude: -12.05, longitude: -77.04, ...parameters });
const poll = (parameters: Record<string, unknown>) => messaging('message', 'sendPoll', { number: '51987654321', question: '¿Día?', pollOptions: 'Lunes\nMartes', ...parameters });
const contacts = (contact: unknown[]) => messaging('message', 'sendContact', { number: '51987654321', contacts: { contact } });
const reaction = (parameters: Record<string, unknown>) =>
	messaging('message', 'sendReaction', { chat: '51987654321', messageId: '3EB0C431C26A1916E07A', fromMe: false, reaction: '👍', ...parameters });
const read = (message: unknown[]) => messaging('chat', 'markAsRead', { messages: { message } });

const PNG = Buffer.from('89504e470d0a1a0a', 'hex');

const cases: BadInput[] = [
	// RUCs of every wrong shape, and path tricks
	{ name: 'RUC, 10 digits', ...ruc('2013131295'), says: 'RUC "2013131295" has 10 digits instead of 11' },
	{ name: 'RUC, 12 digits', ...ruc('201313129550'), says: 'has 12 digits instead of 11' },
	{ name: 'RUC, wrong check digit', ...ruc('20131312954'), says: 'fails the check digit' },
	{ name: 'RUC, unknown prefix 30', ...ruc('30131312955'), says: 'starts with 30' },
	{ name: 'RUC, unknown prefix 11', ...ruc('11131312955'), says: 'starts with 11' },
	{ name: 'RUC, letters', ...ruc('2013131295X'), says: 'holds characters other than digits' },
	{ name: 'RUC, inner spaces', ...ruc('201 313 12955'), says: 'holds characters other than digits' },
	{ name: 'RUC, empty from an expression', ...ruc('={{ "" }}'), says: 'is empty' },
	{ name: 'RUC, a decimal number', ...ruc('={{ 20131312955.5 }}'), says: 'is not a RUC' },
	{ name: 'RUC, an object', ...ruc('={{ { a: 1 } }}'), says: 'is not a RUC' },
	{ name: 'RUC with ../ (path trick)', ...ruc('../ruc/20131312955'), says: 'holds characters other than digits' },
	{ name: 'RUC with %2F (path trick)', ...ruc('20131312955%2Fsunat'), says: 'holds characters other than digits' },
	{ name: 'RUC with a query (path trick)', ...ruc('20131312955?moneda=USD', 'getRealTime'), says: 'holds characters other than digits' },
	{ name: 'RUC with a slash, live route', ...ruc('20131312955/', 'getCoactiveDebt'), says: 'holds characters other than digits' },
	// DNIs of every wrong shape, and path tricks
	{ name: 'DNI, 7 digits as text', ...dni('7289524'), says: 'DNI "7289524" has 7 digits instead of 8' },
	{ name: 'DNI, 9 digits', ...dni('072895241'), says: 'DNI "072895241" has 9 digits instead of 8' },
	{ name: 'DNI, a number of 9 digits', ...dni('={{ 123456789 }}'), says: 'DNI 123456789 is not a DNI' },
	{ name: 'DNI, letters', ...dni('0728952A'), says: 'holds characters other than digits' },
	{ name: 'DNI with its check character', ...dni('07289524-5'), says: 'holds characters other than digits' },
	{ name: 'DNI, empty from an expression', ...dni('={{ "" }}'), says: 'DNI "" is empty' },
	{ name: 'DNI, null from an expression', ...dni('={{ null }}'), says: 'is not a DNI' },
	{ name: 'DNI with ../ (path trick)', ...dni('../ruc/20131312955'), says: 'holds characters other than digits' },
	{ name: 'DNI with %2F (path trick)', ...dni('07289524%2F..'), says: 'holds characters other than digits' },
	{ name: 'DNI with a query (path trick)', ...dni('07289524?x=1'), says: 'holds characters other than digits' },
	// dates, ranges, currencies, rate sources
	{ name: 'source, unknown (by date)', ...rate({ operation: 'getByDate', date: '2025-03-03', source: '={{ "bcrp" }}' }), says: 'Source "bcrp" is not a rate source' },
	{ name: 'source, unknown (latest)', ...rate({ operation: 'getLatest', source: '={{ "sunat/../sbs" }}' }), says: 'Source "sunat/../sbs" is not a rate source' },
	{ name: 'source, empty', ...rate({ operation: 'getLatest', source: '={{ "" }}' }), says: 'Source "" is not a rate source' },
	{ name: 'SUNAT, date in the future', ...rate({ operation: 'getByDate', source: 'sunat', date: '2100-01-04' }), says: 'is in the future' },
	{ name: 'SUNAT, date before 2010', ...rate({ operation: 'getByDate', source: 'sunat', date: '2009-12-31' }), says: 'is before 2010-01-01' },
	{ name: 'date, impossible day', ...rate({ operation: 'getByDate', date: '2025-02-29' }), says: 'Date "2025-02-29" is not a real calendar date' },
	{ name: 'date, month 13', ...rate({ operation: 'getByDate', date: '2025-13-01' }), says: 'is not a real calendar date' },
	{ name: 'date, before 2010', ...rate({ operation: 'getByDate', date: '2009-06-30' }), says: 'is before 2010-01-01' },
	{ name: 'date, in the future', ...rate({ operation: 'getByDate', date: '2100-01-04' }), says: 'is in the future' },
	{ name: 'date, day-first format', ...rate({ operation: 'getByDate', date: '04/01/2025' }), says: 'is not a date in the form YYYY-MM-DD' },
	{ name: 'date, a word', ...rate({ operation: 'getByDate', date: 'today' }), says: 'is not a date in the form YYYY-MM-DD' },
	{ name: 'range, reversed', ...rate({ operation: 'getHistory', startDate: '2025-03-10', endDate: '2025-03-01' }), says: 'starts after it ends' },
	{ name: 'range, end in the future', ...rate({ operation: 'getHistory', startDate: '2025-03-10', endDate: '2099-01-01' }), says: 'End Date "2099-01-01" is in the future' },
	{ name: 'range, start before 2010', ...rate({ operation: 'getHistory', startDate: '2005-01-01', endDate: '2010-03-01' }), says: 'Start Date "2005-01-01" is before 2010-01-01' },
	{ name: 'currency GBP', ...rate({ operation: 'getLatest', currency: '={{ "GBP" }}' }), says: 'Currency "GBP" is not a supported currency' },
	{ name: 'currency empty', ...rate({ operation: 'getByDate', date: '2025-03-03', currency: '={{ "" }}' }), says: 'Currency "" is not a supported currency' },
	// numbers
	{ name: 'number, too short', ...text({ number: '12345' }), says: 'Number "12345" has 5 digits' },
	{ name: 'number, too long', ...text({ number: '5198765432112345' }), says: 'has 16 digits' },
	{ name: 'number, letters', ...text({ number: '51 98765 ABC' }), says: 'holds characters other than digits' },
	{ name: 'number, empty', ...text({ number: '={{ "" }}' }), says: 'is empty' },
	{ name: 'number, foreign address', ...text({ number: '51987654321@example.com' }), says: 'is not a WhatsApp address' },
	// n8n would swap a message naming a system error code (EPERM here) for "Operation not permitted...".
	{ name: 'number, a word holding an error code', ...text({ number: 'sleepermode' }), says: 'Number "sleepermode" holds characters other than digits' },
	{ name: 'number list, one bad entry', ...check('51987654321, 123'), says: 'has the entry "123"' },
	{ name: 'number list, empty', ...check('={{ " ; , " }}'), says: 'is empty: at least one number is required' },
	{ name: 'number list, array with an object', ...check('={{ ["51987654321", { "n": 1 }] }}'), says: 'has the entry {"n":1}' },
	// text and instance
	{ name: 'text, blank', ...text({ text: '={{ "   " }}' }), says: 'is empty: WhatsApp does not send empty messages' },
	{ name: 'instance, ../ (path trick)', ...text({ instanceName: instance('../instance/fetchInstances', 'name') }), says: 'cannot be part of a URL path' },
	{ name: 'instance, %2F (path trick)', ...text({ instanceName: instance('sales%2F..%2Fchat', 'name') }), says: 'cannot be part of a URL path' },
	{ name: 'instance, only dots', ...text({ instanceName: instance('..', 'name') }), says: 'cannot be part of a URL path' },
	{ name: 'instance, empty', ...text({ instanceName: instance('={{ "" }}', 'name') }), says: 'is empty: an instance name is required' },
	{ name: 'delay, negative', ...text({ options: { delay: -5 } }), says: 'is not a delay in milliseconds' },
	// media
	{ name: 'media URL, ftp', ...media({ mediaSource: 'url', mediaUrl: 'ftp://files.example.com/a.png' }), says: 'uses ftp, not http or https' },
	{ name: 'media URL, not a URL', ...media({ mediaSource: 'url', mediaUrl: 'logo.png' }), says: 'is not a URL' },
	{ name: 'media URL, file scheme', ...media({ mediaSource: 'url', mediaUrl: 'file:///etc/passwd' }), says: 'uses file, not http or https' },
	{ name: 'base64, bad characters', ...media({ mediaSource: 'base64', mediaBase64: 'iVBOR*w0KGgo=' }), says: 'is not valid base64' },
	{ name: 'base64, cut off', ...media({ mediaSource: 'base64', mediaBase64: 'iVBORw0KG' }), says: 'is not valid base64 (its length is wrong' },
	{ name: 'base64, over 15 MB', ...media({ mediaSource: 'base64', mediaBase64: 'A'.repeat(Math.ceil(((MAX_MEDIA_BYTES + 3) * 4) / 3 / 4) * 4) }), says: 'over the 15.00 MB' },
	{ name: 'media type, unknown', ...media({ mediaType: '={{ "sticker" }}', mediaSource: 'url', mediaUrl: 'https://files.example.com/a.png' }), says: 'is not a media type' },
	{
		name: 'binary, missing property',
		...media({ mediaSource: 'binary', binaryPropertyName: 'attachment' }),
		items: [{ json: {}, binary: { data: memoryBinary(PNG, 'image/png', 'logo.png') } }],
		says: 'Input Binary Field "attachment" is not a file of this item (it has "data")',
	},
	{ name: 'binary, item without files', ...media({ mediaSource: 'binary' }), says: 'is not there: this item has no files' },
	{
		name: "binary, over WhatsApp's 16 MB for an image",
		...media({ mediaSource: 'binary' }),
		items: [{ json: {}, binary: { data: memoryBinary(Buffer.alloc(UPLOAD_LIMITS.image + 1), 'image/png', 'huge.png') } }],
		says: 'File "huge.png" is 16.00 MB (16,777,217 bytes), over the 16.00 MB',
	},
	// locations, polls, contacts, reactions, message keys, groups
	{ name: 'latitude, over 90', ...location({ latitude: 90.5 }), says: 'Latitude 90.5 is not a number of degrees from -90 to 90' },
	{ name: 'longitude, under -180', ...location({ longitude: -181 }), says: 'Longitude -181 is not a number of degrees from -180 to 180' },
	{ name: 'coordinates, a word', ...location({ latitude: '={{ "Lima" }}' }), says: 'Latitude "Lima" is not a number of degrees' },
	{ name: 'coordinates, both 0 (not filled in)', ...location({ latitude: 0, longitude: 0 }), says: 'are both 0, a point in the ocean' },
	{ name: 'poll, one option', ...poll({ pollOptions: 'Lunes' }), says: 'has 1 option; a poll needs at least 2' },
	{ name: 'poll, duplicate options', ...poll({ pollOptions: 'Lunes\nlunes ' }), says: 'has the option "lunes" twice' },
	{ name: 'poll, 11 options', ...poll({ pollOptions: '={{ Array.from({ length: 11 }, (_, i) => "Opción " + i) }}' }), says: 'has 11 options; Evolution API takes at most 10' },
	{ name: 'poll, more choices than options', ...poll({ selectableCount: 3 }), says: "Choices per Person 3 is more than the poll's 2 options" },
	{ name: 'contacts, empty list', ...contacts([]), says: 'Contacts [] is empty: at least one contact is required' },
	{ name: 'contact, short number', ...contacts([{ fullName: 'Ana', phoneNumber: '98765432' }]), says: 'a contact card needs a number of 10 to 15 digits' },
	{ name: 'reaction, a word', ...reaction({ reaction: 'like' }), says: 'Reaction "like" is not a single emoji' },
	{ name: 'message key, empty ID', ...reaction({ messageId: '={{ "" }}' }), says: 'has the message ID "", which is empty' },
	{ name: 'message key, ID with a slash', ...reaction({ messageId: '3EB0/../x' }), says: 'has the message ID "3EB0/../x", which is not a message ID' },
	{ name: 'message key, chat not an address', ...reaction({ chat: 'Ana Torres' }), says: 'has the chat "Ana Torres", which holds characters other than digits' },
	{ name: 'message key, From Me not a boolean', ...reaction({ fromMe: '={{ "si" }}' }), says: 'has From Me "si", which is not true or false' },
	{ name: 'mark as read, no messages', ...read([]), says: 'Messages [] is empty' },
	{ name: 'mark as read, an @lid chat', ...read([{ chat: '123456789012345@lid', messageId: 'AAAA1111' }]), says: 'an @lid address, which Evolution API skips' },
	{ name: 'download, ID with spaces', ...messaging('chat', 'downloadMedia', { messageId: 'a b c d' }), says: 'Message ID "a b c d" is not a message ID' },
	{ name: 'presence, negative duration', ...messaging('chat', 'sendPresence', { number: '51987654321', presence: 'composing', duration: -1 }), says: 'Duration (Ms) -1 is not a delay' },
	{ name: 'group, a person\'s address', ...messaging('group', 'get', { groupJid: { __rl: true, mode: 'id', value: '51987654321@s.whatsapp.net' } }), says: 'is not a group address' },
	{ name: 'group, path trick', ...messaging('group', 'get', { groupJid: { __rl: true, mode: 'id', value: '1203630&getParticipants=true' } }), says: 'is not a group address' },
	{
		name: 'recipient (1.1), group mode with a person',
		...messaging('message', 'sendText', { number: { __rl: true, mode: 'list', value: '51987654321@s.whatsapp.net' }, text: 'Hola' }, 1.1),
		says: 'Recipient "51987654321@s.whatsapp.net" is not a group',
	},
	{ name: 'recipient (1.1), empty', ...messaging('message', 'sendText', { number: { __rl: true, mode: 'number', value: '={{ "" }}' }, text: 'Hola' }, 1.1), says: 'Recipient "" is empty' },
	{ name: 'file name with a folder', ...media({ mediaType: 'document', mediaSource: 'url', mediaUrl: 'https://files.example.com/a.pdf', options: { fileName: '../secret.pdf' } }), says: 'is not a plain file name' },
];

describe('bad input is refused before any request', () => {
	it('covers at least 40 cases', () => {
		expect(cases.length).toBeGreaterThanOrEqual(40);
	});

	it.each(cases)('$name', async ({ node, parameters, typeVersion, items, says }) => {
		const result = await runNode({
			type: node,
			typeVersion,
			parameters: parameters as never,
			items,
			credentials:
				node === 'taxpayerLookup'
					? { taxpayerLookupApi: { baseUrl: lookup.url, accessToken: VALID_TOKEN } }
					: { messagingApi: { serverUrl: evolution.fake.url, apiKey: evolution.fake.apiKey } },
		});
		expect(result.error?.message).toContain(says);
		expect(result.error?.message).toMatch(/^[A-Z].*Nothing was sent\. \[item 0\]$/);
		expect(result.error?.description).toBeTruthy();
		expect(lookup.requests).toEqual([]);
		expect(evolution.fake.requests).toEqual([]);
	});
});

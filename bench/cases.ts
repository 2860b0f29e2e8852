// The three ways of making the same N GETs that the bench compares: (a) this package's Taxpayer
// Lookup node, (b) n8n's HTTP Request node as a user would set it up for the same API, (c) a plain
// `fetch` loop with the engine's concurrency, the physical floor. Each returns its output items.
// Also Taxpayer → Validate over a sheet's rows, which sends nothing: its own section of the bench.
import { get } from 'node:http';

import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { DEFAULT_API_KEY } from '../fakes/evolution';
import { TAXPAYERS, VALID_TOKEN, fakeRucIsValid } from '../fakes/lookup';
import { MESSAGING_WIDE } from './nodeSource';
import { HTTP_REQUEST, PROGRAMMATIC_LOOKUP, loadHttpRequestNode, runWorkflow } from './workflow';

export type Implementation =
	| 'ours'
	| 'oursWide'
	| 'oursProgrammatic'
	| 'httpRequest'
	| 'fetch'
	| 'nodeHttp'
	| 'validate'
	| 'sendText'
	| 'sendTextWide'
	| 'sendMediaUrl';

const RUCS = Object.keys(TAXPAYERS);

/** N input items, each with a known RUC (the fake answers 200 for all of them). */
export function inputItems(n: number): INodeExecutionData[] {
	return Array.from({ length: n }, (_, i) => ({ json: { ruc: RUCS[i % RUCS.length], row: i } }));
}

/** The headers the Taxpayer Lookup credential and request defaults send; the others send the same. */
export const HEADERS = { Authorization: `Bearer ${VALID_TOKEN}`, Accept: 'application/json' };

export async function runOurs(
	baseUrl: string,
	items: INodeExecutionData[],
	type = 'n8n-nodes-taxpayer-messaging.taxpayerLookup',
	options: INodeParameters = {},
) {
	const { items: output } = await runWorkflow({
		type,
		typeVersion: 1,
		parameters: { resource: 'taxpayer', operation: 'get', ruc: '={{ $json.ruc }}', options },
		credentials: { taxpayerLookupApi: { baseUrl, accessToken: VALID_TOKEN } },
		items,
	});
	return output;
}

/** HTTP Request at the version the editor adds today, no credential, the two headers as parameters. */
export async function runHttpRequest(baseUrl: string, items: INodeExecutionData[]) {
	const typeVersion = loadHttpRequestNode().description.defaultVersion as number;
	const { items: output } = await runWorkflow({
		type: HTTP_REQUEST,
		typeVersion,
		parameters: {
			method: 'GET',
			url: `=${baseUrl}/api/v2/ruc/{{ $json.ruc }}`,
			authentication: 'none',
			sendHeaders: true,
			headerParameters: {
				parameters: Object.entries(HEADERS).map(([name, value]) => ({ name, value })),
			},
			options: {},
		},
		items,
	});
	return output;
}

/**
 * The floor: the same GETs and headers with Node's fetch, all items' requests started at once (as
 * both nodes do: RoutingNode and HTTP Request v3/v4 start every item's request before awaiting any),
 * bodies parsed as JSON and wrapped as items.
 */
export async function runFetch(baseUrl: string, items: INodeExecutionData[]) {
	return await Promise.all(
		items.map(async (item, index): Promise<INodeExecutionData> => {
			const response = await fetch(`${baseUrl}/api/v2/ruc/${String(item.json.ruc)}`, { headers: HEADERS });
			if (!response.ok) throw new Error(`item ${index}: HTTP ${response.status}`);
			const { success: _success, ...record } = (await response.json()) as INodeExecutionData['json'];
			return { json: record, pairedItem: { item: index } };
		}),
	);
}

/**
 * The same floor with node:http (the client n8n's axios sits on) and its default agent: undici's
 * fetch picks a free connection by scanning its pool, which grows costly with thousands in flight.
 */
export async function runNodeHttp(baseUrl: string, items: INodeExecutionData[]) {
	return await Promise.all(
		items.map(
			async (item, index) =>
				await new Promise<INodeExecutionData>((resolve, reject) => {
					get(`${baseUrl}/api/v2/ruc/${String(item.json.ruc)}`, { headers: HEADERS }, (response) => {
						const chunks: Buffer[] = [];
						response.on('data', (chunk: Buffer) => chunks.push(chunk));
						response.on('end', () => {
							if (response.statusCode !== 200) return reject(new Error(`item ${index}: HTTP ${response.statusCode}`));
							const { success: _success, ...record } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as INodeExecutionData['json'];
							resolve({ json: record, pairedItem: { item: index } });
						});
						response.on('error', reject);
					}).on('error', reject);
				}),
		),
	);
}

// ------------------------------------------------------------ Validate: a sheet's rows

/** A valid RUC: the prefix, 8 digits, and the one check digit the fake's own check accepts (not the node's, so a shared mistake cannot hide). */
function validRuc(prefix: string, eightDigits: number): string {
	const firstTen = `${prefix}${String(eightDigits % 10 ** 8).padStart(8, '0')}`;
	for (let digit = 0; digit <= 9; digit++) if (fakeRucIsValid(`${firstTen}${digit}`)) return `${firstTen}${digit}`;
	throw new Error(`no check digit makes ${firstTen} a RUC`);
}

/** One kind of cell a RUC column of a supplier sheet holds (named to read after its count), how many of every 20 rows, and what Validate must say of it. */
export interface CellKind {
	kind: string;
	per20: number;
	valid: boolean;
	cell(row: number): string | number;
}

/** Mostly good RUCs, as a supplier sheet is, with the mistakes people make typing or pasting one. */
export const CELL_KINDS: CellKind[] = [
	{ kind: 'company RUCs (20) as text', per20: 5, valid: true, cell: (row) => validRuc('20', 10_000_000 + row) },
	// Google Sheets hands a column of digits over as numbers.
	{ kind: 'company RUC (20) as a number', per20: 1, valid: true, cell: (row) => Number(validRuc('20', 40_000_000 + row)) },
	{ kind: 'person RUCs (10)', per20: 3, valid: true, cell: (row) => validRuc('10', 7_000_000 + row * 3) },
	{ kind: 'RUC of a person without a DNI (15)', per20: 1, valid: true, cell: (row) => validRuc('15', 1_000_000 + row) },
	{ kind: 'RUC of a person without a DNI (16)', per20: 1, valid: true, cell: (row) => validRuc('16', 2_000_000 + row) },
	{ kind: 'RUC of a person without a DNI (17)', per20: 1, valid: true, cell: (row) => validRuc('17', 3_000_000 + row) },
	{ kind: 'DNIs as 8 digits of text', per20: 2, valid: true, cell: (row) => String(1_000_000 + ((row * 7_919) % 79_000_000)).padStart(8, '0') },
	// Numbers of fewer than 8 digits are DNIs whose leading zeros the sheet dropped.
	{ kind: 'DNIs as numbers (those under 8 digits lost their leading zeros)', per20: 2, valid: true, cell: (row) => 1_000_000 + ((row * 104_729) % 98_999_999) },
	{
		kind: 'RUCs with a mistyped check digit',
		per20: 2,
		valid: false,
		cell: (row) => {
			const ruc = validRuc('20', 50_000_000 + row);
			return `${ruc.slice(0, 10)}${(Number(ruc[10]) + 1) % 10}`;
		},
	},
	{ kind: 'value of 10 digits (one left out)', per20: 1, valid: false, cell: (row) => validRuc('20', 60_000_000 + row).slice(0, 10) },
	{ kind: 'empty cell', per20: 1, valid: false, cell: () => '' },
];

/** The kinds spread over every 20 rows (7 steps through 20 visit each place once), not in blocks. */
const KIND_OF_PLACE: CellKind[] = (() => {
	const listed = CELL_KINDS.flatMap((kind) => Array.from({ length: kind.per20 }, () => kind));
	if (listed.length !== 20) throw new Error(`CELL_KINDS fill ${listed.length} of every 20 rows`);
	return listed.map((_, place) => listed[(place * 7) % 20]);
})();

export const kindOfRow = (row: number): CellKind => KIND_OF_PLACE[row % 20];

/** N rows of a supplier sheet with a few columns, the RUC column (`ruc`) a realistic mix (CELL_KINDS). */
export function sheetRows(n: number): INodeExecutionData[] {
	return Array.from({ length: n }, (_, row) => ({
		json: {
			row: row + 2,
			supplier: `Proveedor ${row + 1} S.A.C.`,
			ruc: kindOfRow(row).cell(row),
			invoice: `F001-${String(row + 1).padStart(8, '0')}`,
			amount: Math.round(((row * 7_331) % 500_000) + 1_000) / 100,
		},
	}));
}

/** Taxpayer → Validate over the sheet's `ruc` column, keeping each row's columns (Include Input Fields). */
export async function runValidate(baseUrl: string, items: INodeExecutionData[]) {
	const { items: output } = await runWorkflow({
		type: 'n8n-nodes-taxpayer-messaging.taxpayerLookup',
		typeVersion: 1,
		parameters: { resource: 'taxpayer', operation: 'validate', rucOrDni: '={{ $json.ruc }}', options: { includeInputFields: true } },
		// Validate needs none, but with one pointing at the fake, a request the node made by mistake
		// would arrive there and be counted; without one it could go unseen.
		credentials: { taxpayerLookupApi: { baseUrl, accessToken: VALID_TOKEN } },
		items,
	});
	return output;
}

// ------------------------------------------------------------ Messaging: Send Text

/** N messages, each item's text its own (`Aviso 0`, `Aviso 1`...). */
export const messageItems = (n: number): INodeExecutionData[] => Array.from({ length: n }, (_, row) => ({ json: { text: `Aviso ${row}`, row } }));

/** The number every Send Text of the bench goes to (one chat: the fake records its messages in order). */
export const SEND_TEXT_NUMBER = '51987654321';

/**
 * Messaging → Send Text (version 1.1: instance from the list, recipient a number, the text from the
 * item) against the Evolution fake at `baseUrl` with its default key. Through one instance, sends go
 * one at a time in item order.
 */
export async function runSendText(baseUrl: string, items: INodeExecutionData[], type = 'n8n-nodes-taxpayer-messaging.messaging') {
	const { items: output } = await runWorkflow({
		type,
		typeVersion: 1.1,
		parameters: {
			resource: 'message',
			operation: 'sendText',
			instanceName: { __rl: true, mode: 'list', value: 'sales' },
			number: { __rl: true, mode: 'number', value: SEND_TEXT_NUMBER },
			text: '={{ $json.text }}',
		},
		credentials: { messagingApi: { serverUrl: baseUrl, apiKey: DEFAULT_API_KEY } },
		items,
	});
	return output;
}

/** N images by link, each item's its own (`https://media.example.com/avisos/0.png`...): the Evolution fake never fetches a link. */
export const mediaUrlItems = (n: number): INodeExecutionData[] =>
	Array.from({ length: n }, (_, row) => ({ json: { url: `https://media.example.com/avisos/${row}.png`, row } }));

/**
 * Messaging → Send Media with Media Source URL (an image, the link from the item), to the same
 * chat as Send Text. The parameters are those of Send Media before issue 38 too (Media Type,
 * Media Source, Media URL), so both checkouts of the before/after comparison run the same
 * workflow. The fake answers a link with a stand-in file and fetches nothing.
 */
export async function runSendMediaUrl(baseUrl: string, items: INodeExecutionData[]) {
	const { items: output } = await runWorkflow({
		type: 'n8n-nodes-taxpayer-messaging.messaging',
		typeVersion: 1.1,
		parameters: {
			resource: 'message',
			operation: 'sendMedia',
			instanceName: { __rl: true, mode: 'list', value: 'sales' },
			number: { __rl: true, mode: 'number', value: SEND_TEXT_NUMBER },
			mediaType: 'image',
			mediaSource: 'url',
			mediaUrl: '={{ $json.url }}',
		},
		credentials: { messagingApi: { serverUrl: baseUrl, apiKey: DEFAULT_API_KEY } },
		items,
	});
	return output;
}

export const implementations: Record<Implementation, (baseUrl: string, items: INodeExecutionData[]) => Promise<INodeExecutionData[]>> = {
	ours: async (baseUrl, items) => await runOurs(baseUrl, items),
	// The same node with its cap raised to the most it allows: what the cap of 5 costs.
	oursWide: async (baseUrl, items) => await runOurs(baseUrl, items, undefined, { maxConcurrentRequests: 50 }),
	oursProgrammatic: async (baseUrl, items) => await runOurs(baseUrl, items, PROGRAMMATIC_LOOKUP),
	httpRequest: runHttpRequest,
	fetch: runFetch,
	nodeHttp: runNodeHttp,
	validate: runValidate,
	sendText: async (baseUrl, items) => await runSendText(baseUrl, items),
	// Messaging with BENCH_MESSAGING_WIDTH times its operations (bench/nodeSource.ts), Send Text unchanged.
	sendTextWide: async (baseUrl, items) => await runSendText(baseUrl, items, MESSAGING_WIDE),
	sendMediaUrl: runSendMediaUrl,
};

/** What each implementation is timed on: the lookups a list of known RUCs, Validate a sheet's rows. */
export const inputsOf = (implementation: Implementation): ((n: number) => INodeExecutionData[]) =>
	implementation === 'validate'
		? sheetRows
		: implementation === 'sendMediaUrl'
			? mediaUrlItems
			: implementation.startsWith('sendText')
				? messageItems
				: inputItems;

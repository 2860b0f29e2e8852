// The Messaging node's own operations that need no WhatsApp connection, run through n8n's real
// engine (engine.ts: WorkflowExecute, RoutingNode, n8n's HTTP client) against an Evolution server:
// the real one (scripts/realevo/record.mjs, which records what they produced into
// test/fixtures/evolution-real/<release>/items.json) or the fake playing that release
// (test/nodes/Messaging/realServerItems.test.ts, which holds the fake to the recording).
//
// Each operation runs alone (one input item, no Continue On Fail), in the list order, after the raw
// requests of requests.json. Between the engine and the server a recording proxy keeps every HTTP
// exchange (method, path, the request's body or multipart fields, status, answer), so that a
// recording also shows what the server answered the node, byte for byte (Send Media, Send Audio and
// Send Video Note from a binary file: the streamed multipart upload).
//
// No masking here (plain TypeScript for the engine; the masking is realEvolution.mjs's, ESM):
// callers mask the results with its `mask`.
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject } from 'n8n-workflow';

import { memoryBinary } from './binary';
import { runNode } from './engine';

/** The instance the operations create, use and delete (none of requests.json's). */
export const ITEMS_INSTANCE = 'realevo-n';
/** A second instance, whose token (its create's `hash`) is refused on the first. */
export const ITEMS_OTHER = 'realevo-o';

const rl = (value: string, mode: 'list' | 'name' = 'name') => ({ __rl: true, mode, value });

/** A PDF, a PNG, an Ogg and an MP4 header: what the uploads send (Evolution never decodes them without WhatsApp). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const OGG = Buffer.from('4f67675300020000000000000000', 'hex');
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2')]);

export interface ItemsOperation {
	name: string;
	parameters: Record<string, unknown>;
	/** Default 1. */
	typeVersion?: number;
	/** The credential's key: the server's (default), one it does not know, or the other instance's token. */
	key?: 'global' | 'wrong' | 'other-token';
	/** Keep the first item's `hash` as the other instance's token. */
	captureToken?: true;
	/** The input item's binary file (the uploads). */
	file?: 'pdf' | 'ogg' | 'mp4';
	/** The input item's JSON. */
	json?: Record<string, unknown>;
	/**
	 * Not the node: a multipart upload the script sends itself with the server's key (the contrast of
	 * issue 38: what a malformed upload is answered). Fields as given, plus the `file` part.
	 */
	upload?: { path: string; fields: Record<string, string> };
	/** Wait until the instances are gone (deletions are asynchronous in Evolution). */
	waitGone?: string[];
}

const N = ITEMS_INSTANCE;
const on = (extra: Record<string, unknown>) => ({ instanceName: rl(N), ...extra });

/** The operations, in order. Names are stable: the recording and the test pair them by index and name. */
export const ITEMS_OPERATIONS: ItemsOperation[] = [
	// After requests.json, whose last requests delete its two instances (asynchronously in Evolution).
	{ name: 'server getServerInfo', waitGone: ['realevo-a', 'realevo-b'], parameters: { resource: 'server', operation: 'getServerInfo' } },
	{ name: 'server getServerInfo with a wrong key', key: 'wrong', parameters: { resource: 'server', operation: 'getServerInfo' } },
	{ name: 'instance create', parameters: { resource: 'instance', operation: 'create', newInstanceName: N, qrcode: false, options: { rejectCall: true, msgCall: 'Solo mensajes', groupsIgnore: true } } },
	{ name: 'instance create the other', captureToken: true, parameters: { resource: 'instance', operation: 'create', newInstanceName: ITEMS_OTHER, qrcode: false } },
	{ name: 'instance create again (duplicate name)', parameters: { resource: 'instance', operation: 'create', newInstanceName: N, qrcode: false } },
	{ name: 'instance create with a wrong key', key: 'wrong', parameters: { resource: 'instance', operation: 'create', newInstanceName: 'realevo-w' } },
	{ name: 'instance getMany', parameters: { resource: 'instance', operation: 'getMany', returnAll: true } },
	{ name: 'instance getMany simplified', parameters: { resource: 'instance', operation: 'getMany', returnAll: true, simplify: true } },
	{ name: 'instance getMany with an instance token', key: 'other-token', parameters: { resource: 'instance', operation: 'getMany', returnAll: true } },
	{ name: 'instance getMany with a wrong key', key: 'wrong', parameters: { resource: 'instance', operation: 'getMany', returnAll: true } },
	{ name: 'instance getConnectionState', parameters: { resource: 'instance', operation: 'getConnectionState', ...on({}) } },
	{ name: 'instance getConnectionState of an unknown instance', parameters: { resource: 'instance', operation: 'getConnectionState', instanceName: rl('realevo-missing') } },
	{ name: 'instance getConnectionState with another instance token', key: 'other-token', parameters: { resource: 'instance', operation: 'getConnectionState', ...on({}) } },
	{ name: 'instance connect (offline: no QR code)', parameters: { resource: 'instance', operation: 'connect', instanceName: rl(ITEMS_OTHER) } },
	{ name: 'instance getConnectionState after connect', parameters: { resource: 'instance', operation: 'getConnectionState', instanceName: rl(ITEMS_OTHER) } },
	{ name: 'settings get', parameters: { resource: 'settings', operation: 'get', ...on({}) } },
	{
		name: 'settings update',
		parameters: { resource: 'settings', operation: 'update', ...on({ settings: { rejectCall: false, groupsIgnore: false, alwaysOnline: true, readMessages: true, readStatus: false, syncFullHistory: false } }) },
	},
	{ name: 'settings get after update', parameters: { resource: 'settings', operation: 'get', ...on({}) } },
	{ name: 'settings get of an unknown instance', parameters: { resource: 'settings', operation: 'get', instanceName: rl('realevo-missing') } },
	...['webhook', 'websocket', 'rabbitmq', 'sqs', 'nats', 'pusher', 'kafka'].flatMap((transport): ItemsOperation[] => [
		{ name: `integration getEventTransport ${transport} (none)`, parameters: { resource: 'integration', operation: 'getEventTransport', ...on({ transport }) } },
		{
			name: `integration setEventTransport ${transport}`,
			parameters: {
				resource: 'integration',
				operation: 'setEventTransport',
				...on({ transport, enabled: true, events: ['MESSAGES_UPSERT', 'CONNECTION_UPDATE'] }),
				...(transport === 'webhook' ? { transportSettings: { url: 'https://hooks.example.com/evolution', byEvents: false, base64: true } } : {}),
			},
		},
		{ name: `integration getEventTransport ${transport}`, parameters: { resource: 'integration', operation: 'getEventTransport', ...on({ transport }) } },
	]),
	{ name: 'integration getProxy (none)', parameters: { resource: 'integration', operation: 'getProxy', ...on({}) } },
	{
		name: 'integration setProxy',
		parameters: { resource: 'integration', operation: 'setProxy', ...on({ enabled: true, proxyUrl: 'http://proxy.example.com:3128', proxyUsername: 'ventas', proxyPassword: 'pr0xy-pass' }) },
	},
	{ name: 'integration getProxy', parameters: { resource: 'integration', operation: 'getProxy', ...on({}) } },
	{ name: 'integration setProxy off', parameters: { resource: 'integration', operation: 'setProxy', ...on({ enabled: false }) } },
	{ name: 'integration getChatwoot (none)', parameters: { resource: 'integration', operation: 'getChatwoot', ...on({}) } },
	{
		name: 'integration setChatwoot',
		parameters: { resource: 'integration', operation: 'setChatwoot', ...on({ enabled: true, chatwootSettings: { url: 'https://chatwoot.example.com/', accountId: '7', token: 'cw-token-123' } }) },
	},
	{
		name: 'integration setChatwoot with the URL only (the stored account kept)',
		parameters: { resource: 'integration', operation: 'setChatwoot', ...on({ enabled: true, chatwootSettings: { url: 'https://chatwoot.example.com/' } }) },
	},
	{ name: 'integration getChatwoot', parameters: { resource: 'integration', operation: 'getChatwoot', ...on({}) } },
	...['typebot', 'evolutionBot', 'dify', 'flowise', 'n8n', 'evoai', 'openai'].flatMap((bot): ItemsOperation[] => [
		{ name: `integration getChatbotSessions ${bot}`, parameters: { resource: 'integration', operation: 'getChatbotSessions', ...on({ bot }) } },
		{
			name: `integration changeChatbotSessionStatus ${bot}`,
			parameters: { resource: 'integration', operation: 'changeChatbotSessionStatus', ...on({ bot, chat: '+51 987 654 321', sessionStatus: 'paused' }) },
		},
	]),
	{
		name: 'integration startTypebot',
		parameters: { resource: 'integration', operation: 'startTypebot', ...on({ chat: '+51 987 654 321', typebotUrl: 'https://typebot.example.com', typebotPublicId: 'realevo-bot' }) },
	},
	{ name: 'chat findChats (fresh)', parameters: { resource: 'chat', operation: 'findChats', ...on({}) } },
	{ name: 'chat findContacts (fresh)', parameters: { resource: 'chat', operation: 'findContacts', ...on({}) } },
	{ name: 'chat findMessages (fresh)', parameters: { resource: 'chat', operation: 'findMessages', ...on({ returnAll: true }) } },
	{ name: 'chat findStatusMessages (fresh)', parameters: { resource: 'chat', operation: 'findStatusMessages', ...on({}) } },
	{ name: 'label getMany', typeVersion: 1.1, parameters: { resource: 'label', operation: 'getMany', ...on({}) } },
	// The uploads (issue 38): the node streams the file as multipart to an instance with no WhatsApp connection.
	{
		name: 'message sendMedia from a binary file',
		file: 'pdf',
		parameters: { resource: 'message', operation: 'sendMedia', ...on({ number: '+51 987 654 321', mediaType: 'document', mediaSource: 'binary' }) },
	},
	{
		name: 'message sendAudio from a binary file',
		file: 'ogg',
		parameters: { resource: 'message', operation: 'sendAudio', ...on({ number: '51987654321', mediaSource: 'binary' }) },
	},
	{
		name: 'message sendVideoNote from a binary file',
		file: 'mp4',
		parameters: { resource: 'message', operation: 'sendVideoNote', ...on({ number: '+51 987 654 321', mediaSource: 'binary' }) },
	},
	{
		name: 'message sendMedia from a binary file to an unknown instance',
		file: 'pdf',
		parameters: { resource: 'message', operation: 'sendMedia', instanceName: rl('realevo-missing'), number: '51987654321', mediaType: 'document', mediaSource: 'binary' },
	},
	// For contrast, malformed uploads the node never sends (it checks the number and the type first).
	{ name: 'upload sendMedia without number (not the node)', file: 'pdf', upload: { path: `/message/sendMedia/${N}`, fields: { mediatype: 'document', mimetype: 'application/pdf', fileName: 'Factura F001-23.pdf' } }, parameters: {} },
	{ name: 'upload sendMedia with an unknown mediatype (not the node)', file: 'pdf', upload: { path: `/message/sendMedia/${N}`, fields: { number: '51987654321', mediatype: 'pdf' } }, parameters: {} },
	{ name: 'upload sendWhatsAppAudio without number (not the node)', file: 'ogg', upload: { path: `/message/sendWhatsAppAudio/${N}`, fields: {} }, parameters: {} },
	{ name: 'upload sendPtv without number (not the node)', file: 'mp4', upload: { path: `/message/sendPtv/${N}`, fields: {} }, parameters: {} },
	{ name: 'instance logout (closed)', parameters: { resource: 'instance', operation: 'logout', ...on({}) } },
	{ name: 'instance delete with another instance token', key: 'other-token', parameters: { resource: 'instance', operation: 'delete', ...on({}) } },
	{ name: 'instance delete', parameters: { resource: 'instance', operation: 'delete', ...on({}) } },
	{ name: 'instance delete the other', parameters: { resource: 'instance', operation: 'delete', instanceName: rl(ITEMS_OTHER) } },
	{ name: 'instance delete of an unknown instance', waitGone: [N, ITEMS_OTHER], parameters: { resource: 'instance', operation: 'delete', instanceName: rl(N) } },
];

/** One HTTP exchange between the engine and the server, unmasked. */
export interface Exchange {
	method: string;
	path: string;
	/** The request's JSON body, or for a multipart upload its parts: name → value (a file part: `<file name, type, bytes>`). */
	sent?: unknown;
	multipart?: boolean;
	status: number;
	/** The answer, parsed when JSON. */
	body?: unknown;
}

/** What one operation produced, unmasked. */
export interface ItemsResult {
	name: string;
	parameters: Record<string, unknown>;
	/** The output items' JSON (and a binary's file name and type), when the node succeeded. */
	items?: Array<{ json: unknown; binary?: Record<string, { fileName?: string; mimeType: string }> }>;
	/** The error that stopped the run. */
	error?: { message: string; description: string; httpCode?: string };
	exchanges: Exchange[];
}

function parseBody(text: string): unknown {
	if (text === '') return undefined;
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

/** A multipart body's parts: fields by name, files as `<file name, type, N bytes>`. */
function multipartParts(contentType: string, raw: Buffer): Record<string, string> {
	const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
	if (!boundary) return {};
	const parts: Record<string, string> = {};
	const text = raw.toString('latin1');
	for (const chunk of text.split(`--${boundary[1] ?? boundary[2]}`)) {
		const split = chunk.indexOf('\r\n\r\n');
		if (split < 0) continue;
		const head = chunk.slice(0, split);
		const value = chunk.slice(split + 4).replace(/\r\n$/, '');
		const name = /name="([^"]*)"/.exec(head)?.[1];
		if (name === undefined) continue;
		const fileName = /filename="([^"]*)"/.exec(head)?.[1];
		const type = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1];
		parts[name] = fileName === undefined ? Buffer.from(value, 'latin1').toString('utf8') : `<file ${fileName}, ${type ?? 'no type'}, ${Buffer.byteLength(value, 'latin1')} bytes>`;
	}
	return parts;
}

async function readAll(stream: IncomingMessage): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of stream) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks);
}

/** A proxy to `target` that keeps every exchange in `log`. */
async function recordingProxy(target: string, log: Exchange[]) {
	const to = new URL(target);
	const server = createServer((incoming, outgoing) => {
		void (async () => {
			const raw = await readAll(incoming);
			const contentType = String(incoming.headers['content-type'] ?? '');
			const multipart = contentType.startsWith('multipart/');
			const headers = { ...incoming.headers, host: to.host };
			const forward = httpRequest({ hostname: to.hostname, port: to.port, method: incoming.method, path: incoming.url, headers }, (answer) => {
				void (async () => {
					const body = await readAll(answer);
					log.push({
						method: String(incoming.method),
						path: String(incoming.url),
						...(raw.length > 0 ? { sent: multipart ? multipartParts(contentType, raw) : parseBody(raw.toString('utf8')) } : {}),
						...(multipart ? { multipart: true } : {}),
						status: answer.statusCode ?? 0,
						...(body.length > 0 ? { body: parseBody(body.toString('utf8')) } : {}),
					});
					outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
					outgoing.end(body);
				})();
			});
			forward.on('error', (error) => {
				log.push({ method: String(incoming.method), path: String(incoming.url), status: 0, body: `proxy: ${error.message}` });
				outgoing.writeHead(502).end();
			});
			forward.end(raw);
		})();
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Polls fetchInstances until none of `names` is listed (Evolution deletes asynchronously), at most 30 s. */
export async function waitGone(url: string, apiKey: string, names: string[]): Promise<void> {
	for (let attempt = 0; attempt < 150; attempt++) {
		const answer = await fetch(`${url}/instance/fetchInstances`, { headers: { apikey: apiKey } });
		const rows = (await answer.json()) as Array<{ name?: string }>;
		if (!Array.isArray(rows) || !rows.some((row) => names.includes(String(row.name)))) return;
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	throw new Error(`instances ${names.join(', ')} still listed after 30 s`);
}

const FILES = {
	pdf: () => memoryBinary(PDF, 'application/pdf', 'Factura F001-23.pdf'),
	ogg: () => memoryBinary(OGG, 'audio/ogg', 'hola.ogg'),
	mp4: () => memoryBinary(MP4, 'video/mp4', 'saludo.mp4'),
};

/**
 * Runs the operations in order against the server at `url` (through a recording proxy), with
 * `apiKey` as the credential's key; `wrongKey` is one the server does not know.
 */
export async function runItemsOperations(options: { url: string; apiKey: string; wrongKey: string; operations?: ItemsOperation[] }): Promise<ItemsResult[]> {
	const log: Exchange[] = [];
	// The proxy, so that the uploads' exchanges are recorded too.
	const proxy = await recordingProxy(options.url, log);
	const results: ItemsResult[] = [];
	let otherToken = 'no-token-captured';
	try {
		for (const operation of options.operations ?? ITEMS_OPERATIONS) {
			if (operation.waitGone) await waitGone(options.url, options.apiKey, operation.waitGone);
			log.length = 0;
			if (operation.upload) {
				const form = new FormData();
				for (const [name, value] of Object.entries(operation.upload.fields)) form.append(name, value);
				const file = FILES[operation.file ?? 'pdf']();
				form.append('file', new Blob([Buffer.from(file.data, 'base64')], { type: file.mimeType }), file.fileName);
				await fetch(`${proxy.url}${operation.upload.path}`, { method: 'POST', headers: { apikey: options.apiKey }, body: form });
				results.push({ name: operation.name, parameters: { upload: operation.upload }, exchanges: [...log] });
				continue;
			}
			const apiKey = operation.key === 'wrong' ? options.wrongKey : operation.key === 'other-token' ? otherToken : options.apiKey;
			const run = await runNode({
				type: 'messaging',
				typeVersion: operation.typeVersion ?? 1,
				parameters: operation.parameters as Parameters<typeof runNode>[0]['parameters'],
				items: [{ json: (operation.json ?? {}) as IDataObject, ...(operation.file ? { binary: { data: FILES[operation.file]() } } : {}) }],
				credentials: { messagingApi: { serverUrl: proxy.url, apiKey } },
			});
			const result: ItemsResult = { name: operation.name, parameters: operation.parameters, exchanges: [...log] };
			if (run.error) {
				const error = run.error as { message?: string; description?: string | null; httpCode?: string | null };
				result.error = { message: String(error.message), description: String(error.description ?? ''), ...(error.httpCode ? { httpCode: String(error.httpCode) } : {}) };
			} else {
				result.items = run.items.map((item) => ({
					json: item.json,
					...(item.binary
						? { binary: Object.fromEntries(Object.entries(item.binary).map(([key, data]) => [key, { fileName: data.fileName, mimeType: data.mimeType }])) }
						: {}),
				}));
			}
			const hash = (result.items?.[0]?.json as { hash?: unknown } | undefined)?.hash;
			if (operation.captureToken && typeof hash === 'string') otherToken = hash;
			results.push(result);
		}
	} finally {
		await proxy.close();
	}
	return results;
}

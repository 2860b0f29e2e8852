// A fake Evolution API v2 server on 127.0.0.1, faithful to the project's service spec
// (shared/spec/api-behaviour.md section 2, beside this repository): guard order (instance, then
// apikey), the wrapped error envelope of message routes and the unwrapped one of whatsappNumbers,
// the not-on-WhatsApp 400, the media rules, answers with extra keys, and fetchInstances with
// connection states. It records every request as received.
//
// Used by the node tests, the `npm start` sandbox and the end-to-end tests: keep
// `startEvolutionFake(options?)` and its `{ port }` option stable.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ConnectionStatus = 'open' | 'close' | 'connecting';

export interface FakeInstance {
	name: string;
	/** The instance's own token, accepted as `apikey` for this instance only. */
	token: string;
	connectionStatus: ConnectionStatus;
	ownerJid: string | null;
	profileName: string | null;
}

export interface EvolutionFakeOptions {
	/** Port to listen on; default 0 (a free port). */
	port?: number;
	/** The server's global API key; default `global-test-key`. */
	apiKey?: string;
	/** Instances; default: `sales` (open), `Support Team` (open), `offline` (close), tokens `<name>-token`. */
	instances?: Array<Partial<FakeInstance> & { name: string }>;
	/** Numbers (digits, as the server normalises them) that are not on WhatsApp. */
	unregistered?: string[];
	/** Names the server knows for numbers (whatsappNumbers answers them as `name`). */
	contacts?: Record<string, string>;
	/** The limit on decoded base64 media; default 15 MB (15 × 1024 × 1024 bytes). */
	mediaLimitBytes?: number;
}

export interface RecordedRequest {
	method: string;
	/** The path and query exactly as received (still percent-encoded). */
	path: string;
	headers: IncomingHttpHeaders;
	/** The parsed JSON body, or the raw text when it is not JSON; undefined when empty. */
	body: unknown;
	/** Size of the body in bytes. */
	bodyBytes: number;
	/** When the request arrived (its headers were read): ms on the `performance.now()` clock. */
	at: number;
}

export interface CannedAnswer {
	status: number;
	body: unknown;
	headers?: Record<string, string>;
}

export type RequestFilter = (request: RecordedRequest) => boolean;

interface Pending {
	/** An answer, or undefined to drop the connection. */
	answer?: CannedAnswer;
	when?: RequestFilter;
}

export interface EvolutionFake {
	url: string;
	port: number;
	apiKey: string;
	requests: RecordedRequest[];
	instances: Map<string, FakeInstance>;
	unregistered: Set<string>;
	contacts: Map<string, string>;
	mediaLimitBytes: number;
	/**
	 * Answers the next `times` requests (those `when` accepts, if given) with this status and body,
	 * after recording them. A string body is sent as HTML.
	 */
	failNext(status: number, body: unknown, times?: number, when?: RequestFilter, headers?: Record<string, string>): void;
	/** Closes the connection of the next `times` requests (those `when` accepts) without an answer. */
	dropNext(times?: number, when?: RequestFilter): void;
	/** Holds every answer this long (ms). */
	delayMs: number;
	/** Requests waiting for their answer now, and the most there were at once. */
	inFlight: number;
	peakInFlight: number;
	/** The sends (message/*) each chat received, by the number or JID they named, in order of arrival. */
	chats(): Map<string, RecordedRequest[]>;
	/** Forgets recorded requests and pending canned answers. */
	reset(): void;
	close(): Promise<void>;
}

export const DEFAULT_API_KEY = 'global-test-key';
export const DEFAULT_MEDIA_LIMIT_BYTES = 15 * 1024 * 1024;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const MEDIA_TYPES = ['image', 'video', 'audio', 'document'];
const MIME_BY_EXTENSION: Record<string, string> = {
	pdf: 'application/pdf',
	txt: 'text/plain',
	csv: 'text/csv',
	doc: 'application/msword',
	docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
	xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
	zip: 'application/zip',
	jpg: 'image/jpeg',
	png: 'image/png',
	mp4: 'video/mp4',
	mp3: 'audio/mpeg',
	ogg: 'audio/ogg',
};
const DEFAULT_MIME: Record<string, string> = {
	image: 'image/jpeg',
	video: 'video/mp4',
	audio: 'audio/ogg; codecs=opus',
	document: 'application/octet-stream',
};

/** The wrapped envelope of message routes and guards. */
const wrapped = (status: number, error: string, message: unknown): CannedAnswer => ({
	status,
	body: { status, error, response: { message } },
});
/** The unwrapped envelope of whatsappNumbers. */
const unwrapped = (message: unknown[]): CannedAnswer => ({
	status: 400,
	body: { status: 400, error: 'Bad Request', message },
});
const badRequest = (message: unknown) => wrapped(400, 'Bad Request', message);

/** The server's own normalisation: spaces, +, (, ), dashes and dots removed; addresses kept. */
function serverNumber(raw: string): string {
	if (/@(s\.whatsapp\.net|g\.us|lid|broadcast)$/.test(raw)) return raw;
	return raw.replace(/[\s+()\-.]/g, '');
}

function jidOf(number: string): string {
	return number.includes('@') ? number : `${number}@s.whatsapp.net`;
}

function messageKey(number: string) {
	return { remoteJid: jidOf(number), fromMe: true, id: randomBytes(10).toString('hex').toUpperCase() };
}

export async function startEvolutionFake(options: EvolutionFakeOptions = {}): Promise<EvolutionFake> {
	const apiKey = options.apiKey ?? DEFAULT_API_KEY;
	const instances = new Map<string, FakeInstance>();
	const seeds = options.instances ?? [
		{ name: 'sales', connectionStatus: 'open' as const },
		{ name: 'Support Team', connectionStatus: 'open' as const },
		{ name: 'offline', connectionStatus: 'close' as const },
	];
	for (const seed of seeds) {
		instances.set(seed.name, {
			token: `${seed.name}-token`,
			connectionStatus: 'open',
			ownerJid: seed.connectionStatus === 'close' ? null : '51900000001@s.whatsapp.net',
			profileName: seed.name,
			...seed,
		});
	}
	const instanceIds = new Map<string, string>();
	const pending: Pending[] = [];

	const fake: EvolutionFake = {
		url: '',
		port: 0,
		apiKey,
		requests: [],
		instances,
		unregistered: new Set(options.unregistered ?? []),
		contacts: new Map(Object.entries(options.contacts ?? {})),
		mediaLimitBytes: options.mediaLimitBytes ?? DEFAULT_MEDIA_LIMIT_BYTES,
		delayMs: 0,
		failNext(status, body, times = 1, when, headers) {
			for (let i = 0; i < times; i++) pending.push({ answer: { status, body, headers }, when });
		},
		dropNext(times = 1, when) {
			for (let i = 0; i < times; i++) pending.push({ when });
		},
		inFlight: 0,
		peakInFlight: 0,
		chats() {
			const chats = new Map<string, RecordedRequest[]>();
			for (const request of fake.requests) {
				if (!/^\/message\//.test(request.path)) continue;
				const chat = String((request.body as { number?: unknown } | undefined)?.number ?? '');
				chats.set(chat, [...(chats.get(chat) ?? []), request]);
			}
			return chats;
		},
		reset() {
			fake.requests.length = 0;
			pending.length = 0;
			fake.delayMs = 0;
			fake.peakInFlight = 0;
		},
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};

	const idOf = (name: string) => {
		if (!instanceIds.has(name)) instanceIds.set(name, randomUUID());
		return instanceIds.get(name)!;
	};

	function fetchInstances(headers: IncomingHttpHeaders): CannedAnswer {
		const key = headers.apikey;
		const visible = [...instances.values()].filter((instance) => key === apiKey || key === instance.token);
		if (key !== apiKey && visible.length === 0) return wrapped(401, 'Unauthorized', 'Unauthorized');
		return {
			status: 200,
			body: visible.map((instance) => ({
				id: idOf(instance.name),
				name: instance.name,
				connectionStatus: instance.connectionStatus,
				ownerJid: instance.ownerJid,
				profileName: instance.profileName,
				profilePicUrl: null,
				integration: 'WHATSAPP-BAILEYS',
				number: null,
				token: instance.token,
				clientName: 'evolution_exchange',
				createdAt: '2026-01-01T00:00:00.000Z',
				updatedAt: '2026-01-01T00:00:00.000Z',
				Setting: { rejectCall: false, groupsIgnore: false, alwaysOnline: false },
				_count: { Message: 0, Contact: 0, Chat: 0 },
			})),
		};
	}

	function notOnWhatsApp(number: string): CannedAnswer | undefined {
		if (number.includes('@') || !fake.unregistered.has(number)) return undefined;
		return badRequest([{ jid: jidOf(number), exists: false, number }]);
	}

	function sendText(instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
		if (body.number === undefined) return badRequest(['instance requires property "number"']);
		if (body.text === undefined) return badRequest(['instance requires property "text"']);
		if (typeof body.text !== 'string' || body.text.trim() === '') return badRequest(['Text is required']);
		if (instance.connectionStatus !== 'open') return wrapped(500, 'Internal Server Error', 'Connection Closed');
		const number = serverNumber(String(body.number));
		const missing = notOnWhatsApp(number);
		if (missing) return missing;
		return {
			status: 201,
			body: {
				key: messageKey(number),
				pushName: '',
				status: 'PENDING',
				message: { conversation: body.text },
				contextInfo: body.quoted ? { stanzaId: (body.quoted as { key?: { id?: string } }).key?.id } : null,
				messageType: 'conversation',
				messageTimestamp: Math.floor(Date.now() / 1000),
				instanceId: idOf(instance.name),
				source: 'unknown',
			},
		};
	}

	function sendMedia(instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
		if (body.number === undefined) return badRequest(['instance requires property "number"']);
		if (body.mediatype === undefined) return badRequest(['instance requires property "mediatype"']);
		if (!MEDIA_TYPES.includes(String(body.mediatype)))
			return badRequest(['mediatype must be one of the following values: image, document, video, audio']);
		if (body.media === undefined) return badRequest(['instance requires property "media"']);
		const media = String(body.media);
		const isUrl = /^https?:\/\//i.test(media);
		const isBase64 = !isUrl && media.length % 4 === 0 && BASE64.test(media);
		if (!isUrl && !isBase64) return badRequest(['Owned media must be a url or base64']);
		const mediatype = String(body.mediatype);
		if (isBase64 && mediatype === 'document' && !body.fileName)
			return badRequest(['For base64 the file name must be informed.']);
		const bytes = isBase64 ? (media.length / 4) * 3 - (media.endsWith('==') ? 2 : media.endsWith('=') ? 1 : 0) : 48_213;
		if (bytes > fake.mediaLimitBytes) return badRequest([`Media exceeds the limit of ${fake.mediaLimitBytes} bytes`]);
		if (instance.connectionStatus !== 'open') return wrapped(500, 'Internal Server Error', 'Connection Closed');
		if (isUrl && new URL(media).hostname.endsWith('.invalid'))
			return wrapped(500, 'Internal Server Error', `getaddrinfo ENOTFOUND ${new URL(media).hostname}`);
		const number = serverNumber(String(body.number));
		const missing = notOnWhatsApp(number);
		if (missing) return missing;
		const extension = /\.([a-z0-9]+)$/i.exec(String(body.fileName ?? ''))?.[1]?.toLowerCase();
		const mimetype =
			mediatype === 'image'
				? 'image/jpeg'
				: mediatype === 'document'
					? (extension && MIME_BY_EXTENSION[extension]) || String(body.mimetype ?? DEFAULT_MIME.document)
					: String(body.mimetype ?? DEFAULT_MIME[mediatype]);
		const content: Record<string, unknown> = {
			url: `https://mmg.whatsapp.net/v/t62.7118-24/${randomBytes(6).toString('hex')}.enc`,
			mimetype,
			fileSha256: randomBytes(32).toString('base64'),
			fileLength: String(bytes),
			mediaKey: randomBytes(32).toString('base64'),
		};
		if (body.caption !== undefined && mediatype !== 'audio') content.caption = body.caption;
		if (mediatype === 'document') content.fileName = body.fileName ?? 'file';
		return {
			status: 201,
			body: {
				key: messageKey(number),
				pushName: '',
				status: 'PENDING',
				message: { [`${mediatype}Message`]: content, base64: isBase64 ? media : 'AAAA' },
				contextInfo: null,
				messageType: `${mediatype}Message`,
				messageTimestamp: Math.floor(Date.now() / 1000),
				instanceId: idOf(instance.name),
				source: 'unknown',
			},
		};
	}

	function whatsappNumbers(instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
		const numbers = body.numbers;
		if (!Array.isArray(numbers)) return unwrapped(['numbers must be an array']);
		if (numbers.length === 0) return unwrapped(['numbers must contain at least 1 elements']);
		if (new Set(numbers).size !== numbers.length) return unwrapped(["All numbers's elements must be unique"]);
		if (numbers.some((n) => typeof n !== 'string')) return unwrapped(['each value in numbers must be a string']);
		// Internal errors come back unwrapped as 400s too.
		if (instance.connectionStatus !== 'open') return unwrapped(['Connection Closed']);
		return {
			status: 200,
			body: (numbers as string[]).map((given) => {
				const number = serverNumber(given);
				if (number.endsWith('@g.us')) return { jid: number, exists: true, number: given };
				const exists = number.includes('@') || !fake.unregistered.has(number);
				const result: Record<string, unknown> = { jid: jidOf(number), exists, number: given };
				const name = fake.contacts.get(number);
				if (exists && name) result.name = name;
				if (exists) result.lid = `${number.slice(-6)}123456@lid`;
				return result;
			}),
		};
	}

	function route(method: string, path: string, headers: IncomingHttpHeaders, body: unknown): CannedAnswer {
		const pathname = path.split('?')[0];
		if (method === 'GET' && pathname === '/instance/fetchInstances') return fetchInstances(headers);
		const match = /^\/(message\/sendText|message\/sendMedia|chat\/whatsappNumbers)\/([^/]+)$/.exec(pathname);
		if (!match || method !== 'POST')
			return wrapped(404, 'Not Found', [`Cannot ${method} ${pathname}`]);
		let name: string;
		try {
			name = decodeURIComponent(match[2]);
		} catch {
			name = match[2];
		}
		// Guard order: the instance must exist (even with a bad key), then the key must fit it.
		const instance = instances.get(name);
		if (!instance) return wrapped(404, 'Not Found', [`The "${name}" instance does not exist`]);
		if (headers.apikey !== apiKey && headers.apikey !== instance.token) return wrapped(401, 'Unauthorized', 'Unauthorized');
		if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body))
			return badRequest(['instance is not of a type(s) object']);
		const fields = body as Record<string, unknown>;
		switch (match[1]) {
			case 'message/sendText':
				return sendText(instance, fields);
			case 'message/sendMedia':
				return sendMedia(instance, fields);
			default:
				return whatsappNumbers(instance, fields);
		}
	}

	async function handle(req: IncomingMessage, res: ServerResponse) {
		const at = performance.now();
		fake.inFlight++;
		fake.peakInFlight = Math.max(fake.peakInFlight, fake.inFlight);
		res.on('close', () => fake.inFlight--);
		const chunks: Buffer[] = [];
		let bodyBytes = 0;
		for await (const chunk of req) {
			chunks.push(chunk as Buffer);
			bodyBytes += (chunk as Buffer).length;
		}
		const text = Buffer.concat(chunks, bodyBytes).toString('utf8');
		chunks.length = 0;
		let body: unknown;
		let parseError: string | undefined;
		if (text !== '') {
			try {
				body = JSON.parse(text);
			} catch (error) {
				body = text;
				parseError = (error as Error).message;
			}
		}
		const method = req.method ?? 'GET';
		const path = req.url ?? '/';
		const request: RecordedRequest = { method, path, headers: req.headers, body, bodyBytes, at };
		fake.requests.push(request);

		const index = pending.findIndex((entry) => !entry.when || entry.when(request));
		const override = index >= 0 ? pending.splice(index, 1)[0] : undefined;
		if (override && !override.answer) {
			req.socket.destroy();
			return;
		}
		const answer =
			override?.answer ??
			(parseError && /json/i.test(String(req.headers['content-type'])) ? badRequest([parseError]) : route(method, path, req.headers, body));
		if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
		const payload = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
		res.writeHead(answer.status, {
			'content-type': typeof answer.body === 'string' ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
			'content-length': Buffer.byteLength(payload),
			...answer.headers,
		});
		res.end(payload);
	}

	const server = createServer((req, res) => {
		handle(req, res).catch((error: unknown) => {
			res.writeHead(500, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ status: 500, error: 'Internal Server Error', response: { message: String(error) } }));
		});
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
	});
	fake.port = (server.address() as AddressInfo).port;
	fake.url = `http://127.0.0.1:${fake.port}`;
	return fake;
}

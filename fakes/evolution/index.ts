// A fake Evolution API v2 server on 127.0.0.1, faithful to the project's notes on Evolution
// (docs/evolution-api.md) and to Evolution 2.3.x's source: guard order (instance, then apikey);
// request bodies checked against ports of Evolution's JSON schemas with jsonschema's messages, order
// and nested `[[...]]` envelope; controller and service errors in their own envelopes; the
// not-on-WhatsApp 400; the media rules; answers with extra keys; groups, profile pictures and stored
// messages (so media can be fetched back as base64); and fetchInstances with connection states. It
// records every request as received.
//
// Used by the node tests, the `npm start` sandbox, the bench and the end-to-end tests: keep
// `startEvolutionFake(options?)` and its `{ port }` option stable.
//
// The routes are grouped as the Messaging node's resources are: message.ts, chat.ts, group.ts (with
// groupAdmin.ts and groupInvite.ts), instance.ts; then the fake's own: webhook.ts (webhook/set,
// webhook/find and the deliveries), control.ts (`/_fake/*`). routes.ts is the route table; schema.ts the JSON-schema validator;
// answers.ts the error envelopes; state.ts the fake's store; types.ts its types; seeds.ts what it
// starts with; media.ts and numbers.ts what the server does with media and numbers; events.ts the
// webhook events' data.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { internalError, wrapped } from './answers.ts';
import { formRequest, multipartBoundary, parseMultipart, takesUpload, type UploadedFile, type UploadedPart } from './multipart.ts';
import { route } from './routes.ts';
import { createState } from './state.ts';
import { bucketObject, isBucketPath } from './storage.ts';
import type { CannedAnswer, EvolutionFake, EvolutionFakeOptions, RecordedRequest } from './types.ts';

export type {
	CannedAnswer,
	ConnectionStatus,
	DeliveryOutcome,
	EvolutionFake,
	EvolutionFakeOptions,
	FakeCall,
	FakeChatState,
	FakeCollection,
	FakeGroup,
	FakeGroupParticipant,
	FakeInstance,
	FakeLabel,
	FakeProduct,
	FakeQrCode,
	FakeTemplate,
	FakeWebhook,
	RecordedRequest,
	RequestFilter,
	StoreMediaInput,
	StorePollVoteInput,
	StoredMedia,
	StoredMediaType,
	StoredMessage,
	WebhookAttempt,
} from './types.ts';
export { CONTROL_DELIVER, CONTROL_SENT, DEFAULT_DELIVER_TO } from './control.ts';
export {
	DEFAULT_API_KEY,
	DEFAULT_CATALOGS,
	DEFAULT_COLLECTIONS,
	DEFAULT_GROUPS,
	DEFAULT_LABELS,
	DEFAULT_MEDIA_LIMIT_BYTES,
	DEFAULT_PROFILE_PICTURES,
	FAKE_PAIRING_CODE,
	SEEDED_MESSAGES,
	SEEDED_PDF,
	DEFAULT_SERVER_VERSION,
	SEEDED_PNG,
} from './seeds.ts';
export { FAKE_WA_WEB_VERSION } from './server.ts';
export { LABEL_REFUSED } from './labels.ts';
export { FAKE_S3_BUCKET } from './storage.ts';
export { WEBHOOK_EVENTS } from './webhook.ts';
export { CONTROL_RELEASE, DEFAULT_RELEASE, eventsOf, FAKE_LICENCE_INSTANCE_ID, LICENCE_DOCS_URL, RELEASES, type EvolutionRelease } from './release.ts';

/** A body as the server parses it: JSON (express.json), or a form on the media routes (multer). */
function readBody(raw: Buffer, contentType: string, path: string): { body: unknown; file?: UploadedFile; parts?: UploadedPart[]; failure?: CannedAnswer } {
	const boundary = multipartBoundary(contentType);
	if (boundary) {
		const parts = parseMultipart(raw, boundary);
		// Only the media routes read a form (multipart.ts); the others see no body.
		const form = parts && takesUpload(path) ? formRequest(parts) : undefined;
		if (form && 'unexpected' in form) return { body: {}, parts, failure: internalError('Unexpected field') };
		return { body: form?.body ?? {}, ...(form?.file ? { file: form.file } : {}), ...(parts ? { parts } : {}) };
	}
	const text = raw.toString('utf8');
	if (text === '') return { body: undefined };
	try {
		return { body: JSON.parse(text) };
	} catch (error) {
		// body-parser's 400 reaches main.ts's error handler, which names every error this way.
		return { body: text, ...(/json/i.test(contentType) ? { failure: wrapped(400, 'Internal Server Error', (error as Error).message) } : {}) };
	}
}

export async function startEvolutionFake(options: EvolutionFakeOptions = {}): Promise<EvolutionFake> {
	const state = createState(options, async () => {
		server.closeAllConnections();
		await new Promise<void>((resolve) => server.close(() => resolve()));
	});
	const { fake } = state;

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
		const raw = Buffer.concat(chunks, bodyBytes);
		chunks.length = 0;
		const method = req.method ?? 'GET';
		const path = req.url ?? '/';
		const { body, file, parts, failure } = readBody(raw, String(req.headers['content-type'] ?? ''), path);
		const request: RecordedRequest = { method, path, headers: req.headers, body, bodyBytes, at, ...(parts ? { parts } : {}) };
		fake.requests.push(request);

		const index = state.pending.findIndex((entry) => !entry.when || entry.when(request));
		const override = index >= 0 ? state.pending.splice(index, 1)[0] : undefined;
		if (override && !override.answer) {
			req.socket.destroy();
			return;
		}
		if (isBucketPath(path)) {
			// The bucket (storage.ts) holds its answers `s3DelayMs`, not the API's `delayMs`.
			if (fake.s3DelayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.s3DelayMs));
			const object = override?.answer ?? bucketObject(state, method, path);
			if (fake.s3CutAfterBytes > 0 && Buffer.isBuffer(object.body)) {
				// The whole file announced, part of it sent, then the connection gone (a bucket or proxy failing mid-file).
				res.writeHead(object.status, { ...object.headers, 'content-length': object.body.length });
				res.write(object.body.subarray(0, fake.s3CutAfterBytes), () => res.destroy());
				return;
			}
			await reply(res, object, false);
			return;
		}
		const answer = override?.answer ?? failure ?? (await route(state, method, path, req.headers, body, file));
		await reply(res, answer);
	}

	async function reply(res: ServerResponse, answer: CannedAnswer, delayed = true) {
		if (delayed && fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
		// Express's res.json(undefined) sends no body, as JSON; a Buffer is a file's bytes (the bucket).
		const payload =
			typeof answer.body === 'string' || Buffer.isBuffer(answer.body) ? answer.body : answer.body === undefined ? '' : JSON.stringify(answer.body);
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

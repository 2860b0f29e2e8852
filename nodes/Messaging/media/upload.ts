// A binary file sent as Evolution's multipart upload. sendMedia, sendWhatsAppAudio (2.1.2 on) and
// sendPtv (2.2.0 on) take `upload.single('file')`: the file is the form's `file` part, read by multer
// into memory and turned into the base64 the JSON body would have carried; the other body keys are
// form fields, which multer gives the route as text (bracketed names nest: `quoted[key][id]`,
// `mentioned[]`), and the route's JSON schema is then checked on that text, as it is (jsonschema,
// in `dataValidate`, converts nothing: docs/evolution-api.md, "Uploads"). The file streams from
// n8n's binary store into the request: the node never holds it whole (in memory mode the item does).
// An operation declares its upload (`FileUpload`, a key of `sendOperation`), and `uploadHooks` makes
// the hooks the runner runs for it: the same for every operation that sends a file.
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { REFUSED, valueOf, type Answer, type Field, type ItemFunctions, type ItemReader, type RequestOptions, type SendRequest, type Values } from '../../shared/contract';
import { RunSlot, type SharedRun } from '../../shared/sharedRun';
import { streamedBody } from '../../shared/transmission';
import { checkMediaSize } from '../validation/media';
import { base64Of, binaryLabel, type BinaryFile, type MediaContent } from './source';

/** A form field: its name (bracketed for nested keys) and its text. */
export type FormField = [name: string, value: string];

/**
 * Body keys a form cannot carry, with the option that sets them: the schema wants a number
 * (`delay`: `"1200"` fails "Enter a value in milliseconds"), or the service misreads the text
 * (`encoding`: `"false"` is true to it, and it then reads the audio from the JSON key, not the file).
 */
const NOT_AS_TEXT: Record<string, string> = { delay: 'Delay (Ms)', encoding: 'Convert to Voice Note (off)' };

/**
 * Body keys the route reads only as true or not: sent as `true`, or left out. 2.3.x's schemas name
 * the flag `everyOne` and let the text through, which the service reads as true; 2.4.0-rc2's want
 * a boolean and refuse the text (`FORM_REFUSALS`).
 */
const FLAGS = new Set(['mentionsEveryOne']);

/**
 * Body keys 2.4's sendMedia schema takes as text too (`oneOf` a boolean or `'true'`/`'false'`; 0, 1,
 * 2 or their text), which its service reads back (`=== 'true'`, `Number(...)`); 2.3.x reads neither.
 */
const AS_TEXT = new Set(['gifPlayback', 'gifAttribution']);

function addField(fields: FormField[], name: string, value: unknown): string | undefined {
	if (typeof value === 'string') fields.push([name, value]);
	else if (Array.isArray(value)) value.forEach((entry) => fields.push([`${name}[]`, String(entry)]));
	else if (value && typeof value === 'object') {
		for (const [key, inner] of Object.entries(value)) {
			const blocked = addField(fields, `${name}[${key}]`, inner);
			if (blocked) return blocked;
		}
	} else if (value !== undefined) return name;
	return undefined;
}

/**
 * The body keys as form fields, or the option that keeps the file out of a form (the send then
 * goes as JSON with the file as base64). A delay of 0 and the server's defaults (a voice note
 * converted, no mention of everyone) are left out, as they change nothing.
 */
export function formFields(body: IDataObject): { fields: FormField[] } | { blockedBy: string } {
	const fields: FormField[] = [];
	for (const [key, value] of Object.entries(body)) {
		if (value === undefined || (key === 'delay' && value === 0) || (key === 'encoding' && value === true)) continue;
		if (FLAGS.has(key)) {
			if (value === true) fields.push([key, 'true']);
			continue;
		}
		if (AS_TEXT.has(key)) {
			fields.push([key, String(value)]);
			continue;
		}
		if (NOT_AS_TEXT[key]) return { blockedBy: NOT_AS_TEXT[key] };
		const blocked = addField(fields, key, value);
		if (blocked) return { blockedBy: blocked };
	}
	return { fields };
}

/** A value in a part's header: quotes and line breaks escaped as browsers do. */
const headerValue = (text: string) => text.replace(/[\r\n"]/g, (char) => encodeURIComponent(char));

/** The file of an upload, as the form's `file` part names it. */
export interface UploadedFile {
	binary: BinaryFile;
	fileName: string;
	mimeType: string;
}

/** The form's text before the file's bytes (its fields, the file part's header) and after them. */
export function multipartFrame(fields: FormField[], file: Pick<UploadedFile, 'fileName' | 'mimeType'>, boundary: string): { head: Buffer; tail: Buffer } {
	const part = (disposition: string, extra = '') => `--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n${extra}\r\n`;
	const head =
		fields.map(([name, value]) => `${part(`name="${headerValue(name)}"`)}${value}\r\n`).join('') +
		part(`name="file"; filename="${headerValue(file.fileName)}"`, `Content-Type: ${file.mimeType}\r\n`);
	return { head: Buffer.from(head, 'utf8'), tail: Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8') };
}

const newBoundary = () => `----n8nEvolutionUpload${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;

/**
 * The request as a multipart upload of `file`, its JSON body's keys as form fields: the file
 * streamed from n8n's binary store, or, in memory mode, copied once from the item's base64.
 */
export async function uploadRequest(request: RequestOptions, fields: FormField[], file: UploadedFile, fns: ItemFunctions): Promise<RequestOptions> {
	const boundary = newBoundary();
	const { head, tail } = multipartFrame(fields, file, boundary);
	let body: unknown;
	if (file.binary.id) body = await streamedBody(await fns.helpers.getBinaryStream(file.binary.id), head, tail);
	else {
		const data = file.binary.data ?? '';
		const buffer = Buffer.allocUnsafe(head.length + file.binary.bytes + tail.length);
		head.copy(buffer, 0);
		const written = buffer.write(data, head.length, 'base64');
		tail.copy(buffer, head.length + written);
		body = buffer.subarray(0, head.length + written + tail.length);
	}
	return {
		...request,
		body: body as IDataObject,
		headers: { ...request.headers, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
		// follow-redirects would keep every byte of the body in case it must send it again.
		disableFollowRedirect: true,
		encoding: 'stream',
	};
}

/** The limit a file uploaded to a route must keep, and what it is called in the error. */
export interface UploadLimit {
	bytes: number;
	what: string;
}

/**
 * How one item's file went: whether it went as an upload, and, once its server refused the form
 * (`FORM_REFUSALS`), why it goes again as JSON. Written by `withFile` as each request is made, read by
 * `sendUploadOrJson`: the item's own record, among its values.
 */
export interface UploadAttempt {
	uploaded: boolean;
	/** Why the file goes as base64 JSON, the server having refused its form; undefined while it has not. */
	jsonBecause?: string;
	/** The refusals of a flag as text the item's run met (flag → why), set as its send starts. */
	runRefusals?: Map<string, string>;
}

/** The item's upload record: a value with no parameter, new for each item, after the fields that make the body. */
const uploadAttempt: Field<'uploadAttempt', UploadAttempt> = {
	name: 'uploadAttempt',
	properties: [],
	read: () => ({ uploaded: false }),
};

/**
 * The request as it goes out with its file. A URL or base64 is in the JSON body already. A binary
 * file is uploaded (its size checked against `limit` first), unless a body key cannot go as a
 * form field, or the server refused the form (`sendUploadOrJson`): then it goes as base64 under `key`,
 * within base64's 15 MB (`fallback` is then true). `attempt` is the item's, which says which.
 */
async function withFile(
	request: RequestOptions,
	content: MediaContent,
	key: string,
	limit: UploadLimit,
	item: ItemReader,
	attempt: UploadAttempt,
): Promise<{ request: RequestOptions; fallback: boolean }> {
	const file = content.binary;
	if (!file) return { request, fallback: false };
	const body = (request.body ?? {}) as IDataObject;
	// A flag the run's server refused as text already: this item goes as JSON at once.
	const refusedFlag = [...(attempt.runRefusals ?? [])].find(([flag]) => body[flag] === true);
	if (refusedFlag && !attempt.jsonBecause) attempt.jsonBecause = refusedFlag[1];
	const form = attempt.jsonBecause ? { blockedBy: '' } : formFields(body);
	const label = binaryLabel(content);
	if ('fields' in form) {
		item.require('File', label, checkMediaSize(file.bytes, limit.bytes, limit.what));
		const mimeType = (typeof body.mimetype === 'string' && body.mimetype) || content.mimeType || 'application/octet-stream';
		const fileName = (typeof body.fileName === 'string' && body.fileName) || content.fileName || 'file';
		attempt.uploaded = true;
		return { request: await uploadRequest(request, form.fields, { binary: file, fileName, mimeType }, item.fns), fallback: false };
	}
	if (file.bytes > limit.bytes) item.require('File', label, checkMediaSize(file.bytes, limit.bytes, limit.what));
	const why = form.blockedBy ? `as ${form.blockedBy} needs (a file upload cannot carry it)` : attempt.jsonBecause!;
	const media = await base64Of(item, content, `media sent as base64, ${why}`);
	return { request: { ...request, body: { ...body, [key]: media } }, fallback: true };
}

/**
 * The 400s a server answers an upload with when it cannot take it as a form, its schema refusing it
 * before anything is sent; the send then goes again once, as JSON with the file as base64.
 * `olderRoute`: only for a route older than uploads (`FileUpload.base64ForServersWithoutUploads`).
 */
const FORM_REFUSALS: ReadonlyArray<{ words: RegExp; why: string; olderRoute?: true; flag?: string }> = [
	// Evolution 2.1.0 and 2.1.1 read no form (uploads came with 2.1.2): their schema misses the number the node always sends.
	{ words: /requires property \\?"number\\?"/, why: 'as this server takes no file upload (Evolution API before 2.1.2)', olderRoute: true },
	// 2.4.0-rc2's sendMedia and sendPtv schemas want mentionsEveryOne a boolean, which no form field is.
	{
		words: /mentionsEveryOne is not of a type\(s\) boolean/,
		why: 'as Evolution API 2.4 reads Mention Everyone only from JSON (a file upload cannot carry it)',
		flag: 'mentionsEveryOne',
	},
];

/** The refusals of a flag as text a run met (flag → why): its later items with the flag on go as JSON at once. */
const FLAGS_REFUSED = new RunSlot<Map<string, string>>('Evolution API flags refused in a form');

/**
 * Sends an upload; the server's refusal of the form (`FORM_REFUSALS`), for an item the node
 * uploaded, sends it again once as JSON with the file as base64 (`withFile`): the refusal resolves
 * the send (REFUSED), so it neither fails the item nor stops the run; any other answer is the
 * send's own. No request asks the release first: servers that take the form pay nothing. The run
 * remembers a refusal of Mention Everyone as text: its later items with it go as JSON at once.
 */
async function sendUploadOrJson(send: SendRequest, attempt: UploadAttempt, olderRoute: boolean, run: SharedRun): Promise<unknown> {
	const runRefusals = run.slot(FLAGS_REFUSED, () => new Map<string, string>());
	attempt.runRefusals = runRefusals;
	let refusal: (typeof FORM_REFUSALS)[number] | undefined;
	const refusedIf = (answer: Answer) => {
		refusal = attempt.uploaded && !attempt.jsonBecause ? formRefusal(answer, olderRoute) : undefined;
		return refusal !== undefined;
	};
	const answer = await send(undefined, undefined, { refusedIf });
	if (answer !== REFUSED || !refusal) return answer;
	attempt.jsonBecause = refusal.why;
	if (refusal.flag) runRefusals.set(refusal.flag, refusal.why);
	return await send();
}

/** The refusal of the form an answer is, if any: a 400 in the words of `FORM_REFUSALS`. */
function formRefusal({ statusCode, body }: Answer, olderRoute: boolean): (typeof FORM_REFUSALS)[number] | undefined {
	if (statusCode !== 400) return undefined;
	const words = JSON.stringify(body) ?? '';
	return FORM_REFUSALS.find((refusal) => (olderRoute || !refusal.olderRoute) && refusal.words.test(words));
}

/** An operation's file, as the operation declares it: the builder and the runner do the rest. */
export interface FileUpload<V extends Values = Values> {
	/** The field that reads the file (`mediaFile`): a URL or base64 stays in the JSON body; a binary file is uploaded. */
	file: Field<string, MediaContent>;
	/** The body key that carries the file as base64 when it cannot go as a form. */
	key: string;
	/** The size an uploaded file must keep, and what the error calls it. */
	limit(values: V): UploadLimit;
	/**
	 * Whether a server that reads no form gets the send again as JSON with base64: the route is
	 * older than uploads (Evolution 2.1.0 and 2.1.1 have sendMedia and sendWhatsAppAudio, and read no
	 * form). False for a route that came with uploads (sendPtv, 2.2.0).
	 */
	base64ForServersWithoutUploads: boolean;
}

/** What an upload adds to its operation: the item's upload record among its fields, and the hooks that send the file. */
export interface UploadHooks<V extends Values> {
	attempt: Field;
	requestAsSent(request: RequestOptions, values: V, item: ItemReader): Promise<RequestOptions>;
	send(send: SendRequest, values: V, fns: IExecuteSingleFunctions, run: SharedRun): Promise<unknown>;
}

/**
 * The hooks of a declared upload. A send that falls back to JSON gets the operation's
 * `adjustRequest` again, on its new body (Send Media's body as one buffer).
 */
export function uploadHooks<V extends Values>(upload: FileUpload<V>, adjustRequest?: (request: RequestOptions) => void): UploadHooks<V> {
	return {
		attempt: uploadAttempt,
		async requestAsSent(request, values, item) {
			const sent = await withFile(request, valueOf(values, upload.file), upload.key, upload.limit(values), item, valueOf(values, uploadAttempt));
			if (sent.fallback) adjustRequest?.(sent.request);
			return sent.request;
		},
		send: async (send, values, _fns, run) =>
			await sendUploadOrJson(send, valueOf(values, uploadAttempt), upload.base64ForServersWithoutUploads, run),
	};
}

// multipart/form-data as Evolution's media routes read it (`multer({ storage: memoryStorage() })`,
// `upload.single('file')`): every text part becomes a field of `req.body` by append-field's rules
// (`quoted[key][id]` nests, `mentioned[]` appends to a list), always as text; the part named `file`
// becomes `req.file` (its bytes in memory, `originalname`, `mimetype`). Another file part is
// multer's "Unexpected field".

/** A part as received: its name, a file part's name and type, its bytes. */
export interface UploadedPart {
	name: string;
	filename?: string;
	contentType?: string;
	data: Buffer;
}

/** `req.file` as multer gives it. */
export interface UploadedFile {
	originalname: string;
	mimetype: string;
	buffer: Buffer;
}

/** The boundary of a multipart/form-data content type, if it is one. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
	if (!contentType || !/^multipart\/form-data/i.test(contentType)) return undefined;
	const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
	return match?.[1] ?? match?.[2];
}

const headerParam = (header: string, name: string): string | undefined => {
	const match = new RegExp(`;\\s*${name}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(header);
	return match ? decodeURIComponent(match[1].replace(/%(?![0-9A-F]{2})/gi, '%25')) : undefined;
};

/** The parts of a body, in order; undefined when it is not a well-formed form. */
export function parseMultipart(body: Buffer, boundary: string): UploadedPart[] | undefined {
	const delimiter = Buffer.from(`--${boundary}`);
	const parts: UploadedPart[] = [];
	let at = body.indexOf(delimiter);
	if (at < 0) return undefined;
	for (;;) {
		at += delimiter.length;
		if (body.subarray(at, at + 2).toString() === '--') return parts;
		at += 2; // CRLF after the delimiter
		const headerEnd = body.indexOf('\r\n\r\n', at);
		if (headerEnd < 0) return undefined;
		const headers = body.subarray(at, headerEnd).toString('utf8').split('\r\n');
		const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd + 4);
		if (next < 0) return undefined;
		const disposition = headers.find((line) => /^content-disposition:/i.test(line)) ?? '';
		const type = headers.find((line) => /^content-type:/i.test(line));
		const name = headerParam(disposition, 'name');
		if (name === undefined) return undefined;
		const filename = headerParam(disposition, 'filename');
		parts.push({
			name,
			...(filename === undefined ? {} : { filename }),
			...(type ? { contentType: type.slice(type.indexOf(':') + 1).trim() } : {}),
			data: body.subarray(headerEnd + 4, next),
		});
		at = next + 2;
	}
}

/** append-field: `a[b][c]` nests objects, `a[]` appends to a list, a repeated plain name makes a list. */
function appendField(store: Record<string, unknown>, name: string, value: string): void {
	const keys = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
	if (!keys) {
		store[name] = value;
		return;
	}
	const path = [keys[1], ...[...keys[2].matchAll(/\[([^[\]]*)\]/g)].map((match) => match[1])];
	let target: Record<string, unknown> | unknown[] = store;
	for (let index = 0; index < path.length; index++) {
		const key = path[index];
		const last = index === path.length - 1;
		if (Array.isArray(target)) {
			if (last) target.push(value);
			else target = (target[target.push(path[index + 1] === '' ? [] : {}) - 1] as Record<string, unknown>);
			continue;
		}
		if (last) {
			const existing = target[key];
			target[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
			continue;
		}
		target[key] ??= path[index + 1] === '' ? [] : {};
		target = target[key] as Record<string, unknown>;
	}
}

/** `req.body` and `req.file` of a route with `upload.single('file')`; an error for a file under another name. */
export function formRequest(parts: UploadedPart[]): { body: Record<string, unknown>; file?: UploadedFile } | { unexpected: string } {
	const body: Record<string, unknown> = {};
	let file: UploadedFile | undefined;
	for (const part of parts) {
		if (part.filename === undefined) appendField(body, part.name, part.data.toString('utf8'));
		else if (part.name !== 'file' || file) return { unexpected: part.name };
		else file = { originalname: part.filename, mimetype: part.contentType ?? 'text/plain', buffer: part.data };
	}
	return { body, ...(file ? { file } : {}) };
}

/** The routes with `upload.single('file')` (sendMessage.router.ts, 2.2 to 2.4); the others leave a form unread. */
const UPLOAD_ROUTES = ['sendMedia', 'sendPtv', 'sendWhatsAppAudio', 'sendStatus', 'sendSticker'];

export const takesUpload = (path: string): boolean => UPLOAD_ROUTES.some((route) => path.startsWith(`/message/${route}/`));

// Send Media moves files of up to 15 MB (20 MB as base64) through n8n's HTTP client, which copies
// a JSON body twice on the way out (a JSON string, then a buffer of it) and an answer four times on
// the way in (chunks, joined, decoded, parsed); and the server's answer echoes the whole file as
// `message.base64`. These two steps keep the copies down (measured in BENCHMARKS.md): the body
// goes out as one buffer, and the answer (asked for as a stream: Send Media `answersWithFile`, and
// every upload) is read by the API (transport.ts `readBody`) dropping the echoed base64 as it
// passes, so it is never held.
import type { IDataObject } from 'n8n-workflow';

import type { RequestOptions } from '../../shared/contract';

/** Media at least this long (base64 characters) goes out in a buffer; smaller is not worth it. */
const LARGE_MEDIA = 64 * 1024;

/**
 * Last step of Send Media: the JSON body as one buffer, its `media` copied in byte for
 * byte (base64 needs no JSON escaping).
 */
export function sendMediaAsBuffer(request: RequestOptions): void {
	const body = request.body as IDataObject | undefined;
	if (!body || typeof body.media !== 'string' || body.media.length < LARGE_MEDIA) return;
	const { media, ...rest } = body;
	const others = JSON.stringify(rest);
	const head = Buffer.from(`${others.slice(0, -1)}${others === '{}' ? '' : ','}"media":"`, 'utf8');
	const tail = Buffer.from('"}', 'utf8');
	const buffer = Buffer.allocUnsafe(head.length + media.length + tail.length);
	head.copy(buffer, 0);
	buffer.write(media, head.length, 'latin1');
	tail.copy(buffer, head.length + media.length);
	request.body = buffer as unknown as IDataObject;
	request.headers = { ...request.headers, 'Content-Type': 'application/json' };
}

const BASE64_KEY = Buffer.from('"base64":"');

function parseJson(text: string): unknown {
	if (text.trim() === '') return '';
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return text;
	}
}

/**
 * An answer as Send Media reads it: a stream, parsed as JSON without the values of `"base64"`
 * keys (the server's echo of the file, which the output leaves out anyway), dropped chunk by chunk
 * so the echo is never held in memory. Text that is not JSON comes back as text; an answer that is
 * not a stream is passed on as it is.
 */
export async function readAnswer(body: unknown): Promise<unknown> {
	if (!body || typeof (body as AsyncIterable<unknown>)[Symbol.asyncIterator] !== 'function' || Buffer.isBuffer(body)) {
		return body;
	}
	const kept: Buffer[] = [];
	// Bytes that may be the start of the key, held back until the next chunk tells.
	let carry = Buffer.alloc(0);
	let skipping = false;
	for await (const piece of body as AsyncIterable<Buffer | string>) {
		let data = Buffer.isBuffer(piece) ? piece : Buffer.from(piece);
		while (data.length) {
			if (skipping) {
				const end = data.indexOf(0x22); // the closing quote of the base64 value
				if (end < 0) break;
				skipping = false;
				data = data.subarray(end);
				continue;
			}
			const scan = carry.length ? Buffer.concat([carry, data]) : data;
			carry = Buffer.alloc(0);
			const at = scan.indexOf(BASE64_KEY);
			if (at >= 0) {
				kept.push(Buffer.from(scan.subarray(0, at + BASE64_KEY.length)));
				skipping = true;
				data = scan.subarray(at + BASE64_KEY.length);
				continue;
			}
			const safe = Math.max(0, scan.length - (BASE64_KEY.length - 1));
			kept.push(Buffer.from(scan.subarray(0, safe)));
			carry = Buffer.from(scan.subarray(safe));
			break;
		}
	}
	kept.push(carry);
	return parseJson(Buffer.concat(kept).toString('utf8'));
}

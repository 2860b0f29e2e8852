// A media message's file streamed from the server's S3/MinIO store, by the presigned link the
// server puts in `message.mediaUrl` when it stored the file there (docs/evolution-api.md, "Media in
// the server's store"): read as a stream straight into n8n's binary data, so that in filesystem
// mode the file is never held in memory whole. The link is a bucket's, not the server's: it goes
// without the credential's API key.
import type { BinaryHelperFunctions, IBinaryData, IDataObject, IHttpRequestOptions, RequestHelperFunctions } from 'n8n-workflow';

import { formatBytes } from '../validation/media';
import { baseMimeType } from './download';

/**
 * The largest file a WhatsApp message carries (documents, 2 GB): an object announced bigger is not
 * a message's file, and is refused before a byte of it is read.
 */
export const STORE_FILE_LIMIT = 2 * 1024 * 1024 * 1024;

/**
 * How long the store may stay silent (no answer, or no bytes mid-file) before it is given up for the
 * server: Evolution waits 30 s for a webhook's answer by default before it retries the delivery.
 */
export const STORE_IDLE_TIMEOUT_MS = 30_000;

/** Where a file came from: the store's link, the server's base64 route, or the delivery's base64. */
export type MediaSource = 'store' | 'server' | 'webhook';

/** What the store gives: the file, or why it could not (then the server is asked, as without S3). */
export type StoreOutcome = { binary: IBinaryData } | { unavailable: string };

type StoreHelpers = Pick<RequestHelperFunctions, 'httpRequest'> & Pick<BinaryHelperFunctions, 'prepareBinaryData'>;

interface StreamedResponse {
	statusCode: number;
	headers: IDataObject;
	body: { destroy?: () => void };
}

/** A link the store can be asked: http(s) only, as MinIO's presigned links are. */
export function storeLinkOf(value: unknown): string | undefined {
	return typeof value === 'string' && /^https?:\/\//i.test(value) ? value : undefined;
}

/** The link without its query, which holds the signature: what errors may show. */
const withoutSignature = (link: string) => link.split('?')[0];

/** A file too big to be a message's: refused, never read (so never half-written). */
export class StoreFileTooLarge extends Error {}

/**
 * The file behind a presigned link as n8n binary data. A refusal (403 once the link expired), any
 * other answer than 200 or a failed request is `unavailable`; a body that ends early fails the
 * stream, so no binary is made of it. Throws StoreFileTooLarge for a file over STORE_FILE_LIMIT.
 */
export async function binaryFromStore(
	helpers: StoreHelpers,
	link: string,
	file: { fileName: string; mimeType?: string; subject: string },
): Promise<StoreOutcome> {
	const request: IHttpRequestOptions = {
		method: 'GET',
		url: link,
		encoding: 'stream',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		json: false,
		timeout: STORE_IDLE_TIMEOUT_MS,
	};
	let response: StreamedResponse;
	try {
		response = (await helpers.httpRequest(request)) as StreamedResponse;
	} catch (error) {
		return { unavailable: `the store could not be reached for ${file.subject} (${(error as Error).message})` };
	}
	if (response.statusCode !== 200) {
		response.body?.destroy?.();
		return { unavailable: `the store answered ${response.statusCode} for ${file.subject} at ${withoutSignature(link)}${response.statusCode === 403 ? ' (the link expired or was refused)' : ''}` };
	}
	const announced = Number(response.headers['content-length']);
	if (Number.isFinite(announced) && announced > STORE_FILE_LIMIT) {
		response.body?.destroy?.();
		throw new StoreFileTooLarge(
			`The file of ${file.subject} is ${formatBytes(announced)} (${announced.toLocaleString('en-US')} bytes), over the ${formatBytes(STORE_FILE_LIMIT)} a WhatsApp message can carry: it was not downloaded`,
		);
	}
	const body = response.body as Parameters<BinaryHelperFunctions['prepareBinaryData']>[0];
	try {
		// The message's MIME type, else the one the server gave the object when it stored it.
		const mimeType = baseMimeType(file.mimeType ?? (typeof response.headers['content-type'] === 'string' ? response.headers['content-type'] : undefined));
		return { binary: await helpers.prepareBinaryData(body, file.fileName, mimeType) };
	} catch (error) {
		return { unavailable: `the store's answer for ${file.subject} broke off (${(error as Error).message})` };
	}
}

// Prepare steps (see PrepareStep in the transport): read a parameter of the current item, check
// it (nothing is sent when it is bad) and put the clean value into the request.
import type { IBinaryData, IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { requireValid } from '../../shared/invalidInput';
import type { MessagingRequestContext } from '../../shared/messaging/errors';
import { sendMediaAsBuffer } from '../../shared/messaging/mediaBody';
import { fillInstance, type MessagingRequest } from '../../shared/messaging/transport';
import {
	base64ByteLength,
	checkBase64Media,
	checkDelay,
	checkFileName,
	checkInstanceName,
	checkMediaSize,
	checkMediaType,
	checkMediaUrl,
	checkMessageText,
	checkMimeType,
	checkNumberList,
	checkPhoneNumber,
	defaultMediaFileName,
	mimeTypeForFileName,
	type Checked,
	type MediaType,
} from '../../shared/validation';

function checked<T>(fns: IExecuteSingleFunctions, label: string, raw: unknown, check: (raw: unknown) => Checked<T>): T {
	return requireValid(fns.getNode(), fns.getItemIndex(), label, raw, check(raw));
}

function bodyOf(request: MessagingRequest): IDataObject {
	if (!request.body || typeof request.body !== 'object') request.body = {};
	return request.body as IDataObject;
}

/** Fills the route's `{instanceName}` with the encoded name. */
export async function withInstance(this: IExecuteSingleFunctions, request: MessagingRequest, context: MessagingRequestContext) {
	const raw = this.getNodeParameter('instanceName', '', { extractValue: true });
	const instanceName = checked(this, 'Instance', raw, checkInstanceName);
	context.instanceName = instanceName;
	request.url = fillInstance(String(request.url), instanceName);
}

export async function withNumber(this: IExecuteSingleFunctions, request: MessagingRequest, context: MessagingRequestContext) {
	const raw = this.getNodeParameter('number');
	const number = checked(this, 'Number', raw, checkPhoneNumber);
	context.number = { given: String(raw).trim(), number };
	bodyOf(request).number = number;
}

export async function withText(this: IExecuteSingleFunctions, request: MessagingRequest) {
	bodyOf(request).text = checked(this, 'Text', this.getNodeParameter('text'), checkMessageText);
}

interface TextOptions {
	delay?: number | string;
	linkPreview?: boolean;
	quotedMessageId?: string;
	mentionsEveryOne?: boolean;
	mentioned?: unknown;
}

export async function withTextOptions(this: IExecuteSingleFunctions, request: MessagingRequest) {
	const options = this.getNodeParameter('options', {}) as TextOptions;
	const body = bodyOf(request);
	const delay = checked(this, 'Delay', options.delay, checkDelay);
	if (delay !== undefined) body.delay = delay;
	if (options.linkPreview !== undefined) body.linkPreview = options.linkPreview;
	const quoted = typeof options.quotedMessageId === 'string' ? options.quotedMessageId.trim() : '';
	if (quoted) body.quoted = { key: { id: quoted } };
	if (options.mentionsEveryOne !== undefined) body.mentionsEveryOne = options.mentionsEveryOne;
	if (options.mentioned !== undefined && options.mentioned !== '') {
		body.mentioned = checked(this, 'Mentioned Numbers', options.mentioned, checkNumberList).map((entry) => entry.number);
	}
}

export async function withNumbers(this: IExecuteSingleFunctions, request: MessagingRequest) {
	const numbers = checked(this, 'Numbers', this.getNodeParameter('numbers'), checkNumberList);
	bodyOf(request).numbers = numbers.map((entry) => entry.number);
}

interface MediaOptions {
	caption?: string;
	fileName?: string;
	mimeType?: string;
}

interface MediaContent {
	media: string;
	mimeType?: string;
	fileName?: string;
}

/** A short stand-in for a long base64 text in messages. */
function preview(raw: unknown): unknown {
	return typeof raw === 'string' && raw.length > 40 ? `${raw.slice(0, 32)}... (${raw.length} characters)` : raw;
}

/** The last path segment of a URL when it looks like a file name (document.pdf). */
function fileNameOfUrl(url: string): string | undefined {
	try {
		const last = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
		return /^[^\\/]+\.[A-Za-z0-9]{1,8}$/.test(last) ? last : undefined;
	} catch {
		return undefined;
	}
}

async function fromUrl(fns: IExecuteSingleFunctions): Promise<MediaContent> {
	const media = checked(fns, 'Media URL', fns.getNodeParameter('mediaUrl'), checkMediaUrl);
	return { media, fileName: fileNameOfUrl(media) };
}

async function fromBase64(fns: IExecuteSingleFunctions): Promise<MediaContent> {
	const raw = fns.getNodeParameter('mediaBase64');
	const result = checkBase64Media(raw);
	const content = requireValid(fns.getNode(), fns.getItemIndex(), 'Media (base64)', preview(raw), result);
	return { media: content.base64, mimeType: content.mimeType };
}

/**
 * A file from a previous node. In n8n's memory mode the item already holds the file as base64,
 * which is sent as it is (no copy); files kept on disk or in object storage are read once, after
 * their recorded size passed the limit.
 */
async function fromBinary(fns: IExecuteSingleFunctions): Promise<MediaContent> {
	const property = checked(fns, 'Input Binary Field', fns.getNodeParameter('binaryPropertyName'), (raw) =>
		typeof raw === 'string' && raw.trim()
			? { valid: true, value: raw.trim() }
			: { valid: false, problem: 'is empty', hint: 'Give the name of the binary field that holds the file, usually data.' },
	);
	const binaries = fns.getInputData().binary ?? {};
	const binary = binaries[property] as IBinaryData | undefined;
	if (!binary) {
		const available = Object.keys(binaries);
		checked(fns, 'Input Binary Field', property, () => ({
			valid: false,
			problem: available.length ? `is not a file of this item (it has ${available.map((name) => `"${name}"`).join(', ')})` : 'is not there: this item has no files',
			hint: 'Make sure a previous node (HTTP Request, Read/Write Files, Google Drive...) outputs the file, and give the name of its binary field.',
		}));
	}
	const file = binary as IBinaryData;
	const label = file.fileName ?? property;
	const knownSize = typeof file.bytes === 'number' ? file.bytes : file.id ? undefined : base64ByteLength(file.data);
	if (knownSize !== undefined) requireValid(fns.getNode(), fns.getItemIndex(), 'File', label, checkMediaSize(knownSize));
	let media = file.data;
	if (file.id) {
		const buffer = await fns.helpers.getBinaryDataBuffer(property);
		requireValid(fns.getNode(), fns.getItemIndex(), 'File', label, checkMediaSize(buffer.length));
		media = buffer.toString('base64');
	}
	const mimeType = checkMimeType(file.mimeType);
	return { media, mimeType: mimeType.valid ? mimeType.value : undefined, fileName: file.fileName };
}

const MEDIA_SOURCES: Record<string, (fns: IExecuteSingleFunctions) => Promise<MediaContent>> = {
	url: fromUrl,
	base64: fromBase64,
	binary: fromBinary,
};

/**
 * The media fields of sendMedia. The MIME type and file name set in Options win over those of the
 * file; a document always gets a file name (the server needs one for base64), from the file or
 * from the MIME type.
 */
export async function withMedia(this: IExecuteSingleFunctions, request: MessagingRequest) {
	const mediaType: MediaType = checked(this, 'Media Type', this.getNodeParameter('mediaType'), checkMediaType);
	const options = this.getNodeParameter('options', {}) as MediaOptions;
	const mimeOption = checked(this, 'MIME Type', options.mimeType, checkMimeType);
	const fileNameOption = checked(this, 'File Name', options.fileName, checkFileName);
	const source = this.getNodeParameter('mediaSource') as string;
	const read = MEDIA_SOURCES[source];
	if (!read) {
		checked(this, 'Media Source', source, () => ({ valid: false, problem: 'is not a media source', hint: 'Use URL, Base64 or Binary File.' }));
	}
	const content = await read(this);

	const body = bodyOf(request);
	body.mediatype = mediaType;
	body.media = content.media;
	const mimeType = mimeOption ?? content.mimeType ?? mimeTypeForFileName(fileNameOption ?? content.fileName);
	if (mimeType) body.mimetype = mimeType;
	const caption = typeof options.caption === 'string' ? options.caption : '';
	if (caption.trim() && mediaType !== 'audio') body.caption = caption;
	if (mediaType === 'document') {
		const fileName = fileNameOption ?? content.fileName ?? (source === 'url' ? undefined : defaultMediaFileName(mediaType, mimeType));
		if (fileName) body.fileName = fileName;
	}
}

/** Last step of Send Media: keeps a large file from being copied over and over (see mediaBody.ts). */
export async function withMediaBodyAsBuffer(this: IExecuteSingleFunctions, request: MessagingRequest) {
	sendMediaAsBuffer(request);
}

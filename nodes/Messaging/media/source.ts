// Where a message's file comes from: a URL the server downloads, base64 text, or a binary file of
// the item. The parameters that pick and give it, and the reading, for every operation that sends a file.
import type { IBinaryData, INodeProperties } from 'n8n-workflow';

import { valueOf, type Field, type ItemReader } from '../../shared/contract';
import { inBody } from '../../shared/fields';
import { base64ByteLength, checkBase64Media, checkMediaSize, checkMediaUrl, checkMimeType, MAX_MEDIA_BYTES } from '../validation/media';

/** A file of the item, not read: uploaded from n8n's binary store as it is, or read as base64 where a route takes only JSON. */
export interface BinaryFile {
	/** The item's binary field that holds it. */
	property: string;
	bytes: number;
	/** Where n8n's binary store keeps it (filesystem, database, S3); none in memory mode. */
	id?: string;
	/** Memory mode: the file as base64, in the item. */
	data?: string;
}

/** A file as read from its source, with what the source tells of its type and name. */
export interface MediaContent {
	/** What the user picked: url, base64 or binary. */
	source: string;
	/** The URL, or raw base64; empty for a binary file, which is not read until it is sent (`binary`). */
	media: string;
	mimeType?: string;
	fileName?: string;
	binary?: BinaryFile;
}

export const mediaSourceProperties: INodeProperties[] = [
	{
		displayName: 'Media Source',
		name: 'mediaSource',
		type: 'options',
		options: [
			{ name: 'Base64', value: 'base64', description: 'The file as base64 text' },
			{ name: 'Binary File', value: 'binary', description: 'A file from a previous node (HTTP Request, Read/Write Files, Google Drive...)' },
			{ name: 'URL', value: 'url', description: 'A link the Evolution API server downloads the file from' },
		],
		default: 'url',
		description: 'Where the file comes from',
	},
	{
		displayName: 'Media URL',
		name: 'mediaUrl',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. https://example.com/invoice.pdf',
		description: 'An http or https link to the file; the Evolution API server must be able to download it',
		displayOptions: { show: { mediaSource: ['url'] } },
	},
	{
		displayName: 'Media (Base64)',
		name: 'mediaBase64',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		description: 'The file as base64 text. A data:...;base64, prefix and line breaks are removed before sending.',
		displayOptions: { show: { mediaSource: ['base64'] } },
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		hint: 'The name of the input binary field containing the file to be sent',
		description: 'Send Media uses its MIME type and file name unless Options set them',
		displayOptions: { show: { mediaSource: ['binary'] } },
	},
];

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

async function fromUrl(item: ItemReader): Promise<MediaContent> {
	const raw = item.parameter('mediaUrl');
	const media = item.require('Media URL', raw, checkMediaUrl(raw));
	return { source: 'url', media, fileName: fileNameOfUrl(media) };
}

async function fromBase64(item: ItemReader): Promise<MediaContent> {
	const raw = item.parameter('mediaBase64');
	const content = item.require('Media (base64)', preview(raw), checkBase64Media(raw));
	return { source: 'base64', media: content.base64, mimeType: content.mimeType };
}

/**
 * A file from a previous node, checked to be there, its size known without reading it (the item's
 * record, or the store's metadata): it is read only when it is sent (media/upload.ts, `base64Of`).
 */
async function fromBinary(item: ItemReader): Promise<MediaContent> {
	const raw = item.parameter('binaryPropertyName');
	const property = item.require(
		'Input Binary Field',
		raw,
		typeof raw === 'string' && raw.trim()
			? { valid: true, value: raw.trim() }
			: { valid: false, problem: 'is empty', hint: 'Give the name of the binary field that holds the file, usually data.' },
	);
	const binaries = item.fns.getInputData().binary ?? {};
	const binary = binaries[property] as IBinaryData | undefined;
	if (!binary) {
		const available = Object.keys(binaries);
		item.require('Input Binary Field', property, {
			valid: false,
			problem: available.length ? `is not a file of this item (it has ${available.map((name) => `"${name}"`).join(', ')})` : 'is not there: this item has no files',
			hint: 'Make sure a previous node (HTTP Request, Read/Write Files, Google Drive...) outputs the file, and give the name of its binary field.',
		});
	}
	const file = binary as IBinaryData;
	const bytes =
		typeof file.bytes === 'number'
			? file.bytes
			: file.id
				? (await item.fns.helpers.getBinaryMetadata(file.id)).fileSize
				: base64ByteLength(file.data);
	const mimeType = checkMimeType(file.mimeType);
	return {
		source: 'binary',
		media: '',
		mimeType: mimeType.valid ? mimeType.value : undefined,
		fileName: file.fileName,
		binary: { property, bytes, ...(file.id ? { id: file.id } : { data: file.data }) },
	};
}

/** The name a binary file is called by in errors. */
export const binaryLabel = (content: MediaContent): string => content.fileName ?? content.binary?.property ?? 'file';

/**
 * The file as the raw base64 a JSON body carries (URL and base64 sources as they are); a binary
 * file is checked against the 15 MB limit of base64 media before it is read.
 */
export async function base64Of(item: ItemReader, content: MediaContent, what?: string): Promise<string> {
	const file = content.binary;
	if (!file) return content.media;
	item.require('File', binaryLabel(content), checkMediaSize(file.bytes, MAX_MEDIA_BYTES, what));
	if (!file.id) return file.data ?? '';
	const buffer = await item.fns.helpers.getBinaryDataBuffer(file.property);
	item.require('File', binaryLabel(content), checkMediaSize(buffer.length, MAX_MEDIA_BYTES, what));
	return buffer.toString('base64');
}

const MEDIA_SOURCES: Record<string, (item: ItemReader) => Promise<MediaContent>> = {
	url: fromUrl,
	base64: fromBase64,
	binary: fromBinary,
};

/** The item's file from the source the user picked, checked (size, base64, URL) before anything is sent. */
export async function readMediaSource(item: ItemReader): Promise<MediaContent> {
	const source = item.parameter('mediaSource') as string;
	const read = MEDIA_SOURCES[source];
	if (!read) {
		item.require('Media Source', source, { valid: false, problem: 'is not a media source', hint: 'Use URL, Base64 or Binary File.' });
	}
	return await read(item);
}

/** The file of a send (Send Media, Send Audio, Send Sticker): where it comes from, read and checked; the operation places it. */
export const mediaFile: Field<'file', MediaContent> = {
	name: 'file',
	properties: mediaSourceProperties,
	read: readMediaSource,
};

/** The file read by `mediaFile` (listed before it), as the URL or raw base64 a route takes under `key`. */
export const mediaFileIn = <K extends string>(key: K): Field<K, string> => ({
	name: key,
	properties: [],
	read: async (item, before) => await base64Of(item, valueOf(before, mediaFile)),
	to: inBody(key),
});

import type { IBinaryData, IDataObject } from 'n8n-workflow';

import { apiError } from '../../../shared/errors';
import { bad, ok, type Checked } from '../../../shared/checks';
import { operation, type SendRequest } from '../../../shared/contract';
import { RunSlot } from '../../../shared/sharedRun';
import { checkedField, inBody, optionFlag } from '../../../shared/fields';
import { instance } from '../../fields';
import { MEDIA_DOWNLOAD_PATH, mediaDownloadBody, mediaFileName, mediaFileOf, noFileFailure, type MediaAnswer } from '../../media/download';
import { binaryFromStore, storeLinkOf } from '../../media/store';
import { MESSAGE_ID_PROPERTY } from '../../messageKey';
import { checkMessageId } from '../../validation/messageKeys';

const messageId = checkedField(
	{ ...MESSAGE_ID_PROPERTY, description: "The media message's key.ID, from the trigger or a send's output. The server must have stored the message." },
	checkMessageId,
	// The server finds the message by its ID alone (media/download.ts).
	inBody('message', (id: string) => mediaDownloadBody(id, false).message),
	{ about: (id) => ({ messageId: id }) },
);

const outputField = checkedField(
	{
		displayName: 'Put Output File in Field',
		name: 'outputBinaryField',
		type: 'string',
		required: true,
		default: 'data',
		hint: 'The name of the output binary field to put the file in',
	},
	(raw): Checked<string> =>
		typeof raw === 'string' && /^[A-Za-z0-9_$-]{1,64}$/.test(raw.trim())
			? ok(raw.trim())
			: bad('is not a binary field name (letters, digits, _ and -)', 'Use data, or a name such as invoice.'),
);

const convertToMp4 = optionFlag(
	{
		displayName: 'Convert Audio to MP4',
		name: 'convertToMp4',
		type: 'boolean',
		default: false,
		description: 'Whether the server converts a voice note (OGG/Opus) to MP4 audio, which more apps and AI services read',
	},
	inBody('convertToMp4'),
);

/** The run's knowledge of the server's store: once a stored media message came without a link, the run stops asking (S3 is off). */
const STORE_LINKS = new RunSlot<{ none?: boolean }>('messaging.downloadMedia.storeLinks');

/** What a file streamed from the store answers in place of the base64 route's answer. */
interface StoreAnswer {
	stored: IBinaryData;
	mediaType: string;
	caption?: string;
	mimetype: string;
	fileName: string;
}
const isStoreAnswer = (answer: unknown): answer is StoreAnswer => typeof answer === 'object' && answer !== null && 'stored' in answer;

/**
 * The stored message's link in the server's S3 store: with S3 on, the server wrote it into the
 * Message row as `message.mediaUrl` (docs/evolution-api.md, "S3 storage"). One small request
 * (findMessages by key.id) where Storage → Get Media URL would need three (the instance's id, the
 * Media row's id, a new link). Its errors are the server's, as the base64 route's would be.
 */
async function storedLink(send: SendRequest, instanceName: string, id: string): Promise<{ link?: string; record?: IDataObject }> {
	const found = await send(
		{ method: 'POST', url: `/chat/findMessages/${encodeURIComponent(instanceName)}`, body: { where: { key: { id } }, offset: 1, page: 1 } },
		`message ${id}`,
	);
	const record = ((found as { messages?: { records?: unknown[] } })?.messages?.records ?? [])[0] as IDataObject | undefined;
	const message = (record?.message ?? {}) as IDataObject;
	return { link: storeLinkOf(message.mediaUrl), record };
}

export const downloadMedia = operation({
	name: 'Download Media',
	value: 'downloadMedia',
	action: 'Download media of message',
	description: "A message's image, audio, video or document, as a file of the item",
	request: { method: 'POST', path: MEDIA_DOWNLOAD_PATH },
	fields: [instance, messageId, outputField, convertToMp4],
	subject: ({ messageId: id }) => `message ${id}`,
	routeKind: 'media',
	// With the server's S3 store on, the file streams from its link (media/store.ts); else, when the
	// link is refused, or for a voice note the server converts, the base64 route as before.
	async send(send, { instanceName, messageId: id, convertToMp4: toMp4 }, fns, run) {
		const known = run.slot(STORE_LINKS, (): { none?: boolean } => ({}));
		let storeError: string | undefined;
		if (!toMp4 && !known.none) {
			const { link, record } = await storedLink(send, instanceName, id);
			if (record && !link) known.none = true;
			if (link && record) {
				const mediaType = String(record.messageType ?? '');
				const content = ((record.message as IDataObject)[mediaType] ?? {}) as IDataObject;
				const mimetype = typeof content.mimetype === 'string' ? content.mimetype : undefined;
				const fileName = mediaFileName({ fileName: typeof content.fileName === 'string' ? content.fileName : undefined, mimetype }, id);
				let stored;
				try {
					stored = await binaryFromStore(fns.helpers, link, { fileName, mimeType: mimetype, subject: `message ${id}` });
				} catch (error) {
					throw apiError(fns.getNode(), fns.getItemIndex(), { message: (error as Error).message, description: 'The store announced a file bigger than any WhatsApp message holds. Check the message ID.' });
				}
				if ('binary' in stored) {
					const { mimeType } = stored.binary;
					return { stored: stored.binary, mediaType, ...(typeof content.caption === 'string' ? { caption: content.caption } : {}), mimetype: mimeType, fileName } satisfies StoreAnswer;
				}
				storeError = stored.unavailable;
			}
		}
		const answer = (await send()) as IDataObject;
		return { ...answer, mediaSource: 'server', ...(storeError ? { mediaStoreError: storeError } : {}) };
	},
	toItems(answer, { messageId: id }) {
		if (isStoreAnswer(answer)) {
			// The file goes into the binary data (toBinary); the JSON describes it.
			const { mediaType, caption, mimetype, fileName } = answer;
			return [{ messageId: id, mediaType, ...(caption === undefined ? {} : { caption }), mimetype, fileName, mediaSource: 'store' }];
		}
		// The file goes into the binary data, not the JSON (and `buffer` is always null over HTTP).
		const json: IDataObject = { messageId: id, ...(answer as IDataObject), fileName: mediaFileName(answer as MediaAnswer, id) };
		delete json.base64;
		delete json.buffer;
		return [json];
	},
	async toBinary(answer, { messageId: id, outputBinaryField }, fns) {
		if (isStoreAnswer(answer)) return { [outputBinaryField]: answer.stored };
		const file = mediaFileOf(answer as MediaAnswer, id);
		if (!file) throw apiError(fns.getNode(), fns.getItemIndex(), noFileFailure(id));
		return { [outputBinaryField]: await fns.helpers.prepareBinaryData(file.data, file.fileName, file.mimeType) };
	},
});

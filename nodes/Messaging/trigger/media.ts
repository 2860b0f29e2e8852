// A media message's file as n8n binary data: from the delivery when the webhook's base64 option
// carried it (Media Files From: Each Delivery); else streamed from the server's S3/MinIO store when
// the delivery carries its link (`message.mediaUrl`, media/store.ts); else, or when the link is
// refused, fetched from the server the way Download Media fetches it (media/download.ts). The item
// says which source served it.
import { NodeOperationError, type IBinaryData, type IWebhookFunctions } from 'n8n-workflow';

import { MEDIA_DOWNLOAD_PATH, mediaDownloadBody, mediaFileName, mediaFileOf, noFileFailure, type MediaAnswer } from '../media/download';
import { binaryFromStore, storeLinkOf, type MediaSource } from '../media/store';
import { evolutionRequest } from '../transport';
import { dataOf, isObject, type Delivery } from './read';

/** What to do when the server keeps no messages, said in the item's `mediaError`. */
export const WITHOUT_STORED_MESSAGES =
	"set the server's DATABASE_SAVE_DATA_NEW_MESSAGE=true, or the trigger's Options → Media Files From → Each Delivery (Base64)";

/** The file, where it came from, and why the store's link was not used when it was given. */
export interface FetchedMedia {
	binary: IBinaryData;
	source: MediaSource;
	storeError?: string;
}

export async function fetchMedia(
	fns: IWebhookFunctions,
	delivery: Delivery,
	media: { mimeType?: string; fileName?: string; base64?: string },
): Promise<FetchedMedia> {
	const data = dataOf(delivery);
	const key = (data.key ?? {}) as { id?: string };
	const id = String(key.id ?? 'media');
	if (media.base64) return { binary: await binaryOf(fns, { base64: media.base64, mimetype: media.mimeType, fileName: media.fileName }, id), source: 'webhook' };

	const link = storeLinkOf(isObject(data.message) ? data.message.mediaUrl : undefined);
	let storeError: string | undefined;
	if (link) {
		const fileName = mediaFileName({ fileName: media.fileName, mimetype: media.mimeType }, id);
		const stored = await binaryFromStore(fns.helpers, link, { fileName, mimeType: media.mimeType, subject: `message ${id}` });
		if ('binary' in stored) return { binary: stored.binary, source: 'store' };
		storeError = stored.unavailable;
	}

	const instanceName = String(delivery.instance ?? '');
	const fetched = (await evolutionRequest(
		fns,
		{ method: 'POST', url: MEDIA_DOWNLOAD_PATH.replace('{instanceName}', encodeURIComponent(instanceName)), body: mediaDownloadBody(id, false) },
		{ operation: 'downloadMedia', subject: `message ${id}`, about: { instance: instanceName, messageId: id } },
	).catch((error: Error) => storedMessagesNeeded(fns, error))) as MediaAnswer;
	const answer = { ...fetched, mimetype: fetched?.mimetype ?? media.mimeType, fileName: fetched?.fileName || media.fileName };
	return { binary: await binaryOf(fns, answer, id), source: 'server', ...(storeError ? { storeError } : {}) };
}

/** The server finds the file by the message it stored: one that stores none can only send files in deliveries. */
function storedMessagesNeeded(fns: IWebhookFunctions, error: Error): never {
	if (!/has no stored message/.test(error.message)) throw error;
	throw new NodeOperationError(fns.getNode(), `${error.message}: ${WITHOUT_STORED_MESSAGES}`);
}

async function binaryOf(fns: IWebhookFunctions, answer: MediaAnswer, id: string): Promise<IBinaryData> {
	const file = mediaFileOf(answer, id);
	if (!file) throw new Error(noFileFailure(id).message);
	return await fns.helpers.prepareBinaryData(file.data, file.fileName, file.mimeType);
}

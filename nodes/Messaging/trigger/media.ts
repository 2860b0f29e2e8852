// A media message's file as n8n binary data: from the delivery when the webhook's base64 option
// carried it, else fetched from the server the way Download Media fetches it (media/download.ts).
import type { IBinaryData, IWebhookFunctions } from 'n8n-workflow';

import { MEDIA_DOWNLOAD_PATH, mediaDownloadBody, mediaFileOf, noFileFailure, type MediaAnswer } from '../media/download';
import { evolutionRequest } from '../transport';
import { dataOf, type Delivery } from './read';

export async function fetchMedia(
	fns: IWebhookFunctions,
	delivery: Delivery,
	media: { mimeType?: string; fileName?: string; base64?: string },
): Promise<IBinaryData> {
	const key = (dataOf(delivery).key ?? {}) as { id?: string };
	const id = String(key.id ?? 'media');
	let answer: MediaAnswer = { base64: media.base64, mimetype: media.mimeType, fileName: media.fileName };
	if (!media.base64) {
		const instanceName = String(delivery.instance ?? '');
		const fetched = (await evolutionRequest(
			fns,
			{ method: 'POST', url: MEDIA_DOWNLOAD_PATH.replace('{instanceName}', encodeURIComponent(instanceName)), body: mediaDownloadBody(id, false) },
			{ operation: 'downloadMedia', subject: `message ${id}`, about: { instance: instanceName, messageId: id } },
		)) as MediaAnswer;
		answer = { ...fetched, mimetype: fetched?.mimetype ?? media.mimeType, fileName: fetched?.fileName || media.fileName };
	}
	const file = mediaFileOf(answer, id);
	if (!file) throw new Error(noFileFailure(id).message);
	return await fns.helpers.prepareBinaryData(file.data, file.fileName, file.mimeType);
}

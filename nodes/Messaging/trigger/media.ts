// A media message's file as n8n binary data: from the delivery when the webhook's base64 option
// carried it, else fetched from the server (getBase64FromMediaMessage), which stores the message.
import type { IBinaryData, IWebhookFunctions } from 'n8n-workflow';

import { mediaFileNameFor } from '../media/mimeTypes';
import type { Delivery } from './normalise';
import { evolutionRequest } from './transport';

interface MediaAnswer {
	fileName?: string;
	mimetype?: string;
	base64?: string;
}

export async function fetchMedia(
	fns: IWebhookFunctions,
	delivery: Delivery,
	media: { mimeType?: string; fileName?: string; base64?: string },
): Promise<IBinaryData> {
	const key = (delivery.data?.key ?? {}) as { id?: string };
	const id = String(key.id ?? 'media');
	let base64 = media.base64;
	let mimeType = media.mimeType;
	let fileName = media.fileName;
	if (!base64) {
		const instanceName = String(delivery.instance ?? '');
		const answer = (await evolutionRequest(
			fns,
			'POST',
			`/chat/getBase64FromMediaMessage/${encodeURIComponent(instanceName)}`,
			{ operation: 'downloadMedia', subject: `message ${id}`, instanceName },
			{ message: { key: { id } }, convertToMp4: false },
		)) as MediaAnswer;
		if (typeof answer?.base64 !== 'string' || answer.base64 === '') throw new Error(`the server answered without the file of message ${id}`);
		base64 = answer.base64;
		mimeType = answer.mimetype ?? mimeType;
		fileName = answer.fileName || fileName;
	}
	// WhatsApp sends "image/jpeg" or "audio/ogg; codecs=opus": the parameters are not part of the type.
	const type = mimeType?.split(';')[0].trim() || 'application/octet-stream';
	return await fns.helpers.prepareBinaryData(Buffer.from(base64, 'base64'), mediaFileNameFor(fileName, id, type), type);
}

import type { IDataObject } from 'n8n-workflow';

import { apiError } from '../../../shared/errors';
import { bad, ok, type Checked } from '../../../shared/checks';
import { operation } from '../../../shared/contract';
import { checkedField, inBody, optionFlag } from '../../../shared/fields';
import { instance } from '../../fields';
import { MEDIA_DOWNLOAD_PATH, mediaDownloadBody, mediaFileName, mediaFileOf, noFileFailure, type MediaAnswer } from '../../media/download';
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

export const downloadMedia = operation({
	name: 'Download Media',
	value: 'downloadMedia',
	action: 'Download media of message',
	description: "A message's image, audio, video or document, as a file of the item",
	request: { method: 'POST', path: MEDIA_DOWNLOAD_PATH },
	fields: [instance, messageId, outputField, convertToMp4],
	subject: ({ messageId: id }) => `message ${id}`,
	routeKind: 'media',
	toItems(answer, { messageId: id }) {
		// The file goes into the binary data, not the JSON (and `buffer` is always null over HTTP).
		const json: IDataObject = { messageId: id, ...(answer as IDataObject), fileName: mediaFileName(answer as MediaAnswer, id) };
		delete json.base64;
		delete json.buffer;
		return [json];
	},
	async toBinary(answer, { messageId: id, outputBinaryField }, fns) {
		const file = mediaFileOf(answer as MediaAnswer, id);
		if (!file) throw apiError(fns.getNode(), fns.getItemIndex(), noFileFailure(id));
		return { [outputBinaryField]: await fns.helpers.prepareBinaryData(file.data, file.fileName, file.mimeType) };
	},
});

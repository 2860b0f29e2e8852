import type { IDataObject } from 'n8n-workflow';

import { apiError } from '../../../shared/errors';
import { bad, ok, type Checked } from '../../../shared/checks';
import { checkedField, inBody, operation, optionFlag } from '../../../shared/operation';
import { instance } from '../../fields';
import { mediaFileNameFor } from '../../media/mimeTypes';
import { MESSAGE_ID_PROPERTY } from '../../messageKey';
import { checkMessageId } from '../../validation/messageKeys';

const messageId = checkedField(
	{ ...MESSAGE_ID_PROPERTY, description: "The media message's key.ID, from the trigger or a send's output. The server must have stored the message." },
	checkMessageId,
	// The server finds the message by its ID alone.
	inBody('message', (id: string) => ({ key: { id } })),
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

/** What getBase64FromMediaMessage answers, the file aside. */
interface MediaAnswer {
	mediaType?: string;
	fileName?: string;
	caption?: string;
	size?: IDataObject;
	mimetype?: string;
	base64?: string;
}

const fileNameOf = (answer: MediaAnswer, id: string) => mediaFileNameFor(answer.fileName, id, answer.mimetype);

export const downloadMedia = operation<{ messageId: string; outputBinaryField: string }>({
	name: 'Download Media',
	value: 'downloadMedia',
	action: 'Download media of message',
	description: "A message's image, audio, video or document, as a file of the item",
	request: { method: 'POST', path: '/chat/getBase64FromMediaMessage/{instanceName}' },
	fields: [instance, messageId, outputField, convertToMp4],
	subject: ({ messageId: id }) => `message ${id}`,
	routeKind: 'media',
	toItems(answer, { messageId: id }) {
		// The file goes into the binary data, not the JSON (and `buffer` is always null over HTTP).
		const json: IDataObject = { messageId: id, ...(answer as IDataObject), fileName: fileNameOf(answer as MediaAnswer, id) };
		delete json.base64;
		delete json.buffer;
		return [json];
	},
	async toBinary(answer, { messageId: id, outputBinaryField }, fns) {
		const media = answer as MediaAnswer;
		if (typeof media.base64 !== 'string' || media.base64 === '') {
			throw apiError(fns.getNode(), fns.getItemIndex(), {
				message: `the server answered without the file of message ${id}`,
				description: 'The message may hold no media, or the server could not download it from WhatsApp. Check the message ID, then try again.',
			});
		}
		const data = await fns.helpers.prepareBinaryData(Buffer.from(media.base64, 'base64'), fileNameOf(media, id), media.mimetype);
		return { [outputBinaryField]: data };
	},
});

import { inBody, operation, type Field } from '../../../shared/operation';
import { instance, recipient } from '../../fields';
import { mediaFile, type MediaContent } from '../../media/source';
import { pauseBetweenMessages, sendInOrder } from '../../pace';
import { delayOption, MENTION_OPTIONS, QUOTED_OPTION, sendOptionsField } from '../../sendOptions';

/** The route takes the image as it is (URL or raw base64); the server converts it to WebP. */
const sticker: Field<string> = {
	name: 'sticker',
	properties: [],
	read: (_item, before) => (before.file as MediaContent).media,
	to: inBody('sticker'),
};

const stickerOptions = sendOptionsField([delayOption('typing...'), ...MENTION_OPTIONS, QUOTED_OPTION]);

export const sendSticker = operation({
	name: 'Send Sticker',
	value: 'sendSticker',
	action: 'Send sticker',
	description: 'Send an image as a sticker (converted to WebP by the server)',
	request: { method: 'POST', path: '/message/sendSticker/{instanceName}' },
	fields: [instance, recipient, mediaFile, sticker, stickerOptions, pauseBetweenMessages],
	inOrder: sendInOrder,
});

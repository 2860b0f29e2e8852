import { operation } from '../../../shared/operation';
import { instance, recipient } from '../../fields';
import { mediaFile, mediaFileIn } from '../../media/source';
import { pauseBetweenMessages, sendInOrder } from '../../pace';
import { MESSAGE_OPTIONS, sendOptionsField } from '../../sendOptions';

const stickerOptions = sendOptionsField(MESSAGE_OPTIONS);

export const sendSticker = operation({
	name: 'Send Sticker',
	value: 'sendSticker',
	action: 'Send sticker',
	description: 'Send an image as a sticker (converted to WebP by the server)',
	request: { method: 'POST', path: '/message/sendSticker/{instanceName}' },
	// The image goes as it is (URL or raw base64); the server converts it to WebP.
	fields: [instance, recipient, mediaFile, mediaFileIn('sticker'), stickerOptions, pauseBetweenMessages],
	inOrder: sendInOrder,
});

import { recipient } from '../../fields';
import { mediaFile, mediaFileIn } from '../../media/source';
import { MESSAGE_OPTIONS } from '../../sendOptions';
import { sendOperation } from '../../sendOperation';

export const sendSticker = sendOperation({
	name: 'Send Sticker',
	value: 'sendSticker',
	action: 'Send sticker',
	description: 'Send an image as a sticker (converted to WebP by the server)',
	path: '/message/sendSticker/{instanceName}',
	// The image goes as it is (URL or raw base64); the server converts it to WebP.
	fields: [recipient, mediaFile, mediaFileIn('sticker')],
	routeOptions: MESSAGE_OPTIONS,
});

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { mediaFile } from '../../media/source';
import { pictureIn } from '../../media/picture';

export const updatePicture = operation({
	name: 'Update Picture',
	value: 'updatePicture',
	action: 'Update profile picture',
	description: "Set the instance's profile picture from a URL, base64 or a binary image",
	notice:
		'The server downloads a URL itself (its host needs a domain ending, not localhost); base64 and binary files are sent as base64. WhatsApp crops the image to a square.',
	subtitle: 'Update Profile Picture',
	request: { method: 'POST', path: '/chat/updateProfilePicture/{instanceName}' },
	fields: [instance, mediaFile, pictureIn('picture')],
});

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';

export const removePicture = operation({
	name: 'Remove Picture',
	value: 'removePicture',
	action: 'Remove profile picture',
	description: "Remove the instance's profile picture",
	subtitle: 'Remove Profile Picture',
	request: { method: 'DELETE', path: '/chat/removeProfilePicture/{instanceName}' },
	fields: [instance],
});

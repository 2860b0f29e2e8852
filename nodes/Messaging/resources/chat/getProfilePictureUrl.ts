import { operation } from '../../../shared/contract';
import { instance, recipient } from '../../fields';

export const getProfilePictureUrl = operation({
	name: 'Get Profile Picture URL',
	value: 'getProfilePictureUrl',
	action: 'Get profile picture URL',
	description: "The link to a number's or group's profile picture; empty when hidden",
	subtitle: 'Get Profile Picture',
	request: { method: 'POST', path: '/chat/fetchProfilePictureUrl/{instanceName}' },
	fields: [instance, recipient],
});

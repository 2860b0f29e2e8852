import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { whoseProfile } from './profileFields';

export const getProfile = operation({
	name: 'Get Profile',
	value: 'getProfile',
	action: 'Get WhatsApp profile',
	description: "The instance's or a contact's name, picture, About text and business details",
	subtitle: 'Get Profile',
	request: { method: 'POST', path: '/chat/fetchProfile/{instanceName}' },
	fields: [instance, whoseProfile],
});

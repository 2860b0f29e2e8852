import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { whoseProfile } from './profileFields';

export const getBusinessProfile = operation({
	name: 'Get Business Profile',
	value: 'getBusinessProfile',
	action: 'Get WhatsApp Business profile',
	description: 'Business details (address, hours, email, website) of the instance or a contact',
	subtitle: 'Get Business Profile',
	request: { method: 'POST', path: '/chat/fetchBusinessProfile/{instanceName}' },
	fields: [instance, whoseProfile],
});

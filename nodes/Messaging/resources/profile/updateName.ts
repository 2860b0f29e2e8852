import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { profileName } from './profileFields';

export const updateName = operation({
	name: 'Update Name',
	value: 'updateName',
	action: 'Update profile name',
	description: "Change the name contacts see for the instance's WhatsApp account",
	subtitle: 'Update Profile Name',
	request: { method: 'POST', path: '/chat/updateProfileName/{instanceName}' },
	fields: [instance, profileName],
});

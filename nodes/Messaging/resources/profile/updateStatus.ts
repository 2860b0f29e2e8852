import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { profileStatus } from './profileFields';

export const updateStatus = operation({
	name: 'Update Status',
	value: 'updateStatus',
	action: 'Update profile status text',
	description: "Change the About text under the instance's name (not a status story)",
	subtitle: 'Update Profile Status',
	request: { method: 'POST', path: '/chat/updateProfileStatus/{instanceName}' },
	fields: [instance, profileStatus],
});

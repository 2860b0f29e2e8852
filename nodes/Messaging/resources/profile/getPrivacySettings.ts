import { operation } from '../../../shared/contract';
import { instance } from '../../fields';

export const getPrivacySettings = operation({
	name: 'Get Privacy Settings',
	value: 'getPrivacySettings',
	action: 'Get privacy settings',
	description: 'Who sees the last seen, online, photo, status, read receipts; who adds to groups',
	subtitle: 'Get Privacy Settings',
	request: { method: 'GET', path: '/chat/fetchPrivacySettings/{instanceName}' },
	fields: [instance],
});

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';

export const getSettings = operation({
	name: 'Get',
	value: 'get',
	action: 'Get instance settings',
	description: 'How the instance treats calls, groups, presence, read receipts and history',
	subtitle: 'Get Settings',
	request: { method: 'GET', path: '/settings/find/{instanceName}' },
	fields: [instance],
});

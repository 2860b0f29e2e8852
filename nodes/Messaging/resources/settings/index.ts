import type { Resource } from '../../../shared/contract';
import { getSettings } from './get';
import { updateSettings } from './update';

export const settings: Resource = {
	name: 'Settings',
	value: 'settings',
	operations: [getSettings, updateSettings],
	default: 'get',
};

import type { Resource } from '../../../shared/contract';
import { getGroup } from './get';
import { getManyGroups } from './getMany';

export const group: Resource = {
	name: 'Group',
	value: 'group',
	operations: [getManyGroups, getGroup],
	default: 'getMany',
};

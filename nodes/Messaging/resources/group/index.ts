import type { Resource } from '../../../shared/operation';
import { getGroup } from './get';
import { getManyGroups } from './getMany';

export const group: Resource = {
	name: 'Group',
	value: 'group',
	operations: [getManyGroups, getGroup],
	default: 'getMany',
};

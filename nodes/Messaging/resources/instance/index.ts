import type { Resource } from '../../../shared/contract';
import { getConnectionState } from './getConnectionState';
import { getManyInstances } from './getMany';

export const instanceResource: Resource = {
	name: 'Instance',
	value: 'instance',
	operations: [getConnectionState, getManyInstances],
	default: 'getConnectionState',
};

import type { Resource } from '../../../shared/contract';
import { connectInstance } from './connect';
import { createInstance } from './create';
import { deleteInstance } from './delete';
import { getConnectionState } from './getConnectionState';
import { getManyInstances } from './getMany';
import { logoutInstance } from './logout';
import { restartInstance } from './restart';
import { setInstancePresence } from './setPresence';

export const instanceResource: Resource = {
	name: 'Instance',
	value: 'instance',
	operations: [
		connectInstance,
		createInstance,
		deleteInstance,
		getConnectionState,
		getManyInstances,
		logoutInstance,
		restartInstance,
		setInstancePresence,
	],
	default: 'getConnectionState',
};

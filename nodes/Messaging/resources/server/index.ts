import type { Resource } from '../../../shared/contract';
import { getServerInfo } from './getServerInfo';

export const server: Resource = {
	name: 'Server',
	value: 'server',
	operations: [getServerInfo],
	default: 'getServerInfo',
};

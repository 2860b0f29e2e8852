import type { Resource } from '../../../shared/contract';
import { getByDni } from './getByDni';

export const person: Resource = {
	name: 'Person',
	value: 'person',
	operations: [getByDni],
	default: 'getByDni',
};

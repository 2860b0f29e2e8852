import type { Resource } from '../../../shared/operation';
import { getByDni } from './getByDni';

export const person: Resource = {
	name: 'Person',
	value: 'person',
	operations: [getByDni],
	default: 'getByDni',
};

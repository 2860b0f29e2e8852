import type { Resource } from '../../../shared/contract';
import { getCatalog } from './getCatalog';
import { getCollections } from './getCollections';

export const business: Resource = {
	name: 'Business',
	value: 'business',
	operations: [getCatalog, getCollections],
	default: 'getCatalog',
};

import type { Resource } from '../../../shared/contract';
import { validate } from './validate';

export const invoice: Resource = {
	name: 'Invoice',
	value: 'invoice',
	operations: [validate],
	default: 'validate',
};

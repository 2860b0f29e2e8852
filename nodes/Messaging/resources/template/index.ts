import type { Resource } from '../../../shared/contract';
import { createTemplate } from './create';
import { getManyTemplates } from './getMany';

export const template: Resource = {
	name: 'Template',
	value: 'template',
	operations: [getManyTemplates, createTemplate],
	default: 'getMany',
};

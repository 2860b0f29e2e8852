import type { Resource } from '../../../shared/contract';
import { createTemplate } from './create';
import { deleteTemplate } from './delete';
import { editTemplate } from './edit';
import { getManyTemplates } from './getMany';

export const template: Resource = {
	name: 'Template',
	value: 'template',
	operations: [getManyTemplates, createTemplate, editTemplate, deleteTemplate],
	default: 'getMany',
};

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { templateCategory, templateComponents, templateLanguage, templateName, templateOptions } from './templateFields';

export const createTemplate = operation({
	name: 'Create',
	value: 'create',
	action: 'Create message template',
	description: 'Submit a WhatsApp template to Meta for approval (Cloud API instances only)',
	subtitle: 'Create Template',
	request: { method: 'POST', path: '/template/create/{instanceName}' },
	fields: [instance, templateName, templateCategory, templateLanguage, templateComponents, templateOptions],
	subject: ({ templateName: name }) => `template ${name}`,
});

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { templateDeleteOptions } from './templateChangeFields';
import { templateName } from './templateFields';

export const deleteTemplate = operation({
	name: 'Delete',
	value: 'delete',
	action: 'Delete message template',
	description: 'Delete a template at Meta, in every language or one (Evolution 2.3.7+)',
	subtitle: 'Delete Template',
	request: { method: 'DELETE', path: '/template/delete/{instanceName}' },
	since: '2.3.7',
	fields: [instance, templateName, templateDeleteOptions],
	subject: ({ templateName: name }) => `template ${name}`,
});

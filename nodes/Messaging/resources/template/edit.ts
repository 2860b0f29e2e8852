import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { templateChange, templateId } from './templateChangeFields';

export const editTemplate = operation({
	name: 'Edit',
	value: 'edit',
	action: 'Edit message template',
	description: "Change a template's category or components; Meta reviews it again (2.3.7+)",
	subtitle: 'Edit Template',
	request: { method: 'POST', path: '/template/edit/{instanceName}' },
	since: '2.3.7',
	fields: [instance, templateId, templateChange],
	subject: ({ templateId: id }) => `template ${id}`,
});

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { limited } from '../../limit';

export const getManyTemplates = operation({
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many message templates',
	description: "The WhatsApp templates of a Cloud API instance's business, with their status",
	subtitle: 'Get Templates',
	request: { method: 'GET', path: '/template/find/{instanceName}' },
	fields: [instance],
	// The server answers the first page Meta gives (its default size): no Limit to set.
	toItems: (answer) => limited(answer, undefined),
});

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { limited } from '../../limit';

export const getManyLabels = operation({
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many labels',
	description: "The labels of the instance's WhatsApp Business account: ID, name, color",
	subtitle: 'Get Labels',
	request: { method: 'GET', path: '/label/findLabels/{instanceName}' },
	fields: [instance],
	// WhatsApp Business has at most 20 labels: no Limit to set.
	toItems: (answer) => limited(answer, undefined),
});

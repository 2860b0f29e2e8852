import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { successItem } from './logout';

export const deleteInstance = operation({
	name: 'Delete',
	value: 'delete',
	action: 'Delete instance',
	description: 'Remove the instance from the server, logging it out first',
	request: { method: 'DELETE', path: '/instance/delete/{instanceName}' },
	fields: [instance],
	toItems: (answer, { instanceName }) => [successItem(answer, instanceName, { deleted: true })],
});

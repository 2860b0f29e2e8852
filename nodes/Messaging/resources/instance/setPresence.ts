import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { instancePresence } from './instanceFields';

export const setInstancePresence = operation({
	name: 'Set Presence',
	value: 'setPresence',
	action: 'Set presence of instance',
	description: "Show the instance's number as online or offline to its contacts",
	request: { method: 'POST', path: '/instance/setPresence/{instanceName}' },
	fields: [instance, instancePresence],
	toItems: (answer, { instanceName }) => [{ instanceName, ...(answer as object) }],
});

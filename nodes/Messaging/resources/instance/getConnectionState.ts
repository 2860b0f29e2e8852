import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';

export const getConnectionState = operation({
	name: 'Get Connection State',
	value: 'getConnectionState',
	action: 'Get connection state of instance',
	description: 'Whether the WhatsApp connection is open, connecting or closed',
	request: { method: 'GET', path: '/instance/connectionState/{instanceName}' },
	fields: [instance],
	// `{instance: {instanceName, state}}`; a state is missing while the server has not loaded the instance.
	toItems(answer, { instanceName }) {
		const reported = ((answer as IDataObject).instance ?? {}) as IDataObject;
		const state = typeof reported.state === 'string' ? reported.state : 'unknown';
		return [{ instanceName: reported.instanceName ?? instanceName, state, connected: state === 'open' }];
	},
});

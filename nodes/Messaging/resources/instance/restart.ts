import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { connectItem, qrBinary } from './qrCode';

export const restartInstance = operation({
	name: 'Restart',
	value: 'restart',
	action: 'Restart instance',
	description: 'Reconnect a connected or connecting instance to WhatsApp',
	request: { method: 'POST', path: '/instance/restart/{instanceName}' },
	fields: [instance],
	// The server reconnects, then answers as Connect does: the state, or a QR code.
	toItems: (answer, { instanceName }) => [{ ...connectItem(answer, instanceName), restarted: true }],
	toBinary: async (answer, { instanceName }, fns) => await qrBinary(answer, instanceName, fns),
});

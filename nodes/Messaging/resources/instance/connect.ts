import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { pairingNumber } from './instanceFields';
import { connectItem, qrBinary } from './qrCode';

export const connectInstance = operation({
	name: 'Connect',
	value: 'connect',
	action: 'Get QR code to connect instance',
	description: 'The QR code to scan (an image), or a pairing code for a number',
	subtitle: 'Get QR Code',
	request: { method: 'GET', path: '/instance/connect/{instanceName}' },
	fields: [instance, pairingNumber],
	toItems: (answer, { instanceName }) => [connectItem(answer, instanceName)],
	toBinary: async (answer, { instanceName }, fns) => await qrBinary(answer, instanceName, fns),
});

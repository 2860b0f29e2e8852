import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { detail } from '../../../shared/errors';
import { instanceOf, serverReason } from '../../errors';
import {
	businessNumberId,
	businessToken,
	instanceSettings,
	integration,
	newInstanceName,
	pairingNumber,
	qrcode,
} from './instanceFields';
import { qrBinary } from './qrCode';

export const createInstance = operation({
	name: 'Create',
	value: 'create',
	action: 'Create instance',
	description: 'A new WhatsApp connection on the server; its QR code as an image',
	notice: "The output holds the instance's own token (hash): it is an API key for that instance, keep it secret.",
	subtitle: 'Create Instance',
	request: { method: 'POST', path: '/instance/create' },
	fields: [newInstanceName, integration, businessToken, businessNumberId, qrcode, pairingNumber, instanceSettings],
	subject: ({ newInstanceName: name }) => `instance "${name}"`,
	// An instance's own token may not create instances: only the global key may. A refusal of the
	// key, as every 401 of Evolution's (transport.ts), for the run's later requests with it.
	answers({ statusCode, body }, context) {
		if (statusCode !== 401) return undefined;
		return {
			message: `the API key was rejected for creating ${instanceOf(context)} ${detail(String(statusCode), serverReason(body))}`,
			description: "Creating an instance needs the server's global API key (AUTHENTICATION_API_KEY); an instance's own token cannot. Put the global key in the Messaging API credential.",
			httpCode: String(statusCode),
			refuses: 'scope',
		};
	},
	// The answer as the server gives it, the QR code's base64 moved into the binary data.
	toItems(answer) {
		const json: IDataObject = { ...(answer as IDataObject) };
		const qr = json.qrcode as IDataObject | undefined;
		if (qr && typeof qr === 'object') {
			const rest: IDataObject = { ...qr };
			delete rest.base64;
			json.qrcode = rest;
		}
		return [json];
	},
	toBinary: async (answer, { newInstanceName: name }, fns) => await qrBinary((answer as IDataObject).qrcode, name, fns),
});

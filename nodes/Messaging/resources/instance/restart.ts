import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { detail } from '../../../shared/errors';
import { caughtReason, instanceOf } from '../../errors';
import { instance } from '../../fields';
import { connectItem, qrBinary } from './qrCode';

export const restartInstance = operation({
	name: 'Restart',
	value: 'restart',
	action: 'Restart instance',
	description: 'Reconnect a connected or connecting instance to WhatsApp',
	request: { method: 'POST', path: '/instance/restart/{instanceName}' },
	fields: [instance],
	// The controller's caught error, with 200 `{error: true, message}`: the instance is not connected, or the server failed.
	answers({ statusCode, body }, context) {
		if (statusCode < 200 || statusCode >= 300 || (body as IDataObject | null)?.error !== true) return undefined;
		return {
			message: `${instanceOf(context)} could not be restarted: it is not connected, or the server failed ${detail(String(statusCode), caughtReason(body))}`,
			description: 'Evolution restarts only a connected or connecting instance. Check it with Get Connection State; a closed one needs Connect (a new QR code).',
			httpCode: String(statusCode),
		};
	},
	// The server reconnects, then answers as Connect does: the state, or a QR code.
	toItems: (answer, { instanceName }) => [{ ...connectItem(answer, instanceName), restarted: true }],
	toBinary: async (answer, { instanceName }, fns) => await qrBinary(answer, instanceName, fns),
});

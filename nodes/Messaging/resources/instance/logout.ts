import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { detail } from '../../../shared/errors';
import { instanceOf, serverReason } from '../../errors';
import { instance } from '../../fields';

/** `{status: 'SUCCESS', error: false, response: {message}}` as one flat item. */
export const successItem = (answer: unknown, instanceName: string, done: IDataObject): IDataObject => {
	const response = (answer as IDataObject | undefined)?.response as IDataObject | undefined;
	return { ...done, instanceName, message: response?.message ?? null };
};

export const logoutInstance = operation({
	name: 'Log Out',
	value: 'logout',
	action: 'Log out instance',
	description: "Unlink the phone; the instance stays, to connect again with a new QR code",
	request: { method: 'DELETE', path: '/instance/logout/{instanceName}' },
	fields: [instance],
	// An instance whose connection is closed already answers 400 "…not connected…".
	answers({ statusCode, body }, context) {
		if (statusCode !== 400) return undefined;
		const reason = serverReason(body);
		if (!/not connected/i.test(reason)) return undefined;
		return {
			message: `${instanceOf(context)} is not logged in: its WhatsApp connection is already closed ${detail(String(statusCode), reason)}`,
			description: 'There is nothing to log out. Use Connect to link a phone again, or Delete to remove the instance.',
			httpCode: String(statusCode),
		};
	},
	toItems: (answer, { instanceName }) => [successItem(answer, instanceName, { loggedOut: true })],
});

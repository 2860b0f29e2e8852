import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
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
	toItems: (answer, { instanceName }) => [successItem(answer, instanceName, { loggedOut: true })],
});

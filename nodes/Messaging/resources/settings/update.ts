import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { REQUIRED_SETTINGS, settingsChange } from './settingsFields';

export const updateSettings = operation({
	name: 'Update',
	value: 'update',
	action: 'Update instance settings',
	description: 'Change the settings given (reads the others first: two requests)',
	subtitle: 'Update Settings',
	request: { method: 'POST', path: '/settings/set/{instanceName}' },
	fields: [instance, settingsChange],
	/**
	 * `settings/set` requires all six flags and overwrites the call message, so a setting left out
	 * would be reset. The current settings are read first, and what was not given is sent back as
	 * it is. The Wavoip token is never sent: sending it makes the server reconnect to WhatsApp.
	 */
	async send(send, { instanceName, settings }) {
		const current = ((await send({ method: 'GET', url: `/settings/find/${encodeURIComponent(instanceName)}`, body: undefined })) ?? {}) as IDataObject;
		const body: IDataObject = {};
		for (const name of REQUIRED_SETTINGS) body[name] = settings[name] ?? current[name] === true;
		const msgCall = settings.msgCall ?? current.msgCall;
		if (typeof msgCall === 'string') body.msgCall = msgCall;
		return await send({ body });
	},
	// `{settings: {instanceName, settings: <what was sent>}}`: the item is the settings, as Get gives them.
	toItems: (answer) => [((answer as IDataObject).settings as IDataObject | undefined)?.settings as IDataObject ?? (answer as IDataObject)],
});

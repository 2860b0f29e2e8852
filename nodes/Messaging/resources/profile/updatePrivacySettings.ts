import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { PRIVACY_KEYS, privacyChange } from './profileFields';

export const updatePrivacySettings = operation({
	name: 'Update Privacy Settings',
	value: 'updatePrivacySettings',
	action: 'Update privacy settings',
	description: 'Change the privacy settings given (reads the others first: two requests)',
	subtitle: 'Update Privacy Settings',
	request: { method: 'POST', path: '/chat/updatePrivacySettings/{instanceName}' },
	fields: [instance, privacyChange],
	/**
	 * `chat/updatePrivacySettings` requires all six and sets each on WhatsApp, so the current ones
	 * are read first and what was not given is sent back as it is.
	 */
	async send(send, { instanceName, privacy }) {
		const current = ((await send({ method: 'GET', url: `/chat/fetchPrivacySettings/${encodeURIComponent(instanceName)}`, body: undefined })) ?? {}) as IDataObject;
		const body: IDataObject = {};
		for (const key of PRIVACY_KEYS) body[key] = privacy[key] ?? current[key];
		return await send({ body });
	},
	// `{update: 'success', data: <the six sent>}`: the item is the settings, as Get Privacy Settings gives them.
	toItems: (answer) => [((answer as IDataObject).data as IDataObject | undefined) ?? (answer as IDataObject)],
});

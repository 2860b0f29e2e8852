import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { disappearingMessages, group } from './groupFields';

export const setGroupDisappearingMessages = operation({
	name: 'Set Disappearing Messages',
	value: 'setDisappearingMessages',
	action: 'Set group disappearing messages',
	description: 'New messages disappear after 24 hours, 7 days or 90 days, or never',
	subtitle: 'Set Disappearing Messages',
	request: { method: 'POST', path: '/group/toggleEphemeral/{instanceName}' },
	fields: [instance, group, disappearingMessages],
	subject: ({ groupJid }) => `group ${groupJid}`,
	toItems: (answer, { groupJid, disappearingMessages: expiration }) => [{ groupJid, expiration, ...(answer as IDataObject) }],
});

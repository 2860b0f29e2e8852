import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { group } from './groupFields';

export const getGroupParticipants = operation({
	name: 'Get Participants',
	value: 'getParticipants',
	action: 'Get group participants',
	description: 'One item per member: its number, admin role, and name when known',
	subtitle: 'Get Group Participants',
	request: { method: 'GET', path: '/group/participants/{instanceName}' },
	fields: [instance, group],
	subject: ({ groupJid }) => `group ${groupJid}`,
	toItems(answer, { groupJid }) {
		const list = (answer as { participants?: unknown }).participants;
		return (Array.isArray(list) ? (list as IDataObject[]) : []).map((participant) => ({ groupJid, ...participant }));
	},
});

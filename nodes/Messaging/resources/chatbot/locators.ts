// The stored things an operation points at, each picked from a list of the instance's or typed as
// an ID: a bot of the kind picked (Get, Update, Delete) and an OpenAI credential (Delete, Get Models).
import type { INodeProperties } from 'n8n-workflow';

import type { Field, ItemReader } from '../../../shared/contract';
import { checkedField, inPath, inQuery } from '../../../shared/fields';
import { checkRowId } from '../../validation/settings';
import { openAiCredentialProperty } from './bots';

/** The bot: `/{bot}/fetch|update|delete/{chatbotId}/{instance}`. */
export const chatbotId = checkedField(
	{
		displayName: 'Chatbot',
		name: 'chatbotId',
		type: 'resourceLocator',
		required: true,
		default: { mode: 'list', value: '' },
		description: 'The bot, among those of the picked kind on the instance',
		modes: [
			{ displayName: 'From List', name: 'list', type: 'list', placeholder: 'Select a bot...', typeOptions: { searchListMethod: 'getChatbots', searchable: true } },
			{ displayName: 'ID', name: 'id', type: 'string', placeholder: 'e.g. cm4typebot00001' },
		],
	},
	checkRowId,
	inPath('chatbotId'),
	{ extractValue: true },
);

/** One parameter for Delete OpenAI Credential and Get OpenAI Models (fields on the same parameters share them). */
const CREDENTIAL: INodeProperties[] = [
	openAiCredentialProperty('credentialId', "The OpenAI credential stored on the server for the instance (Get OpenAI Models: empty uses the one in the instance's OpenAI settings)"),
];

const credentialOf = (item: ItemReader) => item.parameter('credentialId', '', { extractValue: true });

/** The credential to delete: `/openai/creds/{credentialId}/{instance}`. */
export const credentialToDelete: Field<'credentialId', string> = {
	name: 'credentialId',
	properties: CREDENTIAL,
	read: (item) => item.require('OpenAI Credential', credentialOf(item), checkRowId(credentialOf(item))),
	to: inPath('credentialId'),
};

/** The credential whose models to list (`?openaiCredsId=`); empty: the one in the instance's OpenAI settings. */
export const credentialForModels: Field<'credentialId', string> = {
	name: 'credentialId',
	properties: CREDENTIAL,
	read(item) {
		const raw = credentialOf(item);
		return raw === '' || raw === undefined || raw === null ? '' : item.require('OpenAI Credential', raw, checkRowId(raw));
	},
	to: (request, id) => {
		if (id) inQuery<string>('openaiCredsId')(request, id);
	},
};

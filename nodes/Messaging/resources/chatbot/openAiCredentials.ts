// The OpenAI credentials stored on the server for an instance (`/openai/creds`), which its OpenAI
// bots and settings use, and the models one may use (`/openai/getModels`).
import type { IDataObject } from 'n8n-workflow';

import { bad, ok, type Checked } from '../../../shared/checks';
import { operation } from '../../../shared/contract';
import { checkedField, inBody } from '../../../shared/fields';
import { instance } from '../../fields';
import { itemsWithoutSecrets } from '../../secrets';
import { integrationKind } from '../integration/integrations';
import { openAiFailure } from './chatbotErrors';
import { credentialForModels, credentialToDelete } from './locators';


const OPENAI = integrationKind('openai');

const credentialName = checkedField(
	{ displayName: 'Credential Name', name: 'credentialName', type: 'string', required: true, default: '', placeholder: 'e.g. acme-openai', description: "The credential's name on the server (unique across its instances)" },
	(raw): Checked<string> => (typeof raw === 'string' && raw.trim() !== '' ? ok(raw.trim()) : bad('is empty', 'Give the credential a name.')),
	inBody('name'),
);

const openAiApiKey = checkedField(
	{ displayName: 'OpenAI API Key', name: 'openAiApiKey', type: 'string', typeOptions: { password: true }, required: true, default: '', placeholder: 'e.g. sk-proj-...', description: "The key from your OpenAI account (never shown in the node's output)" },
	(raw): Checked<string> => (typeof raw === 'string' && raw.trim() !== '' ? ok(raw.trim()) : bad('is empty', 'Paste the API key from your OpenAI account (platform.openai.com, API keys).')),
	inBody('apiKey'),
);

export const createOpenAiCredential = operation({
	name: 'Create OpenAI Credential',
	value: 'createOpenAiCredential',
	action: 'Create OpenAI credential on instance',
	description: "Store an OpenAI API key on the server for the instance's OpenAI bots",
	subtitle: 'Create OpenAI Credential',
	request: { method: 'POST', path: '/openai/creds/{instanceName}' },
	fields: [instance, credentialName, openAiApiKey],
	routeKind: OPENAI,
	subject: ({ credentialName }) => credentialName,
	toItems: itemsWithoutSecrets,
	answers: ({ statusCode, body }, context) => openAiFailure(context, statusCode, body),
});

export const getOpenAiCredentials = operation({
	name: 'Get Many OpenAI Credentials',
	value: 'getOpenAiCredentials',
	action: 'Get many OpenAI credentials of instance',
	description: "The instance's stored OpenAI credentials and the bots using each (no keys)",
	subtitle: 'Get OpenAI Credentials',
	request: { method: 'GET', path: '/openai/creds/{instanceName}' },
	fields: [instance],
	routeKind: OPENAI,
	subject: () => 'the OpenAI credentials',
	toItems: itemsWithoutSecrets,
});

export const deleteOpenAiCredential = operation({
	name: 'Delete OpenAI Credential',
	value: 'deleteOpenAiCredential',
	action: 'Delete OpenAI credential',
	description: 'Remove a stored OpenAI credential that no bot or setting uses',
	subtitle: 'Delete OpenAI Credential',
	request: { method: 'DELETE', path: '/openai/creds/{credentialId}/{instanceName}' },
	fields: [instance, credentialToDelete],
	routeKind: OPENAI,
	subject: ({ credentialId }) => credentialId,
	// `{openaiCreds: {id}}`: one flat item.
	toItems: (answer, { credentialId }) => [{ id: ((answer as IDataObject).openaiCreds as IDataObject | undefined)?.id ?? credentialId, deleted: true }],
	answers: ({ statusCode, body }, context) => openAiFailure(context, statusCode, body),
});

export const getOpenAiModels = operation({
	name: 'Get OpenAI Models',
	value: 'getOpenAiModels',
	action: 'Get OpenAI models',
	description: 'The models an OpenAI credential may use, as OpenAI lists them, one item each',
	subtitle: 'Get OpenAI Models',
	request: { method: 'GET', path: '/openai/getModels/{instanceName}' },
	fields: [instance, credentialForModels],
	routeKind: OPENAI,
	subject: ({ credentialId }) => credentialId,
	toItems: (answer) => (Array.isArray(answer) ? (answer as IDataObject[]) : []),
	answers: ({ statusCode, body }, context) => openAiFailure(context, statusCode, body),
});

// The Chatbot operations in the editor: what to configure, the bot's own settings, then Options
// (or Update Fields) last; each bot's own parameters shown only for it.
import type { INodeProperties } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';

import { Messaging } from '../../../../nodes/Messaging/Messaging.node';
import { chatbot } from '../../../../nodes/Messaging/resources/chatbot';

const properties = new Messaging().description.properties;

/** The parameters shown for a Chatbot operation (and a bot), in the editor's order. */
function shownFor(operation: string, bot = 'typebot', extra: Record<string, string> = {}): INodeProperties[] {
	const values: Record<string, string> = { resource: 'chatbot', operation, bot, triggerType: 'keyword', openAiBotType: 'chatCompletion', ...extra };
	return properties.filter((property) => {
		const show = property.displayOptions?.show ?? {};
		return Object.entries(show).every(([name, allowed]) => name.startsWith('@') || (Array.isArray(allowed) && allowed.includes(values[name] as never)));
	});
}

describe('Chatbot in the editor', () => {
	it.each(chatbot.operations.map((operation) => operation.value))('%s shows its collections after its own parameters', (operation) => {
		const names = shownFor(operation).map((property) => property.name);
		const firstCollection = names.findIndex((name) => name === 'options' || name === 'updateFields');
		const shown = names.filter((name) => name !== 'resource' && name !== 'operation');
		expect(shown[0], `${operation}: ${names.join(', ')}`).toBe('instanceName');
		if (firstCollection >= 0) expect(names.slice(firstCollection).every((name) => ['options', 'updateFields', 'simplify', 'requestOptions'].includes(name)), names.join(', ')).toBe(true);
	});

	it("shows Create each bot's own parameters in the order one fills them, and only that bot's", () => {
		const own = (bot: string, extra: Record<string, string> = {}) =>
			shownFor('create', bot, extra)
				.map((property) => property.name)
				.filter((name) => !['resource', 'operation', 'instanceName', 'bot', 'requestOptions'].includes(name));
		expect(own('typebot')).toEqual(['typebotUrl', 'typebotPublicId', 'triggerType', 'triggerOperator', 'triggerValue', 'options']);
		expect(own('dify')).toEqual(['difyBotType', 'botApiUrl', 'triggerType', 'triggerOperator', 'triggerValue', 'options']);
		expect(own('n8n', { triggerType: 'all' })).toEqual(['n8nWebhookUrl', 'triggerType', 'options']);
		expect(own('openai')).toEqual(['openAiCredential', 'openAiBotType', 'model', 'maxTokens', 'triggerType', 'triggerOperator', 'triggerValue', 'options']);
		expect(own('openai', { openAiBotType: 'assistant', triggerType: 'advanced' })).toEqual(['openAiCredential', 'openAiBotType', 'assistantId', 'triggerType', 'triggerValue', 'options']);
	});

	it('makes every key and password a password field', () => {
		const all = (list: INodeProperties[]): INodeProperties[] => list.flatMap((property) => [property, ...all(((property.options ?? []) as INodeProperties[]).filter((option) => 'type' in option))]);
		const secrets = all(properties.filter((property) => property.displayOptions?.show?.resource?.includes('chatbot'))).filter((property) => /apikey|password/i.test(property.name));
		expect(secrets.map((property) => property.name).sort()).toEqual(['basicAuthPassword', 'basicAuthPassword', 'botApiKey', 'botApiKey', 'openAiApiKey']);
		expect(secrets.every((property) => property.typeOptions?.password === true)).toBe(true);
	});
});

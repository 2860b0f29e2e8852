// No secret the node sent comes back in clear: every Chatbot operation's output, run in the order a
// customer is provisioned, is read for every key and password sent.
import { describe, expect, it } from 'vitest';

import { chatbot as chatbotResource } from '../../../../nodes/Messaging/resources/chatbot';
import { runMessaging, useEvolutionFake, visibleText } from '../helpers';
import { botPicked, chatbot } from './chatbotRequests';

const state = useEvolutionFake();

const SECRETS = { openAi: 'sk-proj-secret-openai-7788', dify: 'app-secret-dify-1122', difyNew: 'app-secret-dify-3344', n8n: 'secret-basic-auth-5566' };

describe('Chatbot: the secrets sent', () => {
	it('never appear in clear in any operation output, though the server echoes them', async () => {
		const { fake } = state;
		const ran: string[] = [];
		const outputs: string[] = [];
		const run = async (operation: string, parameters: Record<string, unknown> = {}) => {
			const result = await runMessaging(fake, { parameters: chatbot(operation, parameters) });
			expect(result.error, operation).toBeUndefined();
			ran.push(operation);
			outputs.push(visibleText(result));
			return result.items;
		};
		const [credential] = await run('createOpenAiCredential', { credentialName: 'acme', openAiApiKey: SECRETS.openAi });
		await run('getOpenAiCredentials');
		await run('getOpenAiModels', { credentialId: botPicked(String(credential.json.id)) });
		const dify = { bot: 'dify', difyBotType: 'chatBot', botApiUrl: 'https://api.dify.ai/v1', triggerType: 'keyword', triggerOperator: 'equals', triggerValue: 'hola', options: { botApiKey: SECRETS.dify } };
		const [bot] = await run('create', dify);
		await run('create', { bot: 'n8n', n8nWebhookUrl: 'https://n8n.example.com/webhook/bot', triggerType: 'none', options: { basicAuthUser: 'evo', basicAuthPassword: SECRETS.n8n } });
		const id = botPicked(String(bot.json.id));
		await run('getMany', { bot: 'dify' });
		await run('get', { bot: 'dify', chatbotId: id });
		await run('update', { bot: 'dify', chatbotId: id, updateFields: { botApiKey: SECRETS.difyNew } });
		await run('updateSettings', { bot: 'dify', updateFields: { fallbackId: String(bot.json.id) } });
		await run('getSettings', { bot: 'dify' });
		await run('ignoreChat', { bot: 'dify', chat: '51987654321' });
		await run('stopIgnoringChat', { bot: 'dify', chat: '51987654321' });
		await run('delete', { bot: 'dify', chatbotId: id });
		await run('deleteOpenAiCredential', { credentialId: botPicked(String(credential.json.id)) });

		// The server was sent each secret (so the check below can fail), and echoed them.
		const sent = JSON.stringify(fake.requests.map((request) => request.body));
		for (const secret of Object.values(SECRETS)) expect(sent).toContain(secret);
		for (const [index, output] of outputs.entries()) for (const secret of Object.values(SECRETS)) expect(output, `${ran[index]} shows ${secret}`).not.toContain(secret);
		// Left out, not masked: no output holds a secret's key at all, at any depth.
		expect(outputs.join('')).not.toMatch(/"(apiKey|basicAuthPass)":/);
		expect([...new Set(ran)].sort()).toEqual(chatbotResource.operations.map((operation) => operation.value).sort());
	});
});

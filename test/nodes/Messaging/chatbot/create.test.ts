import { describe, expect, it } from 'vitest';

import { itemsOf, runMessaging, stopError, useEvolutionFake, visibleText } from '../helpers';
import { chatbot, checkedBodies, schemaErrorsOfBodies } from './chatbotRequests';

const state = useEvolutionFake();

const create = (overrides: Record<string, unknown> = {}) =>
	chatbot('create', { bot: 'typebot', typebotUrl: 'https://typebot.example.com', typebotPublicId: 'ventas-x1', triggerType: 'keyword', triggerOperator: 'equals', triggerValue: 'hola', ...overrides });

const requests = () => state.fake.requests.map((request) => [request.method, request.path, request.body]);

describe('Chatbot → Create', () => {
	it('POSTs the Typebot with its trigger and options, and gives the stored bot', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: create({ options: { description: 'Ventas', expire: 30, keywordFinish: '#salir', ignoreJids: '51911111111, @g.us' } }) });
		expect(result.error).toBeUndefined();
		expect(requests()).toEqual([
			[
				'POST',
				'/typebot/create/sales',
				{
					url: 'https://typebot.example.com',
					typebot: 'ventas-x1',
					triggerType: 'keyword',
					triggerOperator: 'equals',
					triggerValue: 'hola',
					enabled: true,
					description: 'Ventas',
					expire: 30,
					keywordFinish: '#salir',
					ignoreJids: ['51911111111@s.whatsapp.net', '@g.us'],
				},
			],
		]);
		expect(result.items).toHaveLength(1);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(result.items[0].json).toMatchObject({ enabled: true, description: 'Ventas', url: 'https://typebot.example.com', typebot: 'ventas-x1', triggerValue: 'hola', expire: 30, instanceId: expect.any(String) });
		expect(fake.integrations.bots.get(String(result.items[0].json.id))?.row?.typebot).toBe('ventas-x1');
		expect(schemaErrorsOfBodies(fake)).toEqual([]);
	});

	it.each([
		['evolutionBot', { botApiUrl: 'https://bots.example.com/api', options: { botApiKey: 'evo-secret-1' } }, { apiUrl: 'https://bots.example.com/api', apiKey: 'evo-secret-1' }],
		['dify', { difyBotType: 'agent', botApiUrl: 'https://api.dify.ai/v1', options: { botApiKey: 'app-dify-secret' } }, { botType: 'agent', apiUrl: 'https://api.dify.ai/v1', apiKey: 'app-dify-secret' }],
		['flowise', { botApiUrl: 'https://flowise.example.com/api/v1/prediction/abc' }, { apiUrl: 'https://flowise.example.com/api/v1/prediction/abc' }],
		['evoai', { botApiUrl: 'https://evoai.example.com/agents/7', options: { botApiKey: 'evoai-secret' } }, { agentUrl: 'https://evoai.example.com/agents/7', apiKey: 'evoai-secret' }],
		[
			'n8n',
			{ n8nWebhookUrl: 'https://n8n.example.com/webhook/bot', options: { basicAuthUser: 'evo', basicAuthPassword: 'n8n-basic-secret' } },
			{ webhookUrl: 'https://n8n.example.com/webhook/bot', basicAuthUser: 'evo', basicAuthPass: 'n8n-basic-secret' },
		],
	])("POSTs %s's own settings under its schema's keys, its secret left out of the item", async (bot, parameters, own) => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: create({ bot, ...parameters, triggerType: 'advanced', triggerValue: 'contains:ruc' }) });
		expect(result.error).toBeUndefined();
		expect(requests()).toEqual([['POST', `/${bot}/create/sales`, { ...own, triggerType: 'advanced', triggerValue: 'contains:ruc', enabled: true }]]);
		expect(schemaErrorsOfBodies(fake)).toEqual([]);
		const secret = (own as Record<string, unknown>).apiKey ?? (own as Record<string, unknown>).basicAuthPass;
		if (secret) {
			expect(JSON.stringify(fake.requests[0].body)).toContain(String(secret));
			expect(visibleText(result)).not.toContain(String(secret));
			for (const key of ['apiKey', 'basicAuthPass']) expect(result.items[0].json).not.toHaveProperty(key);
		}
	});

	it('POSTs an OpenAI chat-completion bot with its credential, model and messages; an assistant with its ID', async () => {
		const { fake } = state;
		fake.integrations.openaiCreds.set('cmcreds0001', { id: 'cmcreds0001', name: 'acme', apiKey: 'sk-acme', instanceId: 'x' });
		const completion = await runMessaging(fake, {
			parameters: create({
				bot: 'openai',
				openAiCredential: { __rl: true, mode: 'id', value: 'cmcreds0001' },
				openAiBotType: 'chatCompletion',
				model: 'gpt-4o-mini',
				maxTokens: 300,
				triggerType: 'all',
				options: { systemMessages: ['Eres el asistente de ventas.'], functionUrl: 'https://n8n.example.com/webhook/fn' },
			}),
		});
		const assistant = await runMessaging(fake, {
			parameters: create({ bot: 'openai', openAiCredential: { __rl: true, mode: 'list', value: 'cmcreds0001' }, openAiBotType: 'assistant', assistantId: 'asst_abc123', triggerType: 'none' }),
		});
		expect(completion.error).toBeUndefined();
		expect(assistant.error).toBeUndefined();
		expect(requests()).toEqual([
			['POST', '/openai/create/sales', { openaiCredsId: 'cmcreds0001', botType: 'chatCompletion', model: 'gpt-4o-mini', maxTokens: 300, triggerType: 'all', enabled: true, systemMessages: ['Eres el asistente de ventas.'], functionUrl: 'https://n8n.example.com/webhook/fn' }],
			['POST', '/openai/create/sales', { openaiCredsId: 'cmcreds0001', botType: 'assistant', assistantId: 'asst_abc123', triggerType: 'none', enabled: true }],
		]);
		expect(schemaErrorsOfBodies(fake)).toEqual([]);
		expect(checkedBodies(fake)).toBe(2);
	});

	it('refuses a keyword trigger without its value, and a Typebot URL that is not one, before any request', async () => {
		const { fake } = state;
		const noValue = await runMessaging(fake, { parameters: create({ triggerValue: ' ' }) });
		expect(stopError(noValue).message).toBe('Trigger Value " " is empty. Nothing was sent. [item 0]');
		const badUrl = await runMessaging(fake, { parameters: create({ typebotUrl: 'typebot.example.com' }) });
		expect(stopError(badUrl).message).toBe('Typebot URL "typebot.example.com" is not an http or https URL. Nothing was sent. [item 0]');
		expect(fake.requests).toEqual([]);
	});

	it("says another bot has the trigger, in the server's words, and keeps pairedItem under Continue On Fail", async () => {
		const { fake } = state;
		await runMessaging(fake, { parameters: create() });
		fake.requests.length = 0;
		const result = await runMessaging(fake, {
			parameters: create({ triggerValue: '={{ $json.keyword }}', typebotPublicId: '={{ $json.flow }}' }),
			items: itemsOf({ keyword: 'hola', flow: 'otro-1' }, { keyword: 'ruc', flow: 'otro-2' }),
			continueOnFail: true,
		});
		expect(result.items.map((item) => [item.pairedItem, item.json.error ?? item.json.triggerValue])).toEqual([
			[{ item: 0 }, 'Another Typebot bot of instance "sales" already has this trigger (500: Trigger already exists) [item 0]'],
			[{ item: 1 }, 'ruc'],
		]);
		expect(result.items[0].error?.description).toMatch(/^Evolution gives a keyword trigger \(its operator and value\) and an advanced one \(its value\) to one Typebot bot per instance/);
	});

	it('says an enabled bot already takes every message, and that a Dify bot with the same address and key exists', async () => {
		const { fake } = state;
		const dify = { bot: 'dify', difyBotType: 'chatBot', botApiUrl: 'https://api.dify.ai/v1', options: { botApiKey: 'app-1' } };
		await runMessaging(fake, { parameters: create({ ...dify, triggerType: 'all' }) });
		const all = await runMessaging(fake, { parameters: create({ ...dify, options: { botApiKey: 'app-2' }, triggerType: 'all' }) });
		expect(stopError(all).message).toBe(
			'Instance "sales" already has an enabled Dify bot triggered by all messages (500: You already have a Dify with an "All" trigger, you cannot have more bots while it is active) [item 0]',
		);
		const same = await runMessaging(fake, { parameters: create({ ...dify, triggerType: 'none' }) });
		expect(stopError(same).message).toBe('Instance "sales" already has a Dify bot with the same bot type, API URL and API key (500: Dify already exists) [item 0]');
	});

	it("names the .env setting of a bot the server has switched off, and the release that brought n8n and EvoAI", async () => {
		const { fake } = state;
		fake.integrations.off.add('typebot');
		const off = stopError(await runMessaging(fake, { parameters: create() }));
		expect(off).toEqual({ message: 'The server has Typebot turned off (400: Typebot is disabled) [item 0]', description: "Set TYPEBOT_ENABLED=true in the Evolution API server's .env and restart it." });
		fake.failNext(404, { status: 404, error: 'Not Found', response: { message: ['Cannot POST /evoai/create/sales'] } });
		const old = stopError(await runMessaging(fake, { parameters: create({ bot: 'evoai', botApiUrl: 'https://evoai.example.com/a' }) }));
		expect(old).toEqual({
			message: 'The server has no EvoAI routes (404: Cannot POST /evoai/create/sales) [item 0]',
			description: 'EvoAI came with Evolution API 2.3.0: update the server, or pick another.',
		});
	});
});

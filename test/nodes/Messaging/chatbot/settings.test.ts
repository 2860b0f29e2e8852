import { describe, expect, it } from 'vitest';

import { askFake, runMessaging, stopError, useEvolutionFake, visibleText } from '../helpers';
import { chatbot, checkedBodies, schemaErrorsOfBodies } from './chatbotRequests';

const state = useEvolutionFake();

const requests = () => state.fake.requests.map((request) => [request.method, request.path, request.body]);

describe('Chatbot → Get Settings and Update Settings', () => {
	it("gives the server's defaults when none are stored, and makes them with the changes, the schema's every key sent", async () => {
		const { fake } = state;
		const before = await runMessaging(fake, { parameters: chatbot('getSettings', { bot: 'evolutionBot' }) });
		expect(before.items[0].json).toMatchObject({ expire: 300, keywordFinish: 'bye', fallbackId: '', fallback: null });
		fake.requests.length = 0;
		const result = await runMessaging(fake, { parameters: chatbot('updateSettings', { bot: 'evolutionBot', updateFields: { expire: 15, ignoreJids: '@g.us' } }) });
		expect(result.error).toBeUndefined();
		expect(requests()).toEqual([
			['GET', '/evolutionBot/fetchSettings/sales', undefined],
			[
				'POST',
				'/evolutionBot/settings/sales',
				{ expire: 15, keywordFinish: 'bye', delayMessage: 1000, unknownMessage: 'Sorry, I dont understand', listeningFromMe: true, stopBotFromMe: true, keepOpen: false, debounceTime: 1, ignoreJids: ['@g.us'], splitMessages: false, timePerChar: 0 },
			],
		]);
		expect(result.items[0].json).toMatchObject({ expire: 15, ignoreJids: ['@g.us'], fallbackId: null, instanceId: expect.any(String) });
		expect(schemaErrorsOfBodies(fake)).toEqual([]);
		expect(checkedBodies(fake)).toBe(1);
	});

	it('keeps what is stored (what is empty stays out), sets the fallback bot (2.3 and 2.2 keys), and says one that is no bot of this kind', async () => {
		const { fake } = state;
		const bot = (await askFake(fake, 'POST', '/typebot/create/sales', { enabled: true, url: 'https://t.example.com', typebot: 'f1', triggerType: 'none' })) as { id: string };
		await askFake(fake, 'POST', '/typebot/settings/sales', { expire: 5, keywordFinish: '#fin', delayMessage: 200, unknownMessage: '?', listeningFromMe: false, stopBotFromMe: true });
		fake.requests.length = 0;
		const result = await runMessaging(fake, { parameters: chatbot('updateSettings', { bot: 'typebot', updateFields: { fallbackId: bot.id } }) });
		expect(requests()[1]).toEqual([
			'POST',
			'/typebot/settings/sales',
			// Stored empty (the first bot made the row): left out, as Typebot's schema requires only the first six.
			{ expire: 5, keywordFinish: '#fin', delayMessage: 200, unknownMessage: '?', listeningFromMe: false, stopBotFromMe: true, keepOpen: false, splitMessages: false, timePerChar: 0, fallbackId: bot.id, typebotIdFallback: bot.id },
		]);
		expect(result.items[0].json).toMatchObject({ fallbackId: bot.id, typebotIdFallback: bot.id });
		const shown = await runMessaging(fake, { parameters: chatbot('getSettings', { bot: 'typebot' }) });
		expect(shown.items[0].json).toMatchObject({ fallbackId: bot.id, fallback: { id: bot.id, typebot: 'f1' } });
		const wrong = stopError(await runMessaging(fake, { parameters: chatbot('updateSettings', { bot: 'typebot', updateFields: { fallbackId: 'cmnobot0001' } }) }));
		expect(wrong.message).toBe('The server refused the Typebot settings of instance "sales" (500: Error setting default settings) [item 0]');
		expect(wrong.description).toMatch(/^Evolution refuses a Fallback Bot ID that is not one of its Typebot bots/);
	});

	it("leaves the fallback bot's key out of Get Settings", async () => {
		const { fake } = state;
		const bot = (await askFake(fake, 'POST', '/flowise/create/sales', { enabled: true, apiUrl: 'https://f.example.com', apiKey: 'flowise-secret', triggerType: 'none' })) as { id: string };
		await runMessaging(fake, { parameters: chatbot('updateSettings', { bot: 'flowise', updateFields: { fallbackId: bot.id } }) });
		const shown = await runMessaging(fake, { parameters: chatbot('getSettings', { bot: 'flowise' }) });
		expect(shown.items[0].json).toMatchObject({ Fallback: { id: bot.id, apiUrl: 'https://f.example.com' }, fallback: { id: bot.id, apiUrl: 'https://f.example.com' } });
		for (const fallback of ['Fallback', 'fallback']) expect(shown.items[0].json[fallback]).not.toHaveProperty('apiKey');
		expect(visibleText(shown)).not.toContain('flowise-secret');
	});

	it('needs an OpenAI credential for the OpenAI settings, given or stored, before sending them', async () => {
		const { fake } = state;
		const result = stopError(await runMessaging(fake, { parameters: chatbot('updateSettings', { bot: 'openai', updateFields: { speechToText: true } }) }));
		expect(result.message).toBe('The OpenAI settings of instance "sales" need an OpenAI credential, and none is given or stored: nothing was changed [item 0]');
		expect(requests().map(([method]) => method)).toEqual(['GET']);
	});
});

describe('Chatbot → Ignore Chat and Stop Ignoring Chat', () => {
	it("adds a contact to the settings' ignore list and takes it off, one item with the list each time", async () => {
		const { fake } = state;
		await askFake(fake, 'POST', '/n8n/settings/sales', { expire: 0, keywordFinish: 'x', delayMessage: 0, unknownMessage: 'x', listeningFromMe: false, stopBotFromMe: false, keepOpen: false, debounceTime: 0, ignoreJids: [], splitMessages: false, timePerChar: 0 });
		fake.requests.length = 0;
		const ignored = await runMessaging(fake, { parameters: chatbot('ignoreChat', { bot: 'n8n', chat: '+51 987 654 321' }) });
		const again = await runMessaging(fake, { parameters: chatbot('stopIgnoringChat', { bot: 'n8n', chat: '51987654321@s.whatsapp.net' }) });
		expect(requests()).toEqual([
			['POST', '/n8n/ignoreJid/sales', { remoteJid: '51987654321@s.whatsapp.net', action: 'add' }],
			['POST', '/n8n/ignoreJid/sales', { remoteJid: '51987654321@s.whatsapp.net', action: 'remove' }],
		]);
		expect(ignored.items).toEqual([{ json: { ignoreJids: ['51987654321@s.whatsapp.net'] }, pairedItem: { item: 0 } }]);
		expect(again.items[0].json).toEqual({ ignoreJids: [] });
		expect(schemaErrorsOfBodies(fake)).toEqual([]);
		expect(checkedBodies(fake)).toBe(2);
	});

	it('says the instance has no settings of that kind of bot yet, and what makes them', async () => {
		const { fake } = state;
		const result = stopError(await runMessaging(fake, { parameters: chatbot('ignoreChat', { bot: 'flowise', chat: '51987654321' }) }));
		expect(result.message).toBe('Instance "sales" has no Flowise settings yet, where the ignored chats are kept (500: Error setting default settings) [item 0]');
		expect(result.description).toMatch(/run Update Settings once/);
	});
});

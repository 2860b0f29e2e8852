import { describe, expect, it } from 'vitest';

import { askFake, runMessaging, stopError, useEvolutionFake, visibleText } from '../helpers';
import { botPicked, chatbot, checkedBodies, schemaErrorsOfBodies } from './chatbotRequests';

const state = useEvolutionFake();

const requests = () => state.fake.requests.map((request) => [request.method, request.path, request.body]);

const KEY = 'sk-proj-acme-0123456789';

async function storedCredential(name = 'acme', apiKey = KEY): Promise<string> {
	const row = (await askFake(state.fake, 'POST', '/openai/creds/sales', { name, apiKey })) as { id: string };
	state.fake.requests.length = 0;
	return row.id;
}

describe('Chatbot → OpenAI credentials', () => {
	it('stores a key, lists the credentials with their bots, and deletes one, never showing the key', async () => {
		const { fake } = state;
		const created = await runMessaging(fake, { parameters: chatbot('createOpenAiCredential', { credentialName: ' acme ', openAiApiKey: KEY }) });
		const id = String(created.items[0].json.id);
		const listed = await runMessaging(fake, { parameters: chatbot('getOpenAiCredentials') });
		const deleted = await runMessaging(fake, { parameters: chatbot('deleteOpenAiCredential', { credentialId: botPicked(id) }) });
		expect(requests()).toEqual([
			['POST', '/openai/creds/sales', { name: 'acme', apiKey: KEY }],
			['GET', '/openai/creds/sales', undefined],
			['DELETE', `/openai/creds/${id}/sales`, undefined],
		]);
		expect(created.items[0].json).toMatchObject({ name: 'acme', instanceId: expect.any(String) });
		expect(created.items[0].json).not.toHaveProperty('apiKey');
		expect(listed.items.map((item) => [item.json.id, 'apiKey' in item.json, item.json.OpenaiAssistant])).toEqual([[id, false, []]]);
		expect(deleted.items).toEqual([{ json: { id, deleted: true }, pairedItem: { item: 0 } }]);
		expect(visibleText(created) + visibleText(listed) + visibleText(deleted)).not.toContain(KEY);
		expect(schemaErrorsOfBodies(fake)).toEqual([]);
		expect(checkedBodies(fake)).toBe(1);
	});

	it("says a key or a name the server already has, and a credential the instance's settings use", async () => {
		const { fake } = state;
		const id = await storedCredential();
		const sameKey = stopError(await runMessaging(fake, { parameters: chatbot('createOpenAiCredential', { credentialName: 'other', openAiApiKey: KEY }) }));
		expect(sameKey.message).toBe('The server already stores this OpenAI API key (400: This API key is already registered. Please use a different API key.) [item 0]');
		const sameName = stopError(await runMessaging(fake, { parameters: chatbot('createOpenAiCredential', { credentialName: 'acme', openAiApiKey: 'sk-other' }) }));
		expect(sameName.message).toBe('Instance "sales" already has an OpenAI credential with this name (400: This credential name is already in use. Please choose a different name.) [item 0]');
		await runMessaging(fake, { parameters: chatbot('updateSettings', { bot: 'openai', updateFields: { openAiCredential: id } }) });
		const inUse = stopError(await runMessaging(fake, { parameters: chatbot('deleteOpenAiCredential', { credentialId: botPicked(id) }) }));
		expect(inUse.message).toBe(`The server refused to delete the OpenAI credential ${id} of instance "sales" (500: Error deleting openai creds) [item 0]`);
		expect(inUse.description).toMatch(/settings use it/);
		const unknown = stopError(await runMessaging(fake, { parameters: chatbot('deleteOpenAiCredential', { credentialId: botPicked('cmnocreds001', 'id') }) }));
		expect(unknown.message).toBe('Instance "sales" has no OpenAI credential with ID cmnocreds001 (500: Openai Creds not found) [item 0]');
	});

	it('refuses an empty key before any request', async () => {
		const { fake } = state;
		const result = stopError(await runMessaging(fake, { parameters: chatbot('createOpenAiCredential', { credentialName: 'acme', openAiApiKey: '  ' }) }));
		expect(result.message).toBe('OpenAI API Key "  " is empty. Nothing was sent. [item 0]');
		expect(fake.requests).toEqual([]);
	});
});

describe('Chatbot → Get OpenAI Models', () => {
	it("lists a credential's models, one item each; without one, the settings' credential", async () => {
		const { fake } = state;
		const id = await storedCredential();
		const picked = await runMessaging(fake, { parameters: chatbot('getOpenAiModels', { credentialId: botPicked(id) }) });
		const none = stopError(await runMessaging(fake, { parameters: chatbot('getOpenAiModels') }));
		await askFake(fake, 'POST', '/openai/settings/sales', { openaiCredsId: id, expire: 0, keywordFinish: 'x', delayMessage: 0, unknownMessage: 'x', listeningFromMe: false, stopBotFromMe: false, keepOpen: false, debounceTime: 0, ignoreJids: [] });
		const fromSettings = await runMessaging(fake, { parameters: chatbot('getOpenAiModels') });
		expect(requests().filter(([method]) => method === 'GET')).toEqual([
			['GET', `/openai/getModels/sales?openaiCredsId=${id}`, undefined],
			['GET', '/openai/getModels/sales', undefined],
			['GET', '/openai/getModels/sales', undefined],
		]);
		expect(picked.items).toEqual(
			['gpt-4o-mini', 'gpt-4o', 'whisper-1'].map((id) => ({ json: { id, object: 'model', created: 1715367049, owned_by: 'system' }, pairedItem: { item: 0 } })),
		);
		expect(none.message).toBe('Instance "sales" has no OpenAI credential in its OpenAI settings (500: Settings not found) [item 0]');
		expect(fromSettings.items.map((item) => item.json.id)).toEqual(['gpt-4o-mini', 'gpt-4o', 'whisper-1']);
	});

	it('says OpenAI refused the key (or could not be reached), and that the OpenAI integration is off', async () => {
		const { fake } = state;
		const id = await storedCredential('bad', 'not-a-key');
		const refused = stopError(await runMessaging(fake, { parameters: chatbot('getOpenAiModels', { credentialId: botPicked(id) }) }));
		expect(refused.message).toBe('The server could not get the model list from OpenAI (500: Error fetching models) [item 0]');
		fake.integrations.off.add('openai');
		const off = stopError(await runMessaging(fake, { parameters: chatbot('getOpenAiModels', { credentialId: botPicked(id) }) }));
		expect(off).toEqual({ message: 'The server has OpenAI turned off (400: Openai is disabled) [item 0]', description: "Set OPENAI_ENABLED=true in the Evolution API server's .env and restart it." });
	});
});

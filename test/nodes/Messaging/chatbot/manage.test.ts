import { describe, expect, it } from 'vitest';

import { askFake, itemsOf, runMessaging, stopError, useEvolutionFake, visibleText } from '../helpers';
import { botPicked, chatbot, checkedBodies, schemaErrorsOfBodies } from './chatbotRequests';

const state = useEvolutionFake();

const requests = () => state.fake.requests.map((request) => [request.method, request.path, request.body]);

/** A Dify bot made through the fake's route, as Create would; its ID. */
async function difyBot(trigger: Record<string, unknown> = { triggerType: 'keyword', triggerOperator: 'equals', triggerValue: 'hola' }, apiKey = 'app-dify-secret'): Promise<string> {
	const row = (await askFake(state.fake, 'POST', '/dify/create/sales', { enabled: true, description: 'Soporte', botType: 'chatBot', apiUrl: 'https://api.dify.ai/v1', apiKey, ...trigger })) as { id: string };
	state.fake.requests.length = 0;
	return row.id;
}

describe('Chatbot → Get Many and Get', () => {
	it("lists the instance's bots of the picked kind, one item each, keys left out; Get gives one", async () => {
		const { fake } = state;
		const id = await difyBot();
		const many = await runMessaging(fake, { parameters: chatbot('getMany', { bot: 'dify' }) });
		const one = await runMessaging(fake, { parameters: chatbot('get', { bot: 'dify', chatbotId: botPicked(id) }) });
		const none = await runMessaging(fake, { parameters: chatbot('getMany', { bot: 'flowise' }) });
		expect(requests()).toEqual([
			['GET', '/dify/find/sales', undefined],
			['GET', `/dify/fetch/${id}/sales`, undefined],
			['GET', '/flowise/find/sales', undefined],
		]);
		expect(many.items.map((item) => [item.json.id, item.json.description, 'apiKey' in item.json])).toEqual([[id, 'Soporte', false]]);
		expect(one.items).toEqual([{ json: many.items[0].json, pairedItem: { item: 0 } }]);
		expect(none.items).toEqual([]);
		expect(visibleText(many) + visibleText(one)).not.toContain('app-dify-secret');
	});

	it('says no bot has the ID (2.3 answers null; 2.2 a 500), and refuses an ID with a slash before sending', async () => {
		const { fake } = state;
		const missing = stopError(await runMessaging(fake, { parameters: chatbot('get', { bot: 'typebot', chatbotId: botPicked('cmnobot0001', 'id') }) }));
		expect(missing.message).toBe('Instance "sales" has no Typebot bot with ID cmnobot0001 (200: null) [item 0]');
		fake.failNext(500, { status: 500, error: 'Internal Server Error', response: { message: 'Typebot not found' } });
		const old = stopError(await runMessaging(fake, { parameters: chatbot('get', { bot: 'typebot', chatbotId: botPicked('cmnobot0001', 'id') }) }));
		expect(old.message).toBe('Instance "sales" has no Typebot bot with ID cmnobot0001 (500: Typebot not found) [item 0]');
		fake.requests.length = 0;
		const slash = stopError(await runMessaging(fake, { parameters: chatbot('get', { bot: 'typebot', chatbotId: botPicked('a/b', 'id') }) }));
		expect(slash.message).toBe('Chatbot "a/b" is not an ID (letters, digits, - and _). Nothing was sent. [item 0]');
		expect(fake.requests).toEqual([]);
	});
});

describe('Chatbot → Get and Get Many, simplified', () => {
	it("keep 10 of a bot's fields with Simplify on (its address whatever the bot calls it); off, the row (keys left out)", async () => {
		const { fake } = state;
		const id = await difyBot();
		const on = await runMessaging(fake, { parameters: chatbot('getMany', { bot: 'dify', simplify: true }) });
		const row = fake.integrations.bots.get(id)!.row!;
		expect(on.items).toEqual([
			{
				json: {
					id,
					description: 'Soporte',
					enabled: true,
					triggerType: 'keyword',
					triggerOperator: 'equals',
					triggerValue: 'hola',
					address: 'https://api.dify.ai/v1',
					typebot: null,
					botType: 'chatBot',
					updatedAt: row.updatedAt,
				},
				pairedItem: { item: 0 },
			},
		]);
		const off = await runMessaging(fake, { parameters: chatbot('get', { bot: 'dify', chatbotId: botPicked(id), simplify: false }) });
		const { apiKey, ...rowWithoutKey } = row;
		expect(apiKey).toBe('app-dify-secret');
		expect(off.items[0].json).toEqual(rowWithoutKey);
		expect(Object.keys(off.items[0].json)).toHaveLength(22);
	});
});

describe('Chatbot → Update', () => {
	it('reads the stored bot and PUTs it back with only the changes, the stored key sent, none shown', async () => {
		const { fake } = state;
		const id = await difyBot();
		const result = await runMessaging(fake, {
			parameters: chatbot('update', { bot: 'dify', chatbotId: botPicked(id), updateFields: { enabled: false, triggerValue: 'soporte', keepOpen: true } }),
		});
		expect(result.error).toBeUndefined();
		const [read, put] = requests();
		expect(read).toEqual(['GET', `/dify/fetch/${id}/sales`, undefined]);
		expect(put[0]).toBe('PUT');
		expect(put[1]).toBe(`/dify/update/${id}/sales`);
		expect(put[2]).toEqual({
			enabled: false,
			description: 'Soporte',
			botType: 'chatBot',
			apiUrl: 'https://api.dify.ai/v1',
			apiKey: 'app-dify-secret',
			triggerType: 'keyword',
			triggerOperator: 'equals',
			triggerValue: 'soporte',
			expire: 0,
			listeningFromMe: false,
			stopBotFromMe: false,
			keepOpen: true,
			splitMessages: false,
			timePerChar: 0,
		});
		expect(result.items[0].json).toMatchObject({ id, enabled: false, triggerValue: 'soporte', keepOpen: true });
		expect(result.items[0].json).not.toHaveProperty('apiKey');
		expect(visibleText(result)).not.toContain('app-dify-secret');
		expect(schemaErrorsOfBodies(fake)).toEqual([]);
		expect(checkedBodies(fake)).toBe(1);
	});

	it("says the server hides why an update was refused (another bot's trigger), and that an unknown ID changes nothing", async () => {
		const { fake } = state;
		const first = await difyBot();
		const second = await difyBot({ triggerType: 'keyword', triggerOperator: 'equals', triggerValue: 'ruc' }, 'app-other');
		const taken = stopError(await runMessaging(fake, { parameters: chatbot('update', { bot: 'dify', chatbotId: botPicked(second), updateFields: { triggerValue: 'hola' } }) }));
		expect(taken.message).toBe(`The server refused to update Dify bot ${second} of instance "sales" (500: Error updating Dify) [item 0]`);
		expect(taken.description).toMatch(/another Dify bot has this trigger/);
		expect(fake.integrations.bots.get(second)?.row?.triggerValue).toBe('ruc');
		fake.requests.length = 0;
		const unknown = stopError(await runMessaging(fake, { parameters: chatbot('update', { bot: 'dify', chatbotId: botPicked('cmnobot0001', 'id'), updateFields: { enabled: false } }) }));
		expect(unknown.message).toBe('Instance "sales" has no Dify bot with ID cmnobot0001: nothing was changed [item 0]');
		expect(requests()).toEqual([['GET', '/dify/fetch/cmnobot0001/sales', undefined]]);
		expect(first).not.toBe(second);
	});

	it('refuses a keyword trigger left without its operator and value before the PUT', async () => {
		const { fake } = state;
		const id = await difyBot({ triggerType: 'all' });
		const result = stopError(await runMessaging(fake, { parameters: chatbot('update', { bot: 'dify', chatbotId: botPicked(id), updateFields: { triggerType: 'keyword' } }) }));
		expect(result.message).toBe('Trigger Type "keyword" is keyword without an operator and a value. Nothing was sent. [item 0]');
		expect(requests().map(([method]) => method)).toEqual(['GET']);
	});
});

describe('Chatbot → Delete', () => {
	it('DELETEs the bot, with its sessions, one item; an unknown ID is said, under Continue On Fail with pairedItem', async () => {
		const { fake } = state;
		const id = await difyBot();
		fake.storeBotSession({ bot: 'dify', botId: id });
		const result = await runMessaging(fake, {
			parameters: chatbot('delete', { bot: 'dify', chatbotId: botPicked('={{ $json.id }}', 'id') }),
			items: itemsOf({ id: 'cmnobot0001' }, { id }),
			continueOnFail: true,
		});
		expect(requests().sort()).toEqual([
			['DELETE', `/dify/delete/${id}/sales`, undefined],
			['DELETE', '/dify/delete/cmnobot0001/sales', undefined],
		].sort());
		expect(result.items.map((item) => [item.pairedItem, item.json.error ?? item.json])).toEqual([
			[{ item: 0 }, 'Instance "sales" has no Dify bot with ID cmnobot0001 (500: Error deleting Dify bot) [item 0]'],
			[{ item: 1 }, { id, deleted: true }],
		]);
		expect(fake.integrations.sessions).toEqual([]);
	});
});

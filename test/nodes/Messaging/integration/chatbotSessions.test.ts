import { describe, expect, it } from 'vitest';

import { askFake, instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake();

const ANA = '51987654321@s.whatsapp.net';
const LUIS = '51912345678@s.whatsapp.net';

const change = (overrides: Record<string, unknown> = {}) => ({
	resource: 'integration',
	operation: 'changeChatbotSessionStatus',
	instanceName: instance('sales'),
	bot: 'typebot',
	chat: '+51 987 654 321',
	sessionStatus: 'paused',
	...overrides,
});

const sessions = (overrides: Record<string, unknown> = {}) => ({
	resource: 'integration',
	operation: 'getChatbotSessions',
	instanceName: instance('sales'),
	bot: 'typebot',
	...overrides,
});

const requests = () => state.fake.requests.map((r) => [r.method, r.path, r.body]);

describe('Integration → Change Chatbot Session Status', () => {
	it("POSTs {remoteJid, status} with the number made the chat's address, and gives one flat item", async () => {
		const { fake } = state;
		fake.storeBotSession({ remoteJid: ANA });
		fake.storeBotSession({ remoteJid: LUIS });
		const result = await runMessaging(fake, { parameters: change() });
		expect(result.error).toBeUndefined();
		expect(requests()).toEqual([['POST', '/typebot/changeStatus/sales', { remoteJid: ANA, status: 'paused' }]]);
		expect(result.items).toEqual([{ json: { instanceName: 'sales', remoteJid: ANA, status: 'paused', session: { count: 1 } }, pairedItem: { item: 0 } }]);
		expect(fake.integrations.sessions.map((session) => [session.remoteJid, session.status])).toEqual([
			[ANA, 'paused'],
			[LUIS, 'opened'],
		]);
	});

	it('deletes the sessions, and closes them (an address passes as it is), each answer one item', async () => {
		const { fake } = state;
		fake.storeBotSession({ remoteJid: ANA, bot: 'dify' });
		const closed = await runMessaging(fake, { parameters: change({ bot: 'dify', chat: ANA, sessionStatus: 'closed' }) });
		const deleted = await runMessaging(fake, { parameters: change({ bot: 'openai', chat: '51912345678@s.whatsapp.net', sessionStatus: 'delete' }) });
		expect(requests()).toEqual([
			['POST', '/dify/changeStatus/sales', { remoteJid: ANA, status: 'closed' }],
			['POST', '/openai/changeStatus/sales', { remoteJid: LUIS, status: 'delete' }],
		]);
		expect(closed.items[0].json).toEqual({ instanceName: 'sales', remoteJid: ANA, status: 'closed' });
		expect(deleted.items[0].json).toEqual({ remoteJid: LUIS, status: 'delete' });
		expect(fake.integrations.sessions).toEqual([]);
	});

	it("reads 2.2's answer, wrapped under the bot's name", async () => {
		const { fake } = state;
		fake.failNext(200, { typebot: { instanceName: 'sales', typebot: { remoteJid: ANA, status: 'opened', session: { count: 2 } } } });
		const result = await runMessaging(fake, { parameters: change({ sessionStatus: 'opened' }) });
		expect(result.items[0].json).toEqual({ instanceName: 'sales', remoteJid: ANA, status: 'opened', session: { count: 2 } });
	});

	it('refuses a chat that is not a number or address before any request', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: change({ chat: 'Ana Torres' }) });
		expect(stopError(result).message).toMatch(/^Chat "Ana Torres" holds characters other than digits/);
		expect(fake.requests).toEqual([]);
	});

	it('says the server has the bot turned off, and keeps pairedItem under Continue On Fail', async () => {
		const { fake } = state;
		fake.integrations.off.add('typebot');
		const result = await runMessaging(fake, {
			parameters: change({ bot: '={{ $json.bot }}' }),
			items: itemsOf({ bot: 'typebot' }, { bot: 'evolutionBot' }),
			continueOnFail: true,
		});
		expect(result.items.map((item) => [item.pairedItem, item.json.error ?? item.json.status])).toEqual([
			[{ item: 0 }, 'The server has Typebot turned off (400: Typebot is disabled) [item 0]'],
			[{ item: 1 }, 'paused'],
		]);
		expect(result.items[0].error?.description).toBe("Set TYPEBOT_ENABLED=true in the Evolution API server's .env and restart it.");
	});
});

describe('Integration → Get Chatbot Sessions', () => {
	it("GETs one bot's sessions, one item each; without a Bot ID, every session of that kind of bot", async () => {
		const { fake } = state;
		const first = fake.storeBotSession({ remoteJid: ANA, botId: 'clbotventas0001' });
		fake.storeBotSession({ remoteJid: LUIS, status: 'paused' });
		fake.storeBotSession({ remoteJid: LUIS, bot: 'dify' });
		fake.storeBotSession({ remoteJid: ANA, instance: 'Support Team' });
		const one = await runMessaging(fake, { parameters: sessions({ botId: 'clbotventas0001' }) });
		const every = await runMessaging(fake, { parameters: sessions() });
		expect(requests()).toEqual([
			['GET', '/typebot/fetchSessions/clbotventas0001/sales', undefined],
			['GET', '/typebot/fetchSessions/all/sales', undefined],
		]);
		expect(one.items).toEqual([{ json: { ...first }, pairedItem: { item: 0 } }]);
		expect(every.items.map((item) => [item.json.remoteJid, item.json.status, item.json.type])).toEqual([
			[ANA, 'opened', 'typebot'],
			[LUIS, 'paused', 'typebot'],
		]);
	});

	it('gives no item when there is no session', async () => {
		const result = await runMessaging(state.fake, { parameters: sessions({ bot: 'n8n' }) });
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([]);
	});

	it("refuses a Bot ID with a slash before any request; explains the 500 for another instance's bot", async () => {
		const { fake } = state;
		const slash = await runMessaging(fake, { parameters: sessions({ botId: 'a/b' }) });
		expect(stopError(slash).message).toBe('Bot ID "a/b" is not a bot ID (letters, digits, - and _). Nothing was sent. [item 0]');
		expect(fake.requests).toEqual([]);
		fake.storeBotSession({ instance: 'Support Team', botId: 'clbotsoporte001' });
		const other = await runMessaging(fake, { parameters: sessions({ botId: 'clbotsoporte001' }) });
		const error = stopError(other);
		expect(error.message).toBe('The server could not list the Typebot sessions of instance "sales" (500: Error fetching sessions) [item 0]');
		expect(error.description).toMatch(/Bot ID is a bot of another instance/);
	});

	it("with Simplify, keeps 9 of a session's 13 fields (no context, parameters nor row IDs); off, the sessions as the server gives them", async () => {
		const { fake } = state;
		const session = fake.storeBotSession({ remoteJid: ANA, pushName: 'Ana Torres', status: 'paused', botId: 'clbotventas0001' });
		const on = await runMessaging(fake, { parameters: sessions({ simplify: true }) });
		expect(on.items).toEqual([
			{
				json: {
					remoteJid: ANA,
					pushName: 'Ana Torres',
					status: 'paused',
					type: 'typebot',
					botId: 'clbotventas0001',
					sessionId: session.sessionId,
					awaitUser: false,
					createdAt: session.createdAt,
					updatedAt: session.updatedAt,
				},
				pairedItem: { item: 0 },
			},
		]);
		const off = await runMessaging(fake, { parameters: sessions({ simplify: false }) });
		expect(off.items.map((item) => item.json)).toEqual(await askFake(fake, 'GET', '/typebot/fetchSessions/all/sales'));
		expect(Object.keys(off.items[0].json)).toHaveLength(13);
	});
});

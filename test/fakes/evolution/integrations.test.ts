// The fake's integration routes (event transports, proxy, Chatwoot, chatbot sessions) as Evolution
// 2.3.6 answers them (docs/evolution-api.md, "Integrations").
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { describe, expect, it } from 'vitest';

import { WEBHOOK_EVENTS } from '../../../fakes/evolution';
import { callFake } from './call';
import { useEvolutionFake } from '../../harness/evolutionFake';

const state = useEvolutionFake({ integrationsOff: ['sqs'] });

const call = (method: string, path: string, body?: unknown, apikey?: string) => callFake(state.fake, method, path, body, apikey);
/** The status and raw text: an integration the server has off answers an empty body. */
async function raw(method: string, path: string, body?: unknown) {
	const response = await fetch(`${state.fake.url}${path}`, {
		method,
		headers: { apikey: state.fake.apiKey, 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}
const schemaError = (...messages: string[]) => ({ status: 400, error: 'Bad Request', response: { message: [messages] } });

describe('Evolution fake: event transports', () => {
	it('guards the routes as the others: an unknown instance first, then the key', async () => {
		expect((await call('GET', '/rabbitmq/find/nope', undefined, 'bad')).status).toBe(404);
		expect((await call('GET', '/rabbitmq/find/sales', undefined, 'bad')).status).toBe(401);
		expect((await call('POST', '/typebot/changeStatus/sales', {}, 'sales-token')).status).toBe(400);
	});

	it("checks the body with event.schema.ts's messages; a body without the transport's key, or events, is a 500", async () => {
		expect((await call('POST', '/rabbitmq/set/sales', { rabbitmq: { enabled: 'yes' } })).body).toEqual(
			schemaError('rabbitmq.enabled is not of a type(s) boolean', 'rabbitmq.enabled is not one of enum values: true,false'),
		);
		// One schema for the five: another transport's key is checked too.
		expect((await call('POST', '/nats/set/sales', { kafka: {} })).body).toEqual(schemaError('kafka requires property "enabled"'));
		expect(await call('POST', '/nats/set/sales', {})).toEqual({
			status: 500,
			body: { status: 500, error: 'Internal Server Error', response: { message: "Cannot set properties of undefined (setting 'events')" } },
		});
		expect((await call('POST', '/nats/set/sales', { nats: { enabled: true } })).body.response.message).toBe("Cannot read properties of undefined (reading 'length')");
	});

	it('stores every event for an empty list, none when off; finds the row, or null', async () => {
		expect(await call('GET', '/kafka/find/sales')).toEqual({ status: 200, body: null });
		const set = await call('POST', '/kafka/set/sales', { kafka: { enabled: true, events: [] } });
		expect(set.status).toBe(201);
		expect(Object.keys(set.body)).toEqual(['id', 'enabled', 'events', 'createdAt', 'updatedAt', 'instanceId']);
		expect(set.body.events).toEqual(WEBHOOK_EVENTS);
		await call('POST', '/kafka/set/sales', { kafka: { enabled: false, events: ['CALL'] } });
		expect((await call('GET', '/kafka/find/sales')).body).toMatchObject({ id: set.body.id, enabled: false, events: [] });
	});

	it('answers an empty body with the JSON type when the server has the transport off', async () => {
		expect(await raw('POST', '/sqs/set/sales', { sqs: { enabled: true, events: [] } })).toEqual({ status: 201, type: 'application/json; charset=utf-8', text: '' });
		expect(await raw('GET', '/sqs/find/sales')).toMatchObject({ status: 200, text: '' });
	});

	it("Pusher: requires the whole app, not empty when it is all there is; its set works with Pusher off, its find does not", async () => {
		const app = { enabled: true, appId: '1', key: 'k', secret: 's', cluster: 'us2', useTLS: true };
		expect((await call('POST', '/pusher/set/sales', {})).body).toEqual(schemaError('instance requires property "pusher"'));
		expect((await call('POST', '/pusher/set/sales', { pusher: { ...app, appId: '' } })).body).toEqual(schemaError('The "appId" cannot be empty'));
		state.fake.integrations.off.add('pusher');
		const set = await call('POST', '/pusher/set/sales', { pusher: { ...app, events: ['CALL'] } });
		expect(Object.keys(set.body)).toEqual(['id', 'enabled', 'appId', 'key', 'secret', 'cluster', 'useTLS', 'events', 'createdAt', 'updatedAt', 'instanceId']);
		expect(await raw('GET', '/pusher/find/sales')).toMatchObject({ status: 200, text: '' });
	});
});

describe('Evolution fake: proxy', () => {
	it('requires four keys, not empty when they are all there is; refuses a proxy that does not work', async () => {
		expect((await call('POST', '/proxy/set/sales', { enabled: true })).body).toEqual(
			schemaError('instance requires property "host"', 'instance requires property "port"', 'instance requires property "protocol"'),
		);
		expect((await call('POST', '/proxy/set/sales', { enabled: false, host: '', port: '', protocol: '' })).body).toEqual(
			schemaError('The "host" cannot be empty', 'The "port" cannot be empty', 'The "protocol" cannot be empty'),
		);
		for (const proxy of [{ protocol: 'https', host: 'p.example.com' }, { protocol: 'http', host: 'dead.invalid' }])
			expect((await call('POST', '/proxy/set/sales', { enabled: true, port: '1', username: '', password: '', ...proxy })).body).toEqual({
				status: 400,
				error: 'Bad Request',
				response: { message: ['Invalid proxy'] },
			});
	});

	it('answers the body (blanked when off); stores nothing on a first save without the login', async () => {
		const proxy = { enabled: true, host: 'p.example.com', port: '3128', protocol: 'http' };
		expect(await call('POST', '/proxy/set/sales', proxy)).toEqual({ status: 201, body: { proxy: { instanceName: 'sales', proxy } } });
		expect(await call('GET', '/proxy/find/sales')).toEqual({ status: 200, body: null });
		await call('POST', '/proxy/set/sales', { ...proxy, username: 'u', password: 'p' });
		const off = await call('POST', '/proxy/set/sales', { ...proxy, enabled: false });
		expect(off.body.proxy.proxy).toEqual({ enabled: false, host: '', port: '', protocol: '', username: '', password: '' });
		expect((await call('GET', '/proxy/find/sales')).body).toMatchObject({ enabled: false, host: '', password: '' });
	});
});

describe('Evolution fake: Chatwoot', () => {
	const account = { enabled: true, accountId: '7', token: 't', url: 'http://chatwoot:3000', signMsg: true, reopenConversation: false, conversationPending: false };

	it("checks the schema, then the controller's rules when turning it on", async () => {
		expect((await call('POST', '/chatwoot/set/sales', { enabled: true })).body.response.message[0]).toEqual([
			'instance requires property "accountId"',
			'instance requires property "token"',
			'instance requires property "url"',
			'instance requires property "signMsg"',
			'instance requires property "reopenConversation"',
			'instance requires property "conversationPending"',
		]);
		expect((await call('POST', '/chatwoot/set/sales', { ...account, url: 'not a url', nameInbox: '' })).body.response.message).toEqual(['url is not valid']);
		expect((await call('POST', '/chatwoot/set/sales', { ...account, accountId: '', nameInbox: '' })).body.response.message).toEqual(['accountId is required']);
		state.fake.integrations.off.add('chatwoot');
		expect((await call('GET', '/chatwoot/find/sales')).body.response.message).toEqual(['Chatwoot is disabled']);
	});

	it('answers the body with the webhook URL; a first save drops the delimiter, a second keeps it', async () => {
		const first = await call('POST', '/chatwoot/set/sales', { ...account, signDelimiter: ' — ' });
		expect(first).toEqual({ status: 201, body: { ...account, signDelimiter: ' — ', nameInbox: 'sales', webhook_url: `${state.fake.url}/chatwoot/webhook/sales` } });
		expect((await call('GET', '/chatwoot/find/sales')).body).toMatchObject({ signDelimiter: null, nameInbox: 'sales', ignoreJids: [] });
		await call('POST', '/chatwoot/set/sales', { ...account, signDelimiter: ' — ' });
		expect((await call('GET', '/chatwoot/find/sales')).body).toMatchObject({ signDelimiter: ' — ', token: 't' });
	});
});

describe('Evolution fake: chatbot sessions', () => {
	it('pauses the chat’s sessions of the instance, whatever their bot; fetchSessions lists one kind, or one bot', async () => {
		const ana = '51987654321@s.whatsapp.net';
		const typebot = state.fake.storeBotSession({ remoteJid: ana, botId: 'clbot1' });
		state.fake.storeBotSession({ remoteJid: ana, bot: 'dify' });
		state.fake.storeBotSession({ remoteJid: ana, instance: 'Support Team' });
		const paused = await call('POST', '/typebot/changeStatus/sales', { remoteJid: ana, status: 'paused' });
		expect(paused).toEqual({ status: 200, body: { bot: { instanceName: 'sales', bot: { remoteJid: ana, status: 'paused', session: { count: 2 } } } } });
		expect(state.fake.integrations.sessions.map((session) => session.status)).toEqual(['paused', 'paused', 'opened']);
		expect((await call('GET', '/typebot/fetchSessions/clbot1/sales')).body).toEqual([{ ...typebot, status: 'paused', updatedAt: expect.any(String) }]);
		expect((await call('GET', '/dify/fetchSessions/unknown/sales')).body.map((s: { type: string }) => s.type)).toEqual(['dify']);
		expect((await call('GET', '/typebot/fetchSessions/clbot1/Support%20Team')).body.response.message).toBe('Error fetching sessions');
		expect((await call('GET', '/typebot/fetchSessions/sales')).status).toBe(404);
		expect((await call('GET', '/chatgpt/fetchSessions/x/sales')).body.response.message).toEqual(['Cannot GET /chatgpt/fetchSessions/x/sales']);
	});

	it('deletes, and closes unless the bot keeps sessions open, on every instance', async () => {
		const ana = '51987654321@s.whatsapp.net';
		state.fake.storeBotSession({ remoteJid: ana });
		state.fake.storeBotSession({ remoteJid: ana, instance: 'Support Team' });
		state.fake.integrations.keepOpen.add('sales typebot');
		expect((await call('POST', '/typebot/changeStatus/sales', { remoteJid: ana, status: 'closed' })).body).toEqual({
			bot: { instanceName: 'sales', bot: { remoteJid: ana, status: 'closed' } },
		});
		expect(state.fake.integrations.sessions.map((session) => session.status)).toEqual(['closed', 'closed']);
		expect((await call('POST', '/typebot/changeStatus/sales', { remoteJid: ana, status: 'delete' })).body).toEqual({ bot: { remoteJid: ana, status: 'delete' } });
		expect(state.fake.integrations.sessions).toEqual([]);
		expect((await call('POST', '/typebot/changeStatus/sales', { remoteJid: '', status: 'stop' })).body).toEqual(
			schemaError('status is not one of enum values: opened,closed,paused,delete', 'The "remoteJid" cannot be empty'),
		);
	});

	it("announces Typebot's change to the webhook as typebot.change-status, with the chat's newest session", async () => {
		let received: unknown;
		const server: Server = createServer((req, res) => {
			let text = '';
			req.on('data', (chunk) => (text += chunk));
			req.on('end', () => {
				received = JSON.parse(text);
				res.end('ok');
			});
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		try {
			const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
			await call('POST', '/webhook/set/sales', { webhook: { enabled: true, url, events: ['TYPEBOT_CHANGE_STATUS'] } });
			const session = state.fake.storeBotSession({ remoteJid: '51987654321@s.whatsapp.net' });
			await call('POST', '/typebot/changeStatus/sales', { remoteJid: session.remoteJid, status: 'paused' });
			await state.fake.pendingDeliveries();
			expect(received).toMatchObject({ event: 'typebot.change-status', instance: 'sales', data: { remoteJid: session.remoteJid, status: 'paused', session: { id: session.id } } });
		} finally {
			await new Promise((resolve) => server.close(resolve));
		}
	});
});

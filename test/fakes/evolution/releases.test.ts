// The fake as each release it plays (fakes/evolution/release.ts): what GET / names, 2.4's licence
// gate (which routes it closes, its body), the event names each release accepts, and where a direct
// chat's @lid and phone JIDs go in messages.upsert (docs/evolution-api.md, "Versions").
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { CONTROL_RELEASE, eventsOf, FAKE_LICENCE_INSTANCE_ID, LICENCE_DOCS_URL } from '../../../fakes/evolution';
import { textMessageData } from '../../../fakes/evolution/events';
import { callFake } from './call';
import { useEvolutionFake } from '../../harness/evolutionFake';

const state = useEvolutionFake();
let receiver: Server;
let receiverUrl: string;
const received: Array<{ headers: IncomingHttpHeaders; body: Record<string, unknown> }> = [];

beforeAll(async () => {
	receiver = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			received.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> });
			res.end('ok');
		});
	});
	await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
	receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
	await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
	received.length = 0;
});

const call = (method: string, path: string, body?: unknown) => callFake(state.fake, method, path, body);

describe('Evolution fake: the release it plays', () => {
	it('names the release in GET / (2.4.0-rc2 names 2.4.0, its package.json version)', async () => {
		expect((await call('GET', '/')).body.version).toBe('2.3.6');
		for (const [release, version] of [['2.3.7', '2.3.7'], ['2.4.0-rc2', '2.4.0']]) {
			expect((await call('POST', CONTROL_RELEASE, { release })).body).toEqual({ release, activated: true });
			expect((await call('GET', '/')).body.version).toBe(version);
		}
		expect((await call('POST', CONTROL_RELEASE, { release: '2.5' })).status).toBe(400);
	});

	it("closes every business route of an unactivated 2.4 server with 503 LICENSE_REQUIRED, and leaves GET /, the manager and the licence routes open", async () => {
		await call('POST', CONTROL_RELEASE, { release: '2.4.0-rc2', activated: false });
		const stored = state.fake.messages.size;
		const gate = {
			error: 'service not activated',
			code: 'LICENSE_REQUIRED',
			register_url: `http://127.0.0.1:${state.fake.port}/manager/login`,
			instance_id: FAKE_LICENCE_INSTANCE_ID,
			docs_url: LICENCE_DOCS_URL,
			message: `This Evolution API instance is not activated. Open http://127.0.0.1:${state.fake.port}/manager/login to activate, or set AUTHENTICATION_API_KEY in your .env with a valid licensing key. Docs: ${LICENCE_DOCS_URL}`,
		};
		for (const [method, path] of [['GET', '/instance/fetchInstances'], ['POST', '/message/sendText/sales'], ['GET', '/webhook/find/sales'], ['GET', '/no/such/route'], ['POST', '/instance/create']]) {
			expect(await call(method, path, method === 'POST' ? { number: '51987654321', text: 'Hola' } : undefined)).toEqual({ status: 503, body: gate });
		}
		expect(state.fake.messages.size).toBe(stored);
		expect((await call('GET', '/')).status).toBe(200);
		// Activated, the routes answer again; 2.3 has no gate at all.
		await call('POST', CONTROL_RELEASE, { activated: true });
		expect((await call('GET', '/instance/fetchInstances')).status).toBe(200);
		await call('POST', CONTROL_RELEASE, { release: '2.3.7', activated: false });
		expect((await call('GET', '/instance/fetchInstances')).status).toBe(200);
	});

	it('answers a route only from the release that brought it: 404 Cannot … before, as Express does', async () => {
		const later = [
			['POST', '/template/edit/sales', '2.3.7'],
			['DELETE', '/template/delete/sales', '2.3.7'],
			['POST', '/chat/markMessageAsPlayed/sales', '2.4.0-rc2'],
			['POST', '/chat/getPollVote/sales', '2.4.0-rc2'],
			['POST', '/chat/findChannels/sales', '2.4.0-rc2'],
			['POST', '/group/updateMemberAddMode/sales', '2.4.0-rc2'],
			['POST', '/message/sendCarousel/sales', '2.4.0-rc2'],
		] as const;
		for (const release of ['2.3.6', '2.3.7', '2.4.0-rc2'] as const) {
			state.fake.release = release;
			for (const [method, path, since] of later) {
				const answer = await call(method, path, {});
				const older = ['2.3.6', '2.3.7', '2.4.0-rc2'].indexOf(release) < ['2.3.6', '2.3.7', '2.4.0-rc2'].indexOf(since);
				if (older) expect(answer, `${release} ${path}`).toEqual({ status: 404, body: { status: 404, error: 'Not Found', response: { message: [`Cannot ${method} ${path}`] } } });
				else expect(answer.status, `${release} ${path}`).not.toBe(404);
			}
		}
	});

	it('accepts MESSAGING_HISTORY_SET in a webhook or transport on 2.4 only, and expands an empty list to the release\'s events', async () => {
		expect(eventsOf('2.4.0-rc2').filter((name) => !eventsOf('2.3.7').includes(name))).toEqual(['MESSAGING_HISTORY_SET']);
		const history = { webhook: { enabled: true, url: receiverUrl, events: ['MESSAGING_HISTORY_SET'] } };
		const refused = await call('POST', '/webhook/set/sales', history);
		expect(refused.status).toBe(400);
		expect(refused.body.response.message[0][0]).toMatch(/^webhook\.events\[0\] is not one of enum values/);
		expect((await call('POST', '/rabbitmq/set/sales', { rabbitmq: { enabled: true, events: ['MESSAGING_HISTORY_SET'] } })).status).toBe(400);
		await call('POST', CONTROL_RELEASE, { release: '2.4.0-rc2' });
		expect((await call('POST', '/webhook/set/sales', history)).status).toBe(201);
		expect((await call('POST', '/rabbitmq/set/sales', { rabbitmq: { enabled: true, events: [] } })).body.events).toEqual(eventsOf('2.4.0-rc2'));
	});

	it("puts a direct chat's @lid and phone JIDs where each release does in messages.upsert, with 2.4's headers", async () => {
		const lidMessage = textMessageData('Hola', { lid: '123456789012345@lid', from: '51987654321' });
		const keys: Record<string, unknown> = {};
		for (const release of ['2.3.6', '2.3.7', '2.4.0-rc2'] as const) {
			state.fake.release = release;
			await call('POST', '/webhook/set/sales', { webhook: { enabled: true, url: receiverUrl, events: ['MESSAGES_UPSERT', 'MESSAGES_SET'] } });
			await state.fake.deliver('sales', 'messages.upsert', lidMessage);
			keys[release] = (received.at(-1)!.body.data as { key: unknown }).key;
		}
		const { id } = lidMessage.key;
		expect(keys).toEqual({
			'2.3.6': { remoteJid: '123456789012345@lid', remoteJidAlt: '51987654321@s.whatsapp.net', fromMe: false, id, addressingMode: 'lid' },
			'2.3.7': { remoteJid: '51987654321@s.whatsapp.net', remoteJidAlt: '51987654321@s.whatsapp.net', fromMe: false, id, addressingMode: 'lid' },
			'2.4.0-rc2': { remoteJid: '51987654321@s.whatsapp.net', remoteJidAlt: '123456789012345@lid', fromMe: false, id, addressingMode: 'pn' },
		});
		expect(received[0].headers['x-event-type']).toBeUndefined();
		expect(received[2].headers).toMatchObject({ 'x-instance-name': 'sales', 'x-event-type': 'messages.upsert', 'user-agent': 'EvolutionAPI-Webhook/2.3.7' });
		expect(received[2].headers['x-timestamp']).toMatch(/^\d{13}$/);
		await state.fake.deliver('sales', 'messages.set', []);
		expect(received.at(-1)!.body).toMatchObject({ isLatest: true, progress: 100, event: 'messages.set' });
	});
});

import { describe, expect, it } from 'vitest';

import { instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake();

const ANA = '51987654321@s.whatsapp.net';

const start = (overrides: Record<string, unknown> = {}) => ({
	resource: 'integration',
	operation: 'startTypebot',
	instanceName: instance('sales'),
	chat: '+51 987 654 321',
	typebotUrl: 'https://typebot.example.com/',
	typebotPublicId: 'soporte-ventas',
	...overrides,
});

const requests = () => state.fake.requests.map((r) => [r.method, r.path, r.body]);

describe('Integration → Start Typebot', () => {
	it('starts a session: the chat as an address, the URL without its slash, the public ID, the variables; one flat item', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: start({ options: { startSession: true, variables: { variable: [{ name: 'nombre', value: 'Ana' }, { name: 'pedido', value: 'F001-123' }] } } }),
		});
		expect(result.error).toBeUndefined();
		const variables = [
			{ name: 'nombre', value: 'Ana' },
			{ name: 'pedido', value: 'F001-123' },
		];
		expect(requests()).toEqual([
			['POST', '/typebot/start/sales', { remoteJid: ANA, url: 'https://typebot.example.com', typebot: 'soporte-ventas', startSession: true, variables }],
		]);
		expect(result.items.map((item) => [item.json, item.pairedItem])).toEqual([
			[{ instanceName: 'sales', url: 'https://typebot.example.com', remoteJid: ANA, typebot: 'soporte-ventas', prefilledVariables: { nombre: 'Ana', pedido: 'F001-123' } }, { item: 0 }],
		]);
		// The server keeps the contact's session with the bot it made for that URL and ID.
		expect(fake.integrations.sessions.filter((session) => session.remoteJid === ANA).map((session) => [session.type, session.status])).toEqual([['typebot', 'opened']]);
	});

	it('without Start Session sends no startSession true and keeps no session', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: start() });
		expect(result.error).toBeUndefined();
		expect(requests()[0][2]).toEqual({ remoteJid: ANA, url: 'https://typebot.example.com', typebot: 'soporte-ventas', startSession: false });
		expect(fake.integrations.sessions.filter((session) => session.remoteJid === ANA)).toEqual([]);
	});

	it('refuses a bad chat, URL, public ID or variable name before sending, per item', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			continueOnFail: true,
			parameters: start({
				chat: '={{ $json.chat }}',
				typebotUrl: '={{ $json.url }}',
				typebotPublicId: '={{ $json.id }}',
				options: { variables: { variable: [{ name: '={{ $json.variable }}', value: 'x' }] } },
			}),
			items: itemsOf(
				{ chat: 'abc', url: 'https://typebot.example.com', id: 'bot', variable: 'v' },
				{ chat: ANA, url: 'typebot.example.com', id: 'bot', variable: 'v' },
				{ chat: ANA, url: 'https://typebot.example.com', id: 'mi bot', variable: 'v' },
				{ chat: ANA, url: 'https://typebot.example.com', id: 'bot', variable: ' ' },
			),
		});
		expect(fake.requests).toEqual([]);
		expect(result.items.map((item) => [item.pairedItem, item.json.error])).toEqual([
			[{ item: 0 }, expect.stringMatching(/^Chat "abc" .*\[item 0\]$/)],
			[{ item: 1 }, expect.stringMatching(/^Typebot URL "typebot\.example\.com" is not an http or https URL.*\[item 1\]$/)],
			[{ item: 2 }, expect.stringMatching(/^Typebot Public ID "mi bot" is not a public ID.*\[item 2\]$/)],
			[{ item: 3 }, expect.stringMatching(/^Variables → Variable 1 → Name .* is empty.*\[item 3\]$/)],
		]);
	});

	it("says when the server answered nothing: it could not reach the Typebot (without Start Session)", async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: start({ typebotUrl: 'https://typebot.invalid' }) });
		expect(fake.requests).toHaveLength(1);
		expect(stopError(result).message).toMatch(/^The server did not start the Typebot for the chat 51987654321@s\.whatsapp\.net: it answered instance "sales" with nothing \(200\)/);
		expect(stopError(result).description).toMatch(/Typebot URL and Public ID/);
	});

	it('says the server has Typebot turned off', async () => {
		const { fake } = state;
		fake.integrations.off.add('typebot');
		const result = await runMessaging(fake, { parameters: start() });
		expect(stopError(result).message).toMatch(/The server has Typebot turned off \(400: Typebot is disabled\)/);
	});
});

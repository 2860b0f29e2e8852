import { describe, expect, it } from 'vitest';

import { FAKE_WA_WEB_VERSION } from '../../../../fakes/evolution';
import { withEvolutionFakes } from '../../../harness/evolutionFake';
import { itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake();

const info = { resource: 'server', operation: 'getServerInfo' };

describe('Server → Get Server Info', () => {
	it("outputs the server's welcome answer: version, client name, manager, WhatsApp Web version", async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: info });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([['GET', '/', undefined]]);
		expect(result.items.map((item) => [item.json, item.pairedItem])).toEqual([
			[
				{
					status: 200,
					message: 'Welcome to the Evolution API, it is working!',
					version: '2.3.6',
					clientName: 'evolution_exchange',
					manager: `${fake.url}/manager`,
					documentation: 'https://doc.evolution-api.com',
					whatsappWebVersion: FAKE_WA_WEB_VERSION,
				},
				{ item: 0 },
			],
		]);
	});

	it('answers once per item, and 2.2 without whatsappWebVersion', async () => {
		await withEvolutionFakes([{ serverVersion: '2.2.3' }], async ([older]) => {
			const result = await runMessaging(older, { parameters: info, items: itemsOf({}, {}) });
			expect(result.items.map((item) => [item.json.version, 'whatsappWebVersion' in item.json, item.pairedItem])).toEqual([
				['2.2.3', false, { item: 0 }],
				['2.2.3', false, { item: 1 }],
			]);
		});
	});

	it('names the server, not an instance, when it fails; Continue On Fail keeps pairedItem', async () => {
		const { fake } = state;
		fake.failNext(404, '<html><title>Not Found</title></html>');
		const notFound = await runMessaging(fake, { parameters: info });
		expect(stopError(notFound).message).toBe('The server has no such route (404: an HTML page titled "Not Found") [item 0]');
		fake.failNext(502, '<html><title>502 Bad Gateway</title></html>');
		const result = await runMessaging(fake, { parameters: info, continueOnFail: true, items: itemsOf({}, {}) });
		expect(result.items.map((item) => [item.json.error ?? item.json.version, item.pairedItem])).toEqual([
			['The server or its WhatsApp connection failed on the server (502: an HTML page titled "502 Bad Gateway") [item 0]', { item: 0 }],
			['2.3.6', { item: 1 }],
		]);
	});
});

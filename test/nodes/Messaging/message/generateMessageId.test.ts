// Message → Generate Message ID (Evolution 2.4's GET /baileys/generateMessageID): a new ID as the
// instance's WhatsApp client makes them; a 404 from an older server says the release the route came with.
import { describe, expect, it } from 'vitest';

import { instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake({ release: '2.4.0-rc2', instances: [{ name: 'sales', connectionStatus: 'open' }, { name: 'fresh', connectionStatus: 'close', socket: false }] });

const generate = (name = 'sales') => ({ resource: 'message', operation: 'generateMessageId', instanceName: instance(name) });

describe('Message → Generate Message ID', () => {
	it('GETs the route with the key and no body, and outputs one item per input item with the ID', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: generate(), items: itemsOf({ row: 1 }, { row: 2 }) });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path, r.body, r.headers.apikey])).toEqual([
			['GET', '/baileys/generateMessageID/sales', undefined, fake.apiKey],
			['GET', '/baileys/generateMessageID/sales', undefined, fake.apiKey],
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		const ids = result.items.map((item) => item.json.messageId as string);
		for (const id of ids) expect(id).toMatch(/^3EB0[0-9A-F]{18}$/);
		expect(ids[0]).not.toBe(ids[1]);
		expect(Object.keys(result.items[0].json)).toEqual(['messageId']);
	});

	it('says the route came with 2.4.0 when the server is older (404 Cannot GET), per item with Continue On Fail', async () => {
		const { fake } = state;
		fake.release = '2.3.7';
		const result = await runMessaging(fake, { parameters: generate(), items: itemsOf({}, {}), continueOnFail: true });
		expect(result.items.map((item) => [item.pairedItem, item.json.error])).toEqual([
			[{ item: 0 }, 'The server has no route for Message → Generate Message ID: it is older than Evolution API 2.4.0 (404: Cannot GET /baileys/generateMessageID/sales) [item 0]'],
			[{ item: 1 }, 'The server has no route for Message → Generate Message ID: it is older than Evolution API 2.4.0 (404: Cannot GET /baileys/generateMessageID/sales) [item 1]'],
		]);
		fake.release = '2.3.6';
		const stopped = stopError(await runMessaging(fake, { parameters: generate() }));
		expect(stopped.description).toBe('Message → Generate Message ID came with Evolution API 2.4.0. Update the server to 2.4.0 or later (GET / on the server names its version).');
	});

	it('names an instance the server does not have, and a server not activated (2.4 licence gate)', async () => {
		const { fake } = state;
		expect(stopError(await runMessaging(fake, { parameters: generate('nobody') })).message).toBe(
			'The instance "nobody" does not exist on the server (404: The "nobody" instance does not exist) [item 0]',
		);
		fake.activated = false;
		const gated = stopError(await runMessaging(fake, { parameters: generate() }));
		expect(gated.message).toMatch(/^The Evolution API server is not activated: open http:\/\/127\.0\.0\.1:\d+\/manager\/login to register it \(503: LICENSE_REQUIRED; licensing: .*\) \[item 0\]$/);
	});

	it('refuses a bad instance name before any request', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: generate('sales/../x') });
		expect(stopError(result).message).toBe(
			'Instance "sales/../x" cannot be part of a URL path (it holds / \\ ? # %, a control character, or only dots). Nothing was sent. [item 0]',
		);
		expect(fake.requests).toEqual([]);
	});

	it("says the server failed for an instance that never opened a WhatsApp connection (its client's user is read)", async () => {
		const { fake } = state;
		const failed = stopError(await runMessaging(fake, { parameters: generate('fresh') }));
		expect(failed.message).toBe(
			'The server or its WhatsApp connection failed on instance "fresh" (500: Cannot read properties of undefined (reading \'user\')) [item 0]',
		);
	});
});

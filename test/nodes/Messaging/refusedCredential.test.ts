// A key Evolution refuses (401) is refused once per run and instance: only the requests in flight
// when the refusal comes go; every later item for that instance gets the refusal as its error,
// naming the item whose request was refused. An instance's own token opens only its instance, so
// items for an instance that accepts the key still go. A 429 is still waited out.
import { describe, expect, it } from 'vitest';

import type { NodeRunResult } from '../../harness/engine';
import { instance, runMessaging, useEvolutionFake } from './helpers';

const evolution = useEvolutionFake();

const COUNT = 2000;
const sendText = { resource: 'message', operation: 'sendText', instanceName: instance('sales'), number: '51987654321', text: '={{ "message " + $itemIndex }}' };
const connectionState = { resource: 'instance', operation: 'getConnectionState', instanceName: instance('={{ $json.instance }}', 'name') };
const items = (count: number, instanceOf: (item: number) => string = () => 'sales') => Array.from({ length: count }, (_, item) => ({ json: { instance: instanceOf(item) } }));

const asked = (prefix: string) => evolution.fake.requests.filter((request) => request.path.startsWith(prefix));
const errorOf = (result: NodeRunResult, item: number) => String(result.items[item].json.error);
const REJECTED = 'The API key was rejected by instance "sales" (401: Unauthorized)';
const notSent = (item: number) =>
	new RegExp(`^Not sent: item (\\d+)'s request was refused with the same credential: the API key was rejected by instance "sales" \\(401: Unauthorized\\) \\[item ${item}\\]$`);

describe('Messaging › a refused API key', () => {
	it('2,000 sends with a wrong key: one request (sends go one at a time), every item its error in order (Continue On Fail)', async () => {
		const result = await runMessaging(evolution.fake, { parameters: sendText, items: items(COUNT), continueOnFail: true, credentials: { apiKey: 'wrong-key' } });

		expect(result.error).toBeUndefined();
		expect(asked('/message/')).toHaveLength(1);
		expect(result.items).toHaveLength(COUNT);
		expect(errorOf(result, 0)).toBe(`${REJECTED} [item 0]`);
		for (let item = 1; item < COUNT; item++) expect(errorOf(result, item)).toMatch(notSent(item));
		expect(result.items.map((item) => item.pairedItem)).toEqual(items(COUNT).map((_, item) => ({ item })));
		expect(result.items[COUNT - 1].error?.description).toContain("paste the server's global API key");
	});

	it('2,000 reads with a wrong key: only the requests in flight go (5 at most)', async () => {
		const result = await runMessaging(evolution.fake, { parameters: connectionState, items: items(COUNT), continueOnFail: true, credentials: { apiKey: 'wrong-key' } });
		const requests = asked('/instance/connectionState/');
		expect(requests.length).toBeGreaterThanOrEqual(1);
		expect(requests.length).toBeLessThanOrEqual(5);
		const sent = requests.length;
		expect(result.items.filter((item) => String(item.json.error).startsWith('Not sent:'))).toHaveLength(COUNT - sent);
		expect(errorOf(result, COUNT - 1)).toMatch(notSent(COUNT - 1));
		expect(result.items.map((item) => item.pairedItem)).toEqual(items(COUNT).map((_, item) => ({ item })));
	});

	it('without Continue On Fail, the run stops at the first refusal', async () => {
		const result = await runMessaging(evolution.fake, { parameters: sendText, items: items(COUNT), credentials: { apiKey: 'wrong-key' } });
		expect((result.error as { message?: string } | undefined)?.message).toBe(`${REJECTED} [item 0]`);
		expect(asked('/message/')).toHaveLength(1);
	});

	it("with an instance's token, items for another instance are refused (401) once, and its own instance's items all go", async () => {
		const instanceOf = (item: number) => (item % 2 ? 'Support Team' : 'sales');
		const result = await runMessaging(evolution.fake, { parameters: connectionState, items: items(COUNT, instanceOf), continueOnFail: true, credentials: { apiKey: 'sales-token' } });

		expect(asked('/instance/connectionState/sales')).toHaveLength(COUNT / 2);
		const other = asked('/instance/connectionState/Support%20Team');
		expect(other.length).toBeGreaterThanOrEqual(1);
		expect(other.length).toBeLessThanOrEqual(5);
		for (let item = 0; item < COUNT; item += 2) expect(result.items[item].json).toMatchObject({ instanceName: 'sales', state: 'open' });
		expect(errorOf(result, COUNT - 1)).toMatch(
			new RegExp(`^Not sent: item \\d+'s request was refused with the same credential: the API key was rejected by instance "Support Team" \\(401: Unauthorized\\) \\[item ${COUNT - 1}\\]$`),
		);
	});

	it('a 429 is not a refused key: it is waited out and every send goes', async () => {
		evolution.fake.failNext(429, { status: 429, error: 'Too Many Requests', response: { message: 'slow down' } }, 1, undefined, { 'retry-after': '0' });
		const result = await runMessaging(evolution.fake, { parameters: sendText, items: items(5), continueOnFail: true });
		expect(result.items.map((item) => item.json.error)).toEqual([undefined, undefined, undefined, undefined, undefined]);
		expect(asked('/message/')).toHaveLength(6);
	});
});

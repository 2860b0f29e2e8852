// Evolution API 2.4's licence gate (503 LICENSE_REQUIRED on every business route until the server is
// activated) met by an operation, a list in the editor and the Messaging Trigger's publish, against
// the fake playing an unactivated 2.4.0-rc2: each says the server is not activated and where to
// register it, nothing is sent twice, and no advice about QR codes or Retry On Fail.
import { describe, expect, it } from 'vitest';

import { LICENCE_DOCS_URL } from '../../../../fakes/evolution';
import { instance, itemsOf, listInstances, runMessaging, stopError, useEvolutionFake } from '../helpers';
import { trigger } from '../trigger/helpers';

const state = useEvolutionFake({ release: '2.4.0-rc2', activated: false });

const sendText = { resource: 'message', operation: 'sendText', instanceName: instance('sales'), number: '51987654321', text: 'Hola' };
const notActivated = (url: string) =>
	`The Evolution API server is not activated: open ${url}/manager/login to register it (503: LICENSE_REQUIRED; licensing: ${LICENCE_DOCS_URL})`;

describe('Evolution 2.4 not activated', () => {
	it('fails an operation with the activation message, sending its request once, with no advice about the WhatsApp connection', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: sendText });
		const error = stopError(result);
		expect(error.message).toBe(`${notActivated(fake.url)} [item 0]`);
		expect(error.description).toMatch(/^Evolution API 2\.4 refuses every request until the server is registered/);
		expect(`${error.message} ${error.description}`).not.toMatch(/QR|Retry On Fail/i);
		expect(fake.requests.map((request) => request.path)).toEqual(['/message/sendText/sales']);
	});

	it('under Continue On Fail, gives each item the same error, each request sent once and none waited out', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: sendText, items: itemsOf({}, {}, {}), continueOnFail: true });
		expect(result.items.map((item) => [item.json.error, item.pairedItem])).toEqual([0, 1, 2].map((item) => [`${notActivated(fake.url)} [item ${item}]`, { item }]));
		expect(fake.requests.map((request) => request.path)).toEqual(Array(3).fill('/message/sendText/sales'));
	});

	it('says the same for a read (Server → Get Server Info passes the gate: GET / is open)', async () => {
		const { fake } = state;
		const chats = await runMessaging(fake, { parameters: { resource: 'chat', operation: 'findChats', instanceName: instance('sales') } });
		expect(stopError(chats).message).toBe(`${notActivated(fake.url)} [item 0]`);
		const info = await runMessaging(fake, { parameters: { resource: 'server', operation: 'getServerInfo' } });
		expect(info.items[0].json.version).toBe('2.4.0');
	});

	it("says it in the editor's instance list", async () => {
		await expect(listInstances(state.fake)).rejects.toThrow(notActivated(state.fake.url));
	});

	it('fails the Messaging Trigger at publishing with the activation message, setting nothing', async () => {
		const { fake } = state;
		const harness = await trigger(fake);
		const error = await harness.activate().then(() => undefined, (caught: Error) => caught);
		expect(error?.message).toBe(notActivated(fake.url));
		expect(fake.requests.map((request) => request.path)).toEqual(['/webhook/find/sales']);
		expect(fake.webhooks.size).toBe(0);
	});
});

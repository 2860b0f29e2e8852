import { describe, expect, it } from 'vitest';

import { LABEL_REFUSED } from '../../../../fakes/evolution';
import { CHANNEL_INSTANCES } from '../channelInstances';
import { instance, itemsOf, listLabels, recipient, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake({ unregistered: ['51911111111'], instances: CHANNEL_INSTANCES });

const label = (operation: string, parameters: Record<string, unknown> = {}) => ({
	resource: 'label',
	operation,
	instanceName: instance('sales'),
	...parameters,
});
const labelId = (value: string, mode: 'list' | 'id' = 'list') => ({ __rl: true, mode, value });
const run = (parameters: Record<string, unknown>, options: { continueOnFail?: boolean; items?: ReturnType<typeof itemsOf> } = {}) =>
	runMessaging(state.fake, { parameters, typeVersion: 1.1, ...options });

describe('Label → Get Many', () => {
	it('outputs one item per label of the instance, as the server stores them', async () => {
		const { fake } = state;
		const result = await run(label('getMany'));
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([['GET', '/label/findLabels/sales', undefined]]);
		expect(result.items).toHaveLength(6);
		expect(result.items[0].json).toEqual({ color: '1', name: 'Nuevo cliente', id: '1', predefinedId: '1' });
		expect(result.items[5].json).toEqual({ color: '11', name: 'Mayorista', id: '6', predefinedId: null });
		expect(result.items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	it('outputs nothing for an account without labels, and says a Cloud API instance has none', async () => {
		const none = await run(label('getMany', { instanceName: instance('offline') }));
		expect(none.error).toBeUndefined();
		expect(none.items).toEqual([]);
		const cloud = await run(label('getMany', { instanceName: instance('cloud') }));
		expect(stopError(cloud).message).toBe(
			'Instance "cloud" is a WhatsApp Business Cloud API instance, which has no labels (400: Method not available on WhatsApp Business API) [item 0]',
		);
		expect(stopError(cloud).description).toMatch(/Baileys instance/);
	});

	it("fills the Label list with the instance's labels, by name, filtered", async () => {
		const { fake } = state;
		const all = await listLabels(fake, instance('sales'));
		expect(all.results.slice(0, 2)).toEqual([
			{ name: 'Mayorista', value: '6' },
			{ name: 'Nuevo cliente', value: '1' },
		]);
		expect((await listLabels(fake, instance('sales'), 'pag')).results).toEqual([
			{ name: 'Pagado', value: '4' },
			{ name: 'Pago pendiente', value: '3' },
		]);
		await expect(listLabels(fake, instance(''))).rejects.toThrow(/Pick the instance first/);
	});
});

describe('Label → Add to Chat, Remove from Chat', () => {
	it('sends number, labelId and action, and the chat gets then loses the label', async () => {
		const { fake } = state;
		const added = await run(label('addToChat', { number: recipient('+51 987 654 321'), labelId: labelId('3') }));
		expect(added.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', '/label/handleLabel/sales', { number: '51987654321', labelId: '3', action: 'add' }],
		]);
		expect(added.items.map((item) => [item.json, item.pairedItem])).toEqual([
			[{ numberJid: '51987654321@s.whatsapp.net', labelId: '3', add: true }, { item: 0 }],
		]);
		expect([...(fake.chatLabels.get('sales')?.get('51987654321@s.whatsapp.net') ?? [])]).toEqual(['3']);

		const removed = await run(label('removeFromChat', { number: recipient('51987654321'), labelId: labelId('3', 'id') }));
		expect(fake.requests[1].body).toEqual({ number: '51987654321', labelId: '3', action: 'remove' });
		expect(removed.items[0].json).toEqual({ numberJid: '51987654321@s.whatsapp.net', labelId: '3', remove: true });
		expect([...(fake.chatLabels.get('sales')?.get('51987654321@s.whatsapp.net') ?? [])]).toEqual([]);
	});

	it('labels a group picked from the list', async () => {
		const { fake } = state;
		const result = await run(label('addToChat', { number: recipient('120363025246125486@g.us', 'group'), labelId: labelId('2') }));
		expect(result.error).toBeUndefined();
		expect(fake.requests[0].body).toEqual({ number: '120363025246125486@g.us', labelId: '2', action: 'add' });
	});

	it('refuses a bad label or number with no request, naming the item and the value', async () => {
		const { fake } = state;
		const empty = await run(label('addToChat', { number: recipient('51987654321'), labelId: labelId('={{ "" }}') }));
		expect(stopError(empty).message).toBe('Label "" is empty: a label is required. Nothing was sent. [item 0]');
		const spaced = await run(label('addToChat', { number: recipient('51987654321'), labelId: labelId('Nuevo pedido', 'id') }));
		expect(stopError(spaced).message).toBe('Label "Nuevo pedido" is not a label ID (letters, digits, - or _). Nothing was sent. [item 0]');
		const badNumber = await run(label('removeFromChat', { number: recipient('12'), labelId: labelId('1') }));
		expect(stopError(badNumber).message).toMatch(/^Recipient "12" .*Nothing was sent\. \[item 0\]$/);
		expect(fake.requests).toHaveLength(0);
	});

	it("maps the server's refusals: not a business label, not on WhatsApp, Cloud API, closed connection", async () => {
		const unknown = await run(label('addToChat', { number: recipient('51987654321'), labelId: labelId('99', 'id') }));
		expect(stopError(unknown).message).toBe(
			`Instance "sales" could not add label 99 to the chat of 51987654321 (400: Unable to add label to chat; ${LABEL_REFUSED}) [item 0]`,
		);
		expect(stopError(unknown).description).toMatch(/only on WhatsApp Business accounts.*Label → Get Many/);
		const personal = await run(label('removeFromChat', { instanceName: instance('offline'), number: recipient('51987654321'), labelId: labelId('1') }));
		expect(stopError(personal).message).toMatch(/^The server or its WhatsApp connection failed on instance "offline" \(500: Connection Closed\)/);
		const missing = await run(label('addToChat', { number: recipient('51911111111'), labelId: labelId('1') }));
		expect(stopError(missing).message).toBe('51911111111 is not on WhatsApp (404: Number is not on WhatsApp) [item 0]');
		const cloud = await run(label('addToChat', { instanceName: instance('cloud'), number: recipient('51987654321'), labelId: labelId('1') }));
		expect(stopError(cloud).message).toMatch(/^Instance "cloud" is a WhatsApp Business Cloud API instance, which has no labels/);
	});

	it('with Continue On Fail, a refused item gets its error and pairedItem, the others their label', async () => {
		const { fake } = state;
		const result = await run(
			label('addToChat', { number: recipient('={{ $json.to }}'), labelId: labelId('={{ $json.label }}', 'id') }),
			{ continueOnFail: true, items: itemsOf({ to: '51987654321', label: '4' }, { to: '51911111111', label: '4' }, { to: '51912345678', label: '' }) },
		);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(result.items[0].json).toEqual({ numberJid: '51987654321@s.whatsapp.net', labelId: '4', add: true });
		expect(result.items[1].json.error).toBe('51911111111 is not on WhatsApp (404: Number is not on WhatsApp) [item 1]');
		expect(result.items[2].json.error).toBe('Label "" is empty: a label is required. Nothing was sent. [item 2]');
		expect(fake.requests).toHaveLength(2);
	});
});

import { describe, expect, it } from 'vitest';

import { CHANNEL_INSTANCES } from '../channelInstances';
import { askFake, instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';

const BUSINESS = '51944444444';

const state = useEvolutionFake({ unregistered: ['51911111111'], instances: CHANNEL_INSTANCES });

const business = (operation: string, parameters: Record<string, unknown> = {}) => ({
	resource: 'business',
	operation,
	instanceName: instance('sales'),
	profileOf: 'contact',
	contactNumber: `+${BUSINESS}`,
	...parameters,
});
const run = (parameters: Record<string, unknown>, options: { continueOnFail?: boolean; items?: ReturnType<typeof itemsOf> } = {}) =>
	runMessaging(state.fake, { parameters, ...options });

describe('Business → Get Catalog', () => {
	it('asks for the Limit as the page and outputs one item per product, up to the Limit', async () => {
		const { fake } = state;
		const result = await run(business('getCatalog', { limit: 3 }));
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([['POST', '/business/getCatalog/sales', { number: BUSINESS, limit: 3 }]]);
		expect(result.items.map((item) => item.json.name)).toEqual(['Producto 1', 'Producto 2', 'Producto 3']);
		// Simplify off: the product as the server gives it, all 11 fields.
		expect(result.items[0].json).toEqual({
			id: '7000000000000001',
			imageUrls: { requested: 'https://mmg.whatsapp.net/v/t45.5328-4/producto-1.jpg', original: 'https://mmg.whatsapp.net/v/t45.5328-4/producto-1-original.jpg' },
			reviewStatus: { whatsapp: 'APPROVED' },
			availability: 'in stock',
			name: 'Producto 1',
			retailerId: 'SKU-001',
			url: 'https://bodega.example.pe/p/1',
			description: 'Abarrotes, artículo 1',
			price: 2500,
			currency: 'PEN',
			isHidden: false,
		});
		expect(result.items[2].pairedItem).toEqual({ item: 0 });
	});

	it('Return All asks for pages of 100 and outputs the whole catalog; without a contact, the own', async () => {
		const { fake } = state;
		const all = await run(business('getCatalog', { returnAll: true }));
		expect(fake.requests[0].body).toEqual({ number: BUSINESS, limit: 100 });
		expect(all.items).toHaveLength(12);
		const own = await run(business('getCatalog', { profileOf: 'own', limit: 500 }));
		expect(fake.requests[1].body).toEqual({ limit: 100 });
		expect(stopError(own).message).toBe(
			"No catalog could be read for the instance's own catalog: it is not a WhatsApp Business account with a catalog, or WhatsApp did not answer (200: isBusiness: false) [item 0]",
		);
	});

	it('refuses a bad number or limit with no request', async () => {
		const { fake } = state;
		const group = await run(business('getCatalog', { contactNumber: '120363025246125486@g.us' }));
		expect(stopError(group).message).toMatch(/^Contact Number "120363025246125486@g\.us" is a group address.*Nothing was sent\. \[item 0\]$/);
		const limit = await run(business('getCatalog', { limit: 0 }));
		expect(stopError(limit).message).toMatch(/^Limit 0 is not a whole number of results from 1 to/);
		expect(fake.requests).toHaveLength(0);
	});

	it('maps a number not on WhatsApp, a Cloud API instance and a closed connection', async () => {
		const missing = await run(business('getCatalog', { contactNumber: '51911111111' }));
		expect(stopError(missing).message).toBe('51911111111 is not on WhatsApp (400) [item 0]');
		const cloud = await run(business('getCatalog', { instanceName: instance('cloud') }));
		expect(stopError(cloud).message).toBe(
			'Instance "cloud" is a WhatsApp Business Cloud API instance, which has no catalog route (400: this.waMonitor.waInstances[instanceName].fetchCatalog is not a function) [item 0]',
		);
		const closed = await run(business('getCatalog', { instanceName: instance('offline') }));
		expect(stopError(closed).message).toBe('The WhatsApp connection of instance "offline" is closed (400: Connection Closed) [item 0]');
	});

	it('with Continue On Fail, an item that fails keeps its pairedItem and the others their products', async () => {
		const result = await run(business('getCatalog', { contactNumber: '={{ $json.number }}', limit: 2 }), {
			continueOnFail: true,
			items: itemsOf({ number: '51911111111' }, { number: BUSINESS }),
		});
		expect(result.items.map((item) => [item.json.error ?? item.json.name, item.pairedItem])).toEqual([
			['51911111111 is not on WhatsApp (400) [item 0]', { item: 0 }],
			['Producto 1', { item: 1 }],
			['Producto 2', { item: 1 }],
		]);
	});

	it("with Simplify, keeps 10 of a product's 11 fields, one image URL; off, the products as the server gives them", async () => {
		const { fake } = state;
		const on = await run(business('getCatalog', { limit: 2, simplify: true }));
		expect(on.items[0]).toEqual({
			json: {
				id: '7000000000000001',
				name: 'Producto 1',
				description: 'Abarrotes, artículo 1',
				price: 2500,
				currency: 'PEN',
				availability: 'in stock',
				retailerId: 'SKU-001',
				url: 'https://bodega.example.pe/p/1',
				imageUrl: 'https://mmg.whatsapp.net/v/t45.5328-4/producto-1.jpg',
				isHidden: false,
			},
			pairedItem: { item: 0 },
		});
		expect(on.items).toHaveLength(2);
		const off = await run(business('getCatalog', { limit: 2, simplify: false }));
		const raw = (await askFake(fake, 'POST', '/business/getCatalog/sales', { number: BUSINESS, limit: 2 })) as { catalog: unknown[] };
		expect(off.items.map((item) => item.json)).toEqual(raw.catalog.slice(0, 2));
		expect(Object.keys(off.items[0].json)).toHaveLength(11);
	});
});

describe('Business → Get Collections', () => {
	it('asks for at most 20 and outputs one item per collection with its products', async () => {
		const { fake } = state;
		const result = await run(business('getCollections', { returnAll: true }));
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([['POST', '/business/getCollections/sales', { number: BUSINESS, limit: 20 }]]);
		expect(result.items.map((item) => [item.json.name, (item.json.products as unknown[]).length, item.pairedItem])).toEqual([
			['Bebidas', 3, { item: 0 }],
			['Ofertas', 1, { item: 0 }],
		]);
		const one = await run(business('getCollections', { limit: 1 }));
		expect(fake.requests[1].body).toEqual({ number: BUSINESS, limit: 1 });
		expect(one.items.map((item) => [item.json.name, (item.json.products as unknown[]).length])).toEqual([['Bebidas', 1]]);
	});

	it('cuts an answer longer than the Limit (a server that does not cap it)', async () => {
		const { fake } = state;
		const collection = (name: string) => ({ id: name, name, products: [], status: { status: 'APPROVED', canAppeal: true } });
		fake.failNext(200, { wuid: `${BUSINESS}@s.whatsapp.net`, isBusiness: true, collectionsLength: 3, collections: ['A', 'B', 'C'].map(collection) });
		const result = await run(business('getCollections', { limit: 2 }));
		expect(result.items.map((item) => item.json.name)).toEqual(['A', 'B']);
	});

	it('fails for a number without collections, naming it', async () => {
		const result = await run(business('getCollections', { contactNumber: '51 987 654 321' }));
		expect(stopError(result).message).toBe(
			'No catalog could be read for the collections of 51 987 654 321: it is not a WhatsApp Business account with a catalog, or WhatsApp did not answer (200: isBusiness: false) [item 0]',
		);
	});
});

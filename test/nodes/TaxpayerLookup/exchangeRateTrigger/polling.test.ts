// The Exchange Rate Trigger's behaviour poll by poll: first activation, gaps, both currencies,
// long outages fetched a year at a time, the API calls each poll costs, manual runs.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { startLookupFake, type LookupFake } from '../../../../fakes/lookup';
import { nodeTypesRegistry } from '../../../harness/engine';
import { exchangeRateTrigger, jsonOf, NODE_NAME, publishedBetween, requestsSince } from './helpers';

let fake: LookupFake;

beforeAll(async () => {
	fake = await startLookupFake({ today: '2026-06-02' });
});

afterEach(() => {
	fake.reset();
	fake.setToday('2026-06-02');
});

afterAll(async () => {
	await fake.close();
});

const savedMemory = (memory: Record<string, string>) => JSON.stringify({ [`node:${NODE_NAME}`]: { lastEmittedDate: memory } });

describe('description', () => {
	it('is a polling trigger with currencies, options, and the Poll Times n8n adds', () => {
		exchangeRateTrigger(fake); // loads the node type as n8n's loader does
		const { description } = nodeTypesRegistry.getByName('n8n-nodes-taxpayer-messaging.exchangeRateTrigger') as {
			description: { polling?: boolean; name: string; properties: Array<{ name: string; default: unknown }>; credentials: unknown };
		};
		expect(description.name).toBe('exchangeRateTrigger');
		expect(description.polling).toBe(true);
		expect(description.credentials).toEqual([{ name: 'taxpayerLookupApi', required: true, testedBy: 'taxpayerLookupApiTest' }]);
		const names = description.properties.map((property) => property.name);
		expect(names[0]).toBe('pollTimes');
		expect(names.filter((name) => name === 'pollTimes')).toHaveLength(1);
		expect(description.properties.find((property) => property.name === 'currencies')?.default).toEqual(['USD']);
		expect(names).toContain('options');
	});
});

describe('first activation', () => {
	it('remembers the latest date and emits nothing; the next published rate is the first item', async () => {
		const trigger = exchangeRateTrigger(fake);
		expect(await trigger.activate()).toEqual({ items: null });
		expect(requestsSince(fake, 0)).toEqual(['latest USD']);
		expect(trigger.savedNodeStaticData()).toEqual({ lastEmittedDate: { USD: '2026-06-02' } });

		expect(await trigger.poll()).toEqual({ items: null });
		fake.setToday('2026-06-03');
		const { items } = await trigger.poll();
		expect(jsonOf(items)).toEqual([{ fecha: '2026-06-03', moneda: 'USD', precio_compra: '3.213', precio_venta: '3.225' }]);
		expect(trigger.emissions).toHaveLength(1);
	});

	it('on a weekend remembers Friday, so Monday brings Monday only', async () => {
		fake.setToday('2026-06-06'); // Saturday
		const trigger = exchangeRateTrigger(fake);
		await trigger.activate();
		expect(trigger.savedNodeStaticData()).toEqual({ lastEmittedDate: { USD: '2026-06-05' } });
		fake.setToday('2026-06-08');
		expect(jsonOf((await trigger.poll()).items).map((record) => record.fecha)).toEqual(['2026-06-08']);
	});

	it('with "Emit Latest Rate on First Activation" emits the latest rate of each currency once', async () => {
		const trigger = exchangeRateTrigger(fake, { currencies: ['EUR', 'USD'], options: { emitLatestOnFirstActivation: true } });
		const { items } = await trigger.activate();
		expect(jsonOf(items)).toEqual(publishedBetween(fake, '2026-06-02', '2026-06-02', ['USD', 'EUR']));
		expect(trigger.savedNodeStaticData()).toEqual({ lastEmittedDate: { USD: '2026-06-02', EUR: '2026-06-02' } });
		expect(await trigger.poll()).toEqual({ items: null });
		// A restart is not a first activation: the memory was saved.
		expect(await trigger.restart()).toEqual({ items: null });
		expect(trigger.emissions).toHaveLength(1);
	});

	it('turns prices into numbers when asked', async () => {
		const trigger = exchangeRateTrigger(fake, { options: { emitLatestOnFirstActivation: true, numbersAsNumbers: true } });
		const { items } = await trigger.activate();
		expect(jsonOf(items)).toEqual([{ fecha: '2026-06-02', moneda: 'USD', precio_compra: 3.219, precio_venta: 3.231 }]);
	});

	it('a currency added later starts from its latest rate; one removed is forgotten', async () => {
		const usdOnly = exchangeRateTrigger(fake);
		await usdOnly.activate();
		fake.setToday('2026-06-04');
		// The user adds EUR: n8n activates the edited workflow with the saved static data.
		const both = exchangeRateTrigger(fake, { currencies: ['USD', 'EUR'] }, { saved: usdOnly.saved });
		const { items } = await both.activate('update');
		expect(jsonOf(items)).toEqual(publishedBetween(fake, '2026-06-03', '2026-06-04', ['USD']));
		expect(both.savedNodeStaticData()).toEqual({ lastEmittedDate: { USD: '2026-06-04', EUR: '2026-06-04' } });
		fake.setToday('2026-06-05');
		expect(jsonOf((await both.poll()).items)).toEqual(publishedBetween(fake, '2026-06-05', '2026-06-05', ['USD', 'EUR']));

		const eurOnly = exchangeRateTrigger(fake, { currencies: ['EUR'] }, { saved: both.saved });
		expect(await eurOnly.activate('update')).toEqual({ items: null });
		expect(eurOnly.savedNodeStaticData()).toEqual({ lastEmittedDate: { EUR: '2026-06-05' } });
	});
});

describe('later polls', () => {
	it('cost one call per currency when nothing is new, and one history call per currency per gap', async () => {
		fake.setToday('2026-06-05'); // Friday
		const trigger = exchangeRateTrigger(fake, { currencies: ['USD', 'EUR'] });
		await trigger.activate();

		const costOfPoll = async () => {
			const before = fake.requests.length;
			const outcome = await trigger.poll();
			return { requests: requestsSince(fake, before), fechas: jsonOf(outcome.items).map((record) => `${record.fecha} ${record.moneda}`) };
		};
		// Friday, Saturday, Sunday: nothing new, two calls a poll.
		for (const today of ['2026-06-05', '2026-06-06', '2026-06-06', '2026-06-07']) {
			fake.setToday(today);
			expect(await costOfPoll()).toEqual({ requests: ['latest USD', 'latest EUR'], fechas: [] });
		}
		// Monday: Saturday and Sunday may hide a rate, so the history from Saturday is asked once.
		fake.setToday('2026-06-08');
		expect(await costOfPoll()).toEqual({
			requests: ['latest USD', 'history USD 2026-06-06..2026-06-08', 'latest EUR', 'history EUR 2026-06-06..2026-06-08'],
			fechas: ['2026-06-08 USD', '2026-06-08 EUR'],
		});
		expect(await costOfPoll()).toEqual({ requests: ['latest USD', 'latest EUR'], fechas: [] });
		// Tuesday follows Monday: no day in between, the latest rate is all there is.
		fake.setToday('2026-06-09');
		expect(await costOfPoll()).toEqual({ requests: ['latest USD', 'latest EUR'], fechas: ['2026-06-09 USD', '2026-06-09 EUR'] });
	});

	it('a poll that emits nothing leaves the static data as it was, so it does not matter that n8n does not save it', async () => {
		fake.setToday('2026-06-05'); // Friday
		const trigger = exchangeRateTrigger(fake, { currencies: ['USD', 'EUR'] });
		await trigger.activate();
		const saved = trigger.saved;
		for (const today of ['2026-06-05', '2026-06-06', '2026-06-07']) {
			fake.setToday(today);
			expect(await trigger.poll()).toEqual({ items: null });
		}
		expect(trigger.saved).toBe(saved);
		expect(trigger.nodeStaticData()).toEqual(trigger.savedNodeStaticData());
	});

	it('a poll that outlasts the poll interval is not overlapped by the next one', async () => {
		const trigger = exchangeRateTrigger(fake, { currencies: ['USD', 'EUR'] });
		await trigger.activate();
		fake.setToday('2026-06-05');
		fake.options.latencyMs = 100;
		try {
			const [slow, next] = await Promise.all([trigger.poll(), trigger.poll()]);
			expect(jsonOf(slow.items)).toEqual(publishedBetween(fake, '2026-06-03', '2026-06-05', ['USD', 'EUR']));
			expect(next).toEqual({ items: null });
		} finally {
			fake.options.latencyMs = 0;
		}
		expect(trigger.emissions).toHaveLength(1);
		expect(await trigger.poll()).toEqual({ items: null });
	});

	it('after years off, fetches the history one year at a time and emits every record once, in order', async () => {
		fake.setToday('2026-06-02');
		const trigger = exchangeRateTrigger(fake, { currencies: ['USD', 'EUR'] }, { saved: savedMemory({ USD: '2024-03-01', EUR: '2024-03-01' }) });
		const { items } = await trigger.activate('init');
		expect(requestsSince(fake, 0)).toEqual([
			'latest USD',
			'history USD 2024-03-02..2025-03-01',
			'history USD 2025-03-02..2026-03-01',
			'history USD 2026-03-02..2026-06-02',
			'latest EUR',
			'history EUR 2024-03-02..2025-03-01',
			'history EUR 2025-03-02..2026-03-01',
			'history EUR 2026-03-02..2026-06-02',
		]);
		expect(jsonOf(items)).toEqual(publishedBetween(fake, '2024-03-02', '2026-06-02', ['USD', 'EUR']));
		expect(items!.length).toBeGreaterThan(1000);
		expect(trigger.savedNodeStaticData()).toEqual({ lastEmittedDate: { USD: '2026-06-02', EUR: '2026-06-02' } });
	});

	it('emits a record the history lacks but the latest route has, and ignores history outside the range', async () => {
		// History answers the chunk with a stale record before the range and without the latest day.
		fake.setToday('2026-06-08');
		fake.failNext('/historico', {
			status: 200,
			body: { success: true, data: [{ fecha: '2026-06-05', moneda: 'USD', precio_compra: '1.000', precio_venta: '1.000' }] },
		});
		const trigger = exchangeRateTrigger(fake, {}, { saved: savedMemory({ USD: '2026-06-05' }) });
		const { items } = await trigger.activate('init');
		expect(jsonOf(items)).toEqual(publishedBetween(fake, '2026-06-08', '2026-06-08', ['USD']));
	});
});

describe('manual run ("Fetch Test Event")', () => {
	it('emits the latest rate of each selected currency without creating any memory', async () => {
		const trigger = exchangeRateTrigger(fake, { currencies: ['USD', 'EUR'], options: { numbersAsNumbers: true } });
		const { items, error, staticData } = await trigger.runManually();
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([
			{ fecha: '2026-06-02', moneda: 'USD', precio_compra: 3.219, precio_venta: 3.231 },
			{ fecha: '2026-06-02', moneda: 'EUR', precio_compra: 3.719, precio_venta: 3.731 },
		]);
		expect(staticData).toEqual({});
		expect(trigger.saved).toBe('{}');
		expect(requestsSince(fake, 0)).toEqual(['latest USD', 'latest EUR']);
	});

	it('leaves an active trigger\'s memory alone, even days after its last emission', async () => {
		const trigger = exchangeRateTrigger(fake);
		await trigger.activate();
		const saved = trigger.saved;
		fake.setToday('2026-06-05');
		const { items, staticData } = await trigger.runManually();
		expect(jsonOf(items)).toEqual(publishedBetween(fake, '2026-06-05', '2026-06-05', ['USD']));
		expect(staticData).toEqual(JSON.parse(saved));
		expect(trigger.saved).toBe(saved);
		// The next poll still brings the three days since the activation.
		expect(jsonOf((await trigger.poll()).items)).toEqual(publishedBetween(fake, '2026-06-03', '2026-06-05', ['USD']));
	});
});

// The Exchange Rate Trigger's behaviour poll by poll, for each source (the SBS, SUNAT): first
// activation, the calls each poll costs, overlapping polls, manual runs. What only one source has
// is tested for that source below: the SBS's currencies and its history fetched a year at a time;
// SUNAT's missed days asked one by one (weekends and holidays answered with 404 or with the
// earlier rate), long outages filled a month per poll; and the Source parameter (workflows saved
// before it follow the SBS as they did).
import { describe, expect, it } from 'vitest';

import { sunatRateOn } from '../../../../fakes/lookup';
import { nodeTypesRegistry } from '../../../harness/engine';
import { useLookupFake } from '../lookup';
import { daysFrom, exchangeRateTrigger, jsonOf, publishedBetween, requestsSince, savedMemory, SOURCES, sunatItem, sunatPublishedBetween, sunatRateTrigger, type RateSource } from './helpers';

const lookup = useLookupFake({ today: '2026-06-02' });

/** What a poll asked and the records it emitted (`fecha moneda`). */
const costOfPoll = async (trigger: ReturnType<RateSource['trigger']>) => {
	const before = lookup.fake.requests.length;
	const outcome = await trigger.poll();
	return { requests: requestsSince(lookup.fake, before), fechas: jsonOf(outcome.items).map((record) => `${record.fecha} ${record.moneda}`) };
};

/** A trigger following every rate, activated on Friday 2026-06-05: its polls of Monday 06-08 and Tuesday 06-09. */
const AFTER_A_WEEKEND = {
	SBS: {
		// Saturday and Sunday may hide a rate, so the history from Saturday is asked once.
		monday: {
			requests: ['latest USD', 'history USD 2026-06-06..2026-06-08', 'latest EUR', 'history EUR 2026-06-06..2026-06-08'],
			fechas: ['2026-06-08 USD', '2026-06-08 EUR'],
		},
		tuesday: ['2026-06-09 USD', '2026-06-09 EUR'],
	},
	SUNAT: {
		// Saturday and Sunday may hold a rate (SUNAT's days are not the SBS's), so each is asked once.
		monday: { requests: ['sunat latest', 'sunat 2026-06-06', 'sunat 2026-06-07'], fechas: ['2026-06-08 USD'] },
		tuesday: ['2026-06-09 USD'],
	},
};

describe.each(SOURCES)('$name', (source) => {
	describe('first activation', () => {
		it('remembers the latest date and emits nothing; the next published rate is the first item', async () => {
			const trigger = source.trigger(lookup.fake);
			expect(await trigger.activate()).toEqual({ items: null });
			expect(requestsSince(lookup.fake, 0)).toEqual(source.latestRequests());
			expect(trigger.savedNodeStaticData()).toEqual({ lastEmittedDate: source.memory('2026-06-02') });

			expect(await trigger.poll()).toEqual({ items: null });
			lookup.fake.setToday('2026-06-03');
			const { items } = await trigger.poll();
			expect(jsonOf(items)).toEqual([source.june3]);
			expect(jsonOf(items)).toEqual([source.itemOn('2026-06-03')]);
			expect(trigger.emissions).toHaveLength(1);
		});

		it('on a weekend remembers Friday, so Monday brings Monday only', async () => {
			lookup.fake.setToday('2026-06-06'); // Saturday
			const trigger = source.trigger(lookup.fake);
			await trigger.activate();
			expect(trigger.savedNodeStaticData()).toEqual({ lastEmittedDate: source.memory('2026-06-05') });
			lookup.fake.setToday('2026-06-08');
			const monday = jsonOf((await trigger.poll()).items);
			expect(monday.map((record) => record.fecha)).toEqual(['2026-06-08']);
			expect(monday).toEqual([source.itemOn('2026-06-08')]);
		});

		it('with "Emit Latest Rate on First Activation" emits the latest rate of each currency once', async () => {
			const trigger = source.trigger(lookup.fake, { ...source.everyRate, options: { emitLatestOnFirstActivation: true } });
			const { items } = await trigger.activate();
			expect(jsonOf(items)).toEqual(source.published(lookup.fake, '2026-06-02', '2026-06-02', true));
			expect(trigger.savedNodeStaticData()).toEqual({ lastEmittedDate: source.memory('2026-06-02', true) });
			expect(await trigger.poll()).toEqual({ items: null });
			// A restart is not a first activation: the memory was saved.
			expect(await trigger.restart()).toEqual({ items: null });
			expect(trigger.emissions).toHaveLength(1);
		});

		it('turns prices into numbers when asked', async () => {
			const trigger = source.trigger(lookup.fake, { options: { emitLatestOnFirstActivation: true, numbersAsNumbers: true } });
			const { items } = await trigger.activate();
			expect(jsonOf(items)).toEqual([source.june2AsNumbers[0]]);
		});
	});

	describe('later polls', () => {
		it('cost one call per followed rate when nothing is new, and one call per missed day or history gap after a weekend', async () => {
			lookup.fake.setToday('2026-06-05'); // Friday
			const trigger = source.trigger(lookup.fake, source.everyRate);
			await trigger.activate();
			// Friday, Saturday, Sunday: nothing new, one call a followed rate.
			for (const today of ['2026-06-05', '2026-06-06', '2026-06-06', '2026-06-07']) {
				lookup.fake.setToday(today);
				expect(await costOfPoll(trigger)).toEqual({ requests: source.latestRequests(true), fechas: [] });
			}
			lookup.fake.setToday('2026-06-08');
			expect(await costOfPoll(trigger)).toEqual(AFTER_A_WEEKEND[source.name].monday);
			expect(await costOfPoll(trigger)).toEqual({ requests: source.latestRequests(true), fechas: [] });
			// Tuesday follows Monday: no day in between, the latest rate is all there is.
			lookup.fake.setToday('2026-06-09');
			expect(await costOfPoll(trigger)).toEqual({ requests: source.latestRequests(true), fechas: AFTER_A_WEEKEND[source.name].tuesday });
		});

		it('a poll that emits nothing leaves the static data as it was, so it does not matter that n8n does not save it', async () => {
			lookup.fake.setToday('2026-06-05'); // Friday
			const trigger = source.trigger(lookup.fake, source.everyRate);
			await trigger.activate();
			const saved = trigger.saved;
			for (const today of ['2026-06-05', '2026-06-06', '2026-06-07']) {
				lookup.fake.setToday(today);
				expect(await trigger.poll()).toEqual({ items: null });
			}
			expect(trigger.saved).toBe(saved);
			expect(trigger.nodeStaticData()).toEqual(trigger.savedNodeStaticData());
		});

		it('a poll that outlasts the poll interval is not overlapped by the next one', async () => {
			const trigger = source.trigger(lookup.fake, source.everyRate);
			await trigger.activate();
			lookup.fake.setToday('2026-06-05');
			lookup.fake.options.latencyMs = 100;
			const [slow, next] = await Promise.all([trigger.poll(), trigger.poll()]);
			expect(jsonOf(slow.items)).toEqual(source.published(lookup.fake, '2026-06-03', '2026-06-05', true));
			expect(next).toEqual({ items: null });
			lookup.fake.options.latencyMs = 0;
			expect(trigger.emissions).toHaveLength(1);
			expect(await trigger.poll()).toEqual({ items: null });
		});
	});

	describe('manual run ("Fetch Test Event")', () => {
		it('emits the latest rate of each followed rate without creating any memory', async () => {
			const trigger = source.trigger(lookup.fake, { ...source.everyRate, options: { numbersAsNumbers: true } });
			const { items, error, staticData } = await trigger.runManually();
			expect(error).toBeUndefined();
			expect(items.map((item) => item.json)).toEqual(source.june2AsNumbers);
			expect(staticData).toEqual({});
			expect(trigger.saved).toBe('{}');
			expect(requestsSince(lookup.fake, 0)).toEqual(source.latestRequests(true));
		});

		it("leaves an active trigger's memory alone, even days after its last emission", async () => {
			const trigger = source.trigger(lookup.fake);
			await trigger.activate();
			const saved = trigger.saved;
			lookup.fake.setToday('2026-06-05');
			const { items, staticData } = await trigger.runManually();
			expect(jsonOf(items)).toEqual(source.published(lookup.fake, '2026-06-05', '2026-06-05'));
			expect(jsonOf(items)).toEqual([source.itemOn('2026-06-05')]);
			expect(staticData).toEqual(JSON.parse(saved));
			expect(trigger.saved).toBe(saved);
			// The next poll still brings the three days since the activation.
			expect(jsonOf((await trigger.poll()).items)).toEqual(source.published(lookup.fake, '2026-06-03', '2026-06-05'));
		});
	});
});

describe('description', () => {
	it('is a polling trigger with currencies, options, and the Poll Times n8n adds', () => {
		exchangeRateTrigger(lookup.fake); // loads the node type as n8n's loader does
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

	type Property = { name: string; default: unknown; options?: Array<{ value: unknown }>; displayOptions?: unknown };
	const description = () => {
		exchangeRateTrigger(lookup.fake); // loads the node type as n8n's loader does
		return (nodeTypesRegistry.getByName('n8n-nodes-taxpayer-messaging.exchangeRateTrigger') as { description: { subtitle: string; properties: Property[] } }).description;
	};

	it('has a Source, SBS by default, and hides Currencies for SUNAT (USD only)', () => {
		const { properties } = description();
		const source = properties.find((property) => property.name === 'source')!;
		expect(source.default).toBe('sbs');
		expect(source.options?.map((option) => option.value)).toEqual(['sbs', 'sunat']);
		const names = properties.map((property) => property.name);
		expect(names.indexOf('source')).toBeLessThan(names.indexOf('currencies'));
		expect(properties.find((property) => property.name === 'currencies')?.displayOptions).toEqual({ hide: { source: ['sunat'] } });
	});

	it('says which rates it follows in the subtitle', () => {
		expect(description().subtitle).toBe('={{$parameter["source"] === "sunat" ? "New SUNAT USD Rates" : "New " + $parameter["currencies"].join(", ") + " Rates"}}');
	});
});

describe('SBS: its currencies and their history', () => {
	it('a currency added later starts from its latest rate; one removed is forgotten', async () => {
		const usdOnly = exchangeRateTrigger(lookup.fake);
		await usdOnly.activate();
		lookup.fake.setToday('2026-06-04');
		// The user adds EUR: n8n activates the edited workflow with the saved static data.
		const both = exchangeRateTrigger(lookup.fake, { currencies: ['USD', 'EUR'] }, { saved: usdOnly.saved });
		const { items } = await both.activate('update');
		expect(jsonOf(items)).toEqual(publishedBetween(lookup.fake, '2026-06-03', '2026-06-04', ['USD']));
		expect(both.savedNodeStaticData()).toEqual({ lastEmittedDate: { USD: '2026-06-04', EUR: '2026-06-04' } });
		lookup.fake.setToday('2026-06-05');
		expect(jsonOf((await both.poll()).items)).toEqual(publishedBetween(lookup.fake, '2026-06-05', '2026-06-05', ['USD', 'EUR']));

		const eurOnly = exchangeRateTrigger(lookup.fake, { currencies: ['EUR'] }, { saved: both.saved });
		expect(await eurOnly.activate('update')).toEqual({ items: null });
		expect(eurOnly.savedNodeStaticData()).toEqual({ lastEmittedDate: { EUR: '2026-06-05' } });
	});

	it('after years off, fetches the history one year at a time and emits every record once, in order', async () => {
		lookup.fake.setToday('2026-06-02');
		const trigger = exchangeRateTrigger(lookup.fake, { currencies: ['USD', 'EUR'] }, { saved: savedMemory({ USD: '2024-03-01', EUR: '2024-03-01' }) });
		const { items } = await trigger.activate('init');
		expect(requestsSince(lookup.fake, 0)).toEqual([
			'latest USD',
			'history USD 2024-03-02..2025-03-01',
			'history USD 2025-03-02..2026-03-01',
			'history USD 2026-03-02..2026-06-02',
			'latest EUR',
			'history EUR 2024-03-02..2025-03-01',
			'history EUR 2025-03-02..2026-03-01',
			'history EUR 2026-03-02..2026-06-02',
		]);
		expect(jsonOf(items)).toEqual(publishedBetween(lookup.fake, '2024-03-02', '2026-06-02', ['USD', 'EUR']));
		expect(items!.length).toBeGreaterThan(1000);
		expect(trigger.savedNodeStaticData()).toEqual({ lastEmittedDate: { USD: '2026-06-02', EUR: '2026-06-02' } });
	});

	it('emits a record the history lacks but the latest route has, and ignores history outside the range', async () => {
		// History answers the chunk with a stale record before the range and without the latest day.
		lookup.fake.setToday('2026-06-08');
		lookup.fake.failNext('/historico', {
			status: 200,
			body: { success: true, data: [{ fecha: '2026-06-05', moneda: 'USD', precio_compra: '1.000', precio_venta: '1.000' }] },
		});
		const trigger = exchangeRateTrigger(lookup.fake, {}, { saved: savedMemory({ USD: '2026-06-05' }) });
		const { items } = await trigger.activate('init');
		expect(jsonOf(items)).toEqual(publishedBetween(lookup.fake, '2026-06-08', '2026-06-08', ['USD']));
	});
});

describe('SUNAT: its missed days, asked one by one', () => {
	it('gives the same items whether or not the API states the currency', async () => {
		lookup.fake.options.sunatStatesCurrency = true;
		const trigger = sunatRateTrigger(lookup.fake, { options: { emitLatestOnFirstActivation: true } });
		lookup.fake.setToday('2026-06-01');
		await trigger.activate();
		lookup.fake.setToday('2026-06-02');
		expect(trigger.emissions.map(jsonOf)).toEqual([[sunatItem('2026-06-01')]]);
		expect(jsonOf((await trigger.poll()).items)).toEqual([sunatItem('2026-06-02')]);
	});

	it('skips a holiday after a weekend (404 for each day without a rate) and emits nothing for it', async () => {
		lookup.fake.setToday('2026-06-26'); // Friday; Monday 06-29 is a holiday
		const trigger = sunatRateTrigger(lookup.fake);
		await trigger.activate();
		lookup.fake.setToday('2026-06-29');
		expect(await costOfPoll(trigger)).toEqual({ requests: ['sunat latest'], fechas: [] });
		lookup.fake.setToday('2026-06-30');
		expect(await costOfPoll(trigger)).toEqual({
			requests: ['sunat latest', 'sunat 2026-06-27', 'sunat 2026-06-28', 'sunat 2026-06-29'],
			fechas: ['2026-06-30 USD'],
		});
		// One query a poll: the fake counts no 404 (whether MIGO does is not published).
		expect(lookup.fake.queriesUsed).toBe(3);
	});

	it('when the API answers a day without a rate with the earlier rate, that rate is not emitted again', async () => {
		lookup.fake.options.nonBusinessDay = 'previousBusinessDay';
		lookup.fake.setToday('2026-06-05');
		const trigger = sunatRateTrigger(lookup.fake, { options: { emitLatestOnFirstActivation: true } });
		await trigger.activate();
		lookup.fake.setToday('2026-06-08');
		expect(await costOfPoll(trigger)).toEqual({ requests: ['sunat latest', 'sunat 2026-06-06', 'sunat 2026-06-07'], fechas: ['2026-06-08 USD'] });
		// Friday's rate came twice more, dated Friday: carried over, not a new day.
		expect(trigger.emissions.flatMap(jsonOf)).toEqual([sunatItem('2026-06-05'), sunatItem('2026-06-08')]);
	});

	it('emits a rate SUNAT published on a day the SBS did not (a Saturday), in date order', async () => {
		lookup.fake.setToday('2026-06-05');
		const trigger = sunatRateTrigger(lookup.fake);
		await trigger.activate();
		const saturday = { fecha: '2026-06-06', precio_compra: '3.300', precio_venta: '3.310' };
		lookup.fake.failNext('/sunat?fecha=2026-06-06', { status: 200, body: { success: true, ...saturday } });
		lookup.fake.setToday('2026-06-08');
		const { items } = await trigger.poll();
		expect(jsonOf(items)).toEqual([{ fecha: '2026-06-06', moneda: 'USD', precio_compra: '3.300', precio_venta: '3.310' }, sunatItem('2026-06-08')]);
	});

	it('emits only a record dated the day asked: one dated another day is not a new rate', async () => {
		lookup.fake.setToday('2026-06-02');
		const trigger = sunatRateTrigger(lookup.fake);
		await trigger.activate();
		lookup.fake.setToday('2026-06-05');
		// Wednesday is answered with Tuesday's record (already emitted), Thursday with Friday's (not yet published as such).
		lookup.fake.failNext('/sunat?fecha=2026-06-03', { status: 200, body: { success: true, ...sunatRateOn('2026-06-02') } });
		lookup.fake.failNext('/sunat?fecha=2026-06-04', { status: 200, body: { success: true, ...sunatRateOn('2026-06-05') } });
		const { items } = await trigger.poll();
		expect(jsonOf(items)).toEqual([sunatItem('2026-06-05')]);
	});

	it('after three months off, asks 31 days a poll (a month), emits each rate once, in order, the latest last', async () => {
		const trigger = sunatRateTrigger(lookup.fake, {}, { saved: savedMemory({ SUNAT: '2026-03-02' }) });
		// 2026-03-03 to 2026-06-01: 91 missed days, so three polls (31, 31, 29 days).
		const first = await trigger.activate('init');
		expect(requestsSince(lookup.fake, 0)).toEqual(['sunat latest', ...daysFrom('2026-03-03', '2026-04-02').map((day) => `sunat ${day}`)]);
		expect(jsonOf(first.items)).toEqual(sunatPublishedBetween(lookup.fake, '2026-03-03', '2026-04-02'));
		expect(trigger.savedNodeStaticData()).toEqual({ lastEmittedDate: { SUNAT: '2026-04-02' } });

		// n8n restarts in the middle of the catch-up: it goes on from what was saved.
		let before = lookup.fake.requests.length;
		const second = await trigger.restart();
		expect(requestsSince(lookup.fake, before)).toEqual(['sunat latest', ...daysFrom('2026-04-03', '2026-05-03').map((day) => `sunat ${day}`)]);
		expect(jsonOf(second.items)).toEqual(sunatPublishedBetween(lookup.fake, '2026-04-03', '2026-05-03'));

		before = lookup.fake.requests.length;
		const third = await trigger.poll();
		expect(requestsSince(lookup.fake, before)).toEqual(['sunat latest', ...daysFrom('2026-05-04', '2026-06-01').map((day) => `sunat ${day}`)]);
		expect(jsonOf(third.items)).toEqual(sunatPublishedBetween(lookup.fake, '2026-05-04', '2026-06-02'));
		expect(trigger.savedNodeStaticData()).toEqual({ lastEmittedDate: { SUNAT: '2026-06-02' } });

		expect(await trigger.poll()).toEqual({ items: null });
		expect(trigger.emissions.flatMap(jsonOf)).toEqual(sunatPublishedBetween(lookup.fake, '2026-03-03', '2026-06-02'));
	});

	it('after years off, no poll asks more than a month of days, and every rate comes once, in order', async () => {
		const trigger = sunatRateTrigger(lookup.fake, {}, { saved: savedMemory({ SUNAT: '2024-03-01' }) });
		const remembered = () => (trigger.savedNodeStaticData()?.lastEmittedDate as { SUNAT?: string } | undefined)?.SUNAT ?? '';
		let polls = 0;
		for (let before = 0; polls === 0 || remembered() < '2026-06-02'; polls++) {
			before = lookup.fake.requests.length;
			const outcome = polls === 0 ? await trigger.activate('init') : await trigger.poll();
			expect(outcome.error).toBeUndefined();
			expect(requestsSince(lookup.fake, before).length).toBeLessThanOrEqual(1 + 31);
			if (polls > 40) throw new Error(`still catching up after ${polls} polls, at ${remembered()}`);
		}
		// 2024-03-02 to 2026-06-01: 822 days to ask, 31 a poll.
		expect(polls).toBe(27);
		const emitted = trigger.emissions.flatMap(jsonOf);
		expect(emitted).toEqual(sunatPublishedBetween(lookup.fake, '2024-03-02', '2026-06-02'));
		expect(emitted.length).toBeGreaterThan(500);
		expect(lookup.fake.requests.filter((request) => request.query.fecha).length).toBe(822);
	});

	it('a catch-up window without any rate moves on; if n8n stops before an emission saves that, the window is asked again', async () => {
		lookup.fake.setToday('2026-03-02');
		const trigger = sunatRateTrigger(lookup.fake);
		await trigger.activate();
		const saved = trigger.saved;
		// Every day of the first window is answered 404, as if SUNAT had published nothing then.
		lookup.fake.setToday('2026-06-02');
		lookup.fake.failAlways(/sunat\?fecha=2026-0(3-(0[3-9]|[123]\d)|4-0[12])/, { status: 404, body: { success: false, message: 'No hay tipo de cambio para la fecha' } });
		expect(await trigger.poll()).toEqual({ items: null });
		expect(trigger.nodeStaticData()).toEqual({ lastEmittedDate: { SUNAT: '2026-04-02' } });
		expect(trigger.saved).toBe(saved);
		lookup.fake.clearFailures();
		const before = lookup.fake.requests.length;
		const { items } = await trigger.restart();
		expect(requestsSince(lookup.fake, before)[1]).toBe('sunat 2026-03-03');
		expect(jsonOf(items)).toEqual(sunatPublishedBetween(lookup.fake, '2026-03-03', '2026-04-02'));
	});
});

describe('Source', () => {
	it('a workflow saved before Source existed follows the SBS from its saved dates, as before', async () => {
		lookup.fake.setToday('2026-06-08');
		// What 0.1.0 saved: the node's parameters without `source`, the memory without a SUNAT date.
		const saved = savedMemory({ USD: '2026-06-03', EUR: '2026-06-04' });
		const trigger = exchangeRateTrigger(lookup.fake, { currencies: ['USD', 'EUR'], options: {} }, { saved });
		expect(trigger.node.parameters).not.toHaveProperty('source');
		const { items } = await trigger.activate('init');
		expect(requestsSince(lookup.fake, 0)).toEqual([
			'latest USD',
			'history USD 2026-06-04..2026-06-08',
			'latest EUR',
			'history EUR 2026-06-05..2026-06-08',
		]);
		expect(jsonOf(items)).toEqual([
			...publishedBetween(lookup.fake, '2026-06-04', '2026-06-04', ['USD']),
			...publishedBetween(lookup.fake, '2026-06-05', '2026-06-08', ['USD', 'EUR']),
		]);
		expect(trigger.savedNodeStaticData()).toEqual({ lastEmittedDate: { USD: '2026-06-08', EUR: '2026-06-08' } });
	});

	it('SUNAT ignores Currencies, even when a switched workflow still holds them', async () => {
		const trigger = sunatRateTrigger(lookup.fake, { currencies: ['EUR'], options: { emitLatestOnFirstActivation: true } });
		const { items } = await trigger.activate();
		expect(jsonOf(items)).toEqual([sunatItem('2026-06-02')]);
		expect(requestsSince(lookup.fake, 0)).toEqual(['sunat latest']);
		expect(trigger.savedNodeStaticData()).toEqual({ lastEmittedDate: { SUNAT: '2026-06-02' } });
	});

	it('switching the source starts the new one from its latest rate and forgets the other', async () => {
		const sbs = exchangeRateTrigger(lookup.fake, { currencies: ['USD'] });
		await sbs.activate();
		lookup.fake.setToday('2026-06-04');
		// The user switches to SUNAT: n8n activates the edited workflow with the saved static data.
		const sunat = sunatRateTrigger(lookup.fake, {}, { saved: sbs.saved });
		expect(await sunat.activate('update')).toEqual({ items: null });
		expect(sunat.savedNodeStaticData()).toEqual({ lastEmittedDate: { SUNAT: '2026-06-04' } });
		lookup.fake.setToday('2026-06-05');
		expect(jsonOf((await sunat.poll()).items)).toEqual([sunatItem('2026-06-05')]);

		// And back: the SBS starts again from its latest rate, without filling in the days it was off.
		lookup.fake.setToday('2026-06-09');
		const back = exchangeRateTrigger(lookup.fake, { currencies: ['USD'] }, { saved: sunat.saved });
		expect(await back.activate('update')).toEqual({ items: null });
		expect(back.savedNodeStaticData()).toEqual({ lastEmittedDate: { USD: '2026-06-09' } });
	});

	it('an expression giving an unknown source is a clear error, before any request', async () => {
		const trigger = sunatRateTrigger(lookup.fake, { source: 'bcrp' });
		const outcome = await trigger.activate();
		expect(outcome.error?.message).toBe('Source "bcrp" is not a rate source');
		expect(lookup.fake.requests).toHaveLength(0);
	});

	it('keeps the memory one date, whatever the age', async () => {
		const trigger = sunatRateTrigger(lookup.fake);
		await trigger.activate();
		for (const today of daysFrom('2026-06-03', '2026-07-03')) {
			lookup.fake.setToday(today);
			await trigger.poll();
		}
		expect(JSON.stringify(trigger.savedNodeStaticData())).toBe(JSON.stringify({ lastEmittedDate: { SUNAT: '2026-07-03' } }));
		expect(trigger.emissions.flatMap(jsonOf)).toEqual(sunatPublishedBetween(lookup.fake, '2026-06-03', '2026-07-03'));
	});
});

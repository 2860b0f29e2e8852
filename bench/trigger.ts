// The Exchange Rate Trigger's API calls per poll, through n8n-core's PollContext (test/harness/poll),
// against the lookup fake with its clock moved day by day: what each kind of poll costs.
import type { LookupFake } from '../fakes/lookup';
import { VALID_TOKEN } from '../fakes/lookup';
import { PollTriggerHarness, type PollOutcome } from '../test/harness/poll';

export interface PollCost {
	poll: string;
	currencies: string;
	calls: number;
	/** The requests, as `latest USD` / `history USD start..end`. */
	requests: string[];
	emitted: number;
	wallMs: number;
}

function describeRequests(fake: LookupFake, from: number): string[] {
	return fake.requests.slice(from).map(({ path, query }) => {
		if (path.endsWith('/ultimo')) return `latest ${query.moneda}`;
		if (path.endsWith('/historico')) return `history ${query.moneda} ${query.fecha_inicio}..${query.fecha_fin}`;
		return path;
	});
}

/** Runs a scripted week (and two outages) and gives the cost of each poll. */
export async function triggerPollCosts(fake: LookupFake): Promise<PollCost[]> {
	const rows: PollCost[] = [];
	const measure = async (poll: string, currencies: string[], run: () => Promise<PollOutcome>) => {
		const before = fake.requests.length;
		const started = process.hrtime.bigint();
		const outcome = await run();
		const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
		if (outcome.error) throw outcome.error;
		const requests = describeRequests(fake, before);
		rows.push({ poll, currencies: currencies.join('+'), calls: requests.length, requests, emitted: outcome.items?.length ?? 0, wallMs });
	};

	for (const currencies of [['USD'], ['USD', 'EUR']]) {
		fake.reset();
		fake.setToday('2026-06-05'); // a Friday
		const trigger = new PollTriggerHarness({
			type: 'exchangeRateTrigger',
			nodeName: 'Exchange Rate Trigger',
			parameters: { currencies },
			credentials: { taxpayerLookupApi: { baseUrl: fake.url, accessToken: VALID_TOKEN } },
		});
		await measure('activation (first poll)', currencies, () => trigger.activate());
		await measure('nothing new (same day)', currencies, () => trigger.poll());
		fake.setToday('2026-06-06');
		await measure('Saturday (no rate published)', currencies, () => trigger.poll());
		fake.setToday('2026-06-08');
		await measure('Monday after a weekend (gap of 2 days)', currencies, () => trigger.poll());
		fake.setToday('2026-06-09');
		await measure('next business day', currencies, () => trigger.poll());
		fake.setToday('2026-06-30');
		await measure('n8n off for 3 weeks, restarted', currencies, () => trigger.restart());
		fake.setToday('2027-09-01');
		await measure('n8n off for 14 months, restarted', currencies, () => trigger.restart());
	}
	return rows;
}

// The Exchange Rate Trigger against every way the lookup API can misbehave, on a scheduled poll
// (where it matters most: nobody is watching): a readable error, nothing marked as emitted, the
// token nowhere, no hang past the poll budget, and the next good poll catches up.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { startLookupFake, VALID_TOKEN, type Failure, type LookupFake } from '../../fakes/lookup';
import { exchangeRateTrigger, jsonOf, publishedBetween } from '../nodes/TaxpayerLookup/exchangeRateTrigger/helpers';

let fake: LookupFake;
beforeAll(async () => {
	fake = await startLookupFake({ today: '2026-06-02' });
});
beforeEach(() => {
	fake.reset();
	fake.setToday('2026-06-02');
});
afterAll(async () => {
	await fake.close();
});

const failures: Array<{ name: string; failure: Failure; path: string; message: RegExp }> = [
	{ name: '401 on latest', path: '/ultimo', failure: { status: 401, body: { message: 'Unauthenticated.' } }, message: /^The access token was rejected \(401: Unauthenticated\.\)$/ },
	{ name: '403 plan on history', path: '/historico', failure: { status: 403, body: { success: false, message: 'Su plan no incluye esta consulta.' } }, message: /^Access denied for USD rates from 2026-06-03 to 2026-06-05 \(403: Su plan no incluye esta consulta\.\)$/ },
	// A quota refusal is waited out when the quota comes back within the poll (test/nodes/TaxpayerLookup/exchangeRateTrigger/errors.test.ts).
	{ name: '403 quota on history, back after the poll', path: '/historico', failure: { status: 403, body: { success: false, message: 'Límite' }, headers: { 'retry-after': '60' } }, message: /^The lookup API's quota is spent for USD rates from 2026-06-03 to 2026-06-05; the API asks to wait 1 min \(403: Límite\)$/ },
	{ name: '422 on history', path: '/historico', failure: { status: 422, body: { success: false, message: 'Invalid', errors: { fecha_fin: ['Rango'] } } }, message: /\(422: Invalid; fecha_fin: Rango\)$/ },
	{ name: '429 on latest, back after the poll', path: '/ultimo', failure: { status: 429, body: 'Too Many Requests', contentType: 'text/plain', headers: { 'retry-after': '60' } }, message: /^The lookup API's quota is spent for latest USD rate; the API asks to wait 1 min \(429: Too Many Requests\)$/ },
	{ name: '500 on history', path: '/historico', failure: { status: 500, body: { message: 'Server Error' } }, message: /^The lookup API failed on USD rates .* \(500: Server Error\)$/ },
	{ name: 'HTML page on latest', path: '/ultimo', failure: { kind: 'html' }, message: /\(502: an HTML page titled "502 Bad Gateway"\)$/ },
	{ name: 'truncated JSON on history', path: '/historico', failure: { kind: 'truncatedJson' }, message: /not JSON/ },
	{ name: 'empty body on latest', path: '/ultimo', failure: { kind: 'emptyBody' }, message: /not JSON \(200\)$/ },
	{ name: '"success": false on history', path: '/historico', failure: { kind: 'successFalse' }, message: /reported a failure/ },
	{ name: 'connection closed on latest', path: '/ultimo', failure: { kind: 'reset' }, message: /closed the connection .* \(ECONNRESET\)$/ },
	{ name: 'stall past the poll budget', path: '/historico', failure: { kind: 'stall' }, message: /did not answer in time .* \(E[A-Z]+\)$/ },
];

describe('Exchange Rate Trigger under faults', () => {
	it.each(failures)('$name', async ({ failure, path, message }) => {
		const trigger = exchangeRateTrigger(fake, {}, { pollBudgetMs: 400 });
		await trigger.activate();
		const saved = trigger.saved;
		fake.setToday('2026-06-05');

		fake.failNext(path, failure);
		const outcome = await trigger.poll();
		expect(outcome.items).toBeNull();
		expect(outcome.error?.message).toMatch(message);
		expect((outcome.error as { description?: string }).description).toBeTruthy();
		expect(trigger.saved).toBe(saved);
		expect(JSON.stringify({ errors: trigger.errors, saved: trigger.saved })).not.toContain(VALID_TOKEN);

		const { items } = await trigger.poll();
		expect(jsonOf(items)).toEqual(publishedBetween(fake, '2026-06-03', '2026-06-05', ['USD']));
	});

	it('a refused connection: cannot reach the API, token not shown', async () => {
		const trigger = exchangeRateTrigger(fake);
		await trigger.activate();
		const unreachable = exchangeRateTrigger({ ...fake, url: 'http://127.0.0.1:9' } as LookupFake, {}, { saved: trigger.saved });
		await unreachable.activate();
		expect(unreachable.errors[0]?.message).toBe('Cannot reach the lookup API for latest USD rate (ECONNREFUSED)');
		expect(JSON.stringify(unreachable.errors)).not.toContain(VALID_TOKEN);
	});
});

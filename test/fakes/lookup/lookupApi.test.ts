// The lookup fake's gate (holdUntilInFlight), which the queue-mode test relies on to prove that
// two workers ran executions at once.
import { afterEach, describe, expect, it } from 'vitest';

import { TAXPAYERS, VALID_TOKEN, startLookupFake, type LookupFake } from '../../../fakes/lookup';

const RUC = Object.keys(TAXPAYERS)[0];
let fake: LookupFake;

afterEach(async () => {
	await fake?.close();
});

const ask = () => fetch(`${fake.url}/api/v2/ruc/${RUC}`, { headers: { authorization: `Bearer ${VALID_TOKEN}` } });

describe('lookup fake: holdUntilInFlight', () => {
	it('answers nothing until the count wait at once, then all of them, and holds no later request', async () => {
		fake = await startLookupFake();
		const gate = fake.holdUntilInFlight(3, 30_000);
		const answered: number[] = [];
		const first = [ask(), ask()].map((request, index) => request.then((response) => (answered.push(index), response)));
		await expect.poll(() => fake.requests.length).toBe(2);
		expect(answered).toEqual([]);
		expect(fake.inFlight).toBe(2);
		const third = ask();
		expect(await gate).toBe(true);
		const responses = await Promise.all([...first, third]);
		expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
		expect(fake.peakInFlight).toBe(3);
		// The gate is gone: the next request is answered by itself.
		expect((await ask()).status).toBe(200);
	});

	it('answers the held requests and resolves false when the count is not reached in time', async () => {
		fake = await startLookupFake();
		const gate = fake.holdUntilInFlight(5, 200);
		const response = await ask();
		expect(response.status).toBe(200);
		expect(await gate).toBe(false);
	});
});

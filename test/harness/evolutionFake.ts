// The Evolution fake's life in a test file: one fake for the file, and fakes of other options for
// one test. Every engine test and every test of the fake starts it through these two.
import { afterAll, beforeAll, beforeEach } from 'vitest';

import { startEvolutionFake, type EvolutionFake, type EvolutionFakeOptions } from '../../fakes/evolution';

/** One Evolution fake for the test file (or describe block), its recorded requests and canned answers forgotten before each test. */
export function useEvolutionFake(options: EvolutionFakeOptions = {}) {
	const state = {} as { fake: EvolutionFake };
	beforeAll(async () => {
		state.fake = await startEvolutionFake(options);
	});
	afterAll(async () => {
		await state.fake.close();
	});
	beforeEach(() => {
		state.fake.reset();
	});
	return state;
}

/**
 * Fakes of other options (another release, S3 off) for part of one test, in the order of
 * `options`; closed when `use` is done, whether it passed or failed.
 */
export async function withEvolutionFakes<T>(options: EvolutionFakeOptions[], use: (fakes: EvolutionFake[]) => Promise<T>): Promise<T> {
	const fakes = await Promise.all(options.map(async (each) => await startEvolutionFake(each)));
	try {
		return await use(fakes);
	} finally {
		await Promise.all(fakes.map(async (fake) => await fake.close()));
	}
}

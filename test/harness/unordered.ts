// A run's requests that may be in flight together (lookups, up to Max Concurrent Requests; sends
// through different instances) reach a fake in an order that is not defined. Tests compare what
// was sent as a multiset: both sides in one canonical order, so each request must appear exactly
// as often as expected, whichever arrived first. The node's output keeps the items' order, and
// sends through one instance arrive in item order (test/nodes/Messaging/pace.test.ts).
import type { INodeExecutionData } from 'n8n-workflow';
import { expect } from 'vitest';

/** JSON with object keys sorted, so equal values give equal text whatever their key order. */
function canonical(value: unknown): string {
	return JSON.stringify(value, (_key, inner: unknown) =>
		inner && typeof inner === 'object' && !Array.isArray(inner)
			? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
			: inner,
	);
}

/** The values in a canonical order: `expect(unordered(sent)).toEqual(unordered(expected))`. */
export function unordered<T>(values: readonly T[]): T[] {
	return values
		.map((value) => ({ value, key: canonical(value) }))
		.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
		.map(({ value }) => value);
}

/**
 * Two items whose identical requests go out at once: the one-off failure hits whichever arrives
 * first. That item carries the error, naming itself; the other succeeds; each stays paired.
 */
export function expectOneFailedItem(items: INodeExecutionData[]) {
	const failed = items.filter((item) => item.json.error !== undefined);
	expect(failed).toHaveLength(1);
	const failedIndex = (failed[0].pairedItem as { item: number }).item;
	expect(failed[0].json.error).toMatch(new RegExp(`^[A-Z].* \\[item ${failedIndex}\\]$`));
	const others = items.filter((item) => item.json.error === undefined);
	expect(others.length).toBeGreaterThan(0);
	expect(others.every((item) => (item.pairedItem as { item: number }).item === 1 - failedIndex)).toBe(true);
}

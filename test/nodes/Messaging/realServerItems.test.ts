// The node's items held to the real Evolution server: the Messaging node's operations that need no
// WhatsApp connection (test/harness/realItems.ts), run through n8n's engine against the fake playing a
// release, after the raw requests of requests.json, must produce what they produced against the real
// server when scripts/realevo/record.mjs recorded items.json (docs/development.md, "The fake held to
// the real server"): the items' shape (keys and value types, recursively; masked values as any
// string), the error's message word for word, and the HTTP exchanges' statuses (an error answer's
// body value for value). CI has no Evolution server: this replays the recordings only.
import { beforeAll, describe, expect, it } from 'vitest';

import { loadRecording, loadRequests, mask, replay, shapeDifferences } from '../../harness/realEvolution.mjs';
import { ITEMS_OPERATIONS, runItemsOperations, type ItemsResult } from '../../harness/realItems';
import { useEvolutionFake } from '../../harness/evolutionFake';
import { OFF_IN_RECORDING, RELEASES } from '../../harness/realServer';

/**
 * Operations whose result the fake deliberately does not give as the real server does, with the
 * reason. Each must still differ (else it is taken off this list).
 */
const EXCEPTIONS: Array<{ operations: RegExp; reason: string }> = [
	{
		// Offline, WhatsApp never sends the recorded server a QR code: connect answers {count: 0}.
		// The fake plays a server that reaches WhatsApp, whose connect answers the QR code.
		operations: /^instance connect \(offline: no QR code\)$/,
		reason: 'offline the real server gets no QR code; the fake plays one that does',
	},
	{
		// Evolution tries a proxy before it stores it; offline every proxy fails (400 Invalid proxy) and
		// none is stored. The fake plays a server that reaches proxy.example.com (a host under
		// .invalid is its unreachable proxy).
		operations: /^integration (setProxy|getProxy)$/,
		reason: 'offline the real server reaches no proxy; the fake plays one that does',
	},
];
const exceptionFor = (name: string) => EXCEPTIONS.find((exception) => exception.operations.test(name));

interface RecordedItems {
	release: string;
	operations: ItemsResult[];
}

/** Where the fake's result differs from the recorded one. */
function differences(recorded: ItemsResult, actual: ItemsResult): string[] {
	const found: string[] = [];
	if (recorded.error) {
		if (!actual.error) found.push(`items ${JSON.stringify(actual.items?.map((item) => item.json)).slice(0, 300)}, the real server's error ${JSON.stringify(recorded.error.message)}`);
		else if (recorded.error.message !== actual.error.message) found.push(`error ${JSON.stringify(actual.error.message)}, the real server's ${JSON.stringify(recorded.error.message)}`);
	} else if (recorded.items) {
		if (!actual.items) found.push(`error ${JSON.stringify(actual.error?.message)}, the real server's items`);
		else found.push(...shapeDifferences(recorded.items, actual.items, 'items'));
	}
	const statuses = (result: ItemsResult) => result.exchanges.map((exchange) => `${exchange.method} ${exchange.path} ${exchange.status}`);
	if (JSON.stringify(statuses(recorded)) !== JSON.stringify(statuses(actual))) {
		found.push(`exchanges ${JSON.stringify(statuses(actual))}, the real server's ${JSON.stringify(statuses(recorded))}`);
	} else {
		recorded.exchanges.forEach((exchange, index) => {
			// An error's texts are what the node shows: value for value.
			if (exchange.status >= 400 && JSON.stringify(exchange.body) !== JSON.stringify(actual.exchanges[index].body)) {
				found.push(`${exchange.path}: answer ${JSON.stringify(actual.exchanges[index].body)}, the real server's ${JSON.stringify(exchange.body)}`);
			}
		});
	}
	return found;
}

for (const release of RELEASES) {
	const recording = loadRecording(release, 'items.json') as RecordedItems | undefined;
	describe.skipIf(!recording)(`The node's items against the fake playing ${release}, as against the real server`, () => {
		// The recorded server held no instance but those the requests and the operations make.
		const state = useEvolutionFake({ release, integrationsOff: OFF_IN_RECORDING, instances: [] });
		let results: ItemsResult[];

		beforeAll(async () => {
			// The same state as when recorded: the raw requests first.
			await replay(loadRequests().requests, { url: state.fake.url, keys: { global: state.fake.apiKey, wrong: 'not-the-server-key' } });
			results = mask(await runItemsOperations({ url: state.fake.url, apiKey: state.fake.apiKey, wrongKey: 'not-the-server-key' })) as ItemsResult[];
		}, 60_000);

		it('has a recording of every operation, in the list order', () => {
			expect(recording!.operations.map((operation) => operation.name)).toEqual(ITEMS_OPERATIONS.map((operation) => operation.name));
		});

		it.each(ITEMS_OPERATIONS.map((operation, index) => [operation.name, index] as const))('%s', (name, index) => {
			const found = differences(recording!.operations[index], results[index]);
			const exception = exceptionFor(name);
			if (exception) expect(found, `listed as an exception (${exception.reason}) but the fake now does as the real server: take it off`).not.toEqual([]);
			else expect(found, JSON.stringify(results[index]).slice(0, 800)).toEqual([]);
		});
	});
}

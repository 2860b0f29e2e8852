// The fake held to the real Evolution server: the fixed requests of
// test/fixtures/evolution-real/requests.json, sent in order to the fake, must get the status and the
// body's shape (keys and value types, recursively) the real server answered when
// scripts/realevo/record.mjs recorded it (docs/development.md, "The fake held to the real server").
// CI has no Evolution server: this replays the recordings only.
import { beforeAll, describe, expect, it } from 'vitest';

import { loadRecording, loadRequests, replay, type RealAnswer } from '../../harness/realEvolution.mjs';
import { useEvolutionFake } from '../../harness/evolutionFake';
import { answerDifferences, expectAsRecorded, OFF_IN_RECORDING, RELEASES } from '../../harness/realServer';

/**
 * Requests whose answer the fake deliberately does not give as the real server does, with the
 * reason: `shape` where even the status or shape differs, `value` where only an error's values do.
 * Each must still differ (else it is taken off this list).
 */
const EXCEPTIONS: Array<{ requests: RegExp; differs: 'shape' | 'value'; reason: string }> = [
	{
		// Offline, WhatsApp never sends the recorded server a QR code: connect answers {count: 0}.
		// The fake plays a server that reaches WhatsApp, whose connect answers the QR code.
		requests: /^connect B$/,
		differs: 'shape',
		reason: 'offline the real server gets no QR code; the fake plays one that does',
	},
	{
		// The recorded instance never had a socket, so whatsappNumbers' TypeError is answered as its
		// JSON, `{}`. The fake plays an instance whose socket was open and closed (its error names the
		// closed connection in the route's unwrapped envelope).
		requests: /^whatsappNumbers on a disconnected instance$/,
		differs: 'shape',
		reason: 'a never-connected instance (recorded) against a closed one (the fake)',
	},
	{
		// Same cause: the real server's errors are JavaScript's own ("Cannot read properties of
		// undefined (reading 'onWhatsApp')"), the fake's those of a closed socket ("Connection Closed"),
		// in the same envelopes. (The sends already answer as the real server's: the fake's instances
		// created without a QR code have no socket, FakeInstance.socket.)
		requests: /^(fetchAllGroups|sendPresence|setPresence|fetchProfile) on a disconnected instance$/,
		differs: 'value',
		reason: 'a never-connected instance (recorded) against a closed one (the fake)',
	},
];
const exceptionFor = (name: string) => EXCEPTIONS.find((exception) => exception.requests.test(name));

for (const release of RELEASES) {
	describe(`Evolution fake against the real ${release}`, () => {
		const recording = loadRecording(release);
		const { requests } = loadRequests();
		const state = useEvolutionFake({ release, integrationsOff: OFF_IN_RECORDING });
		let answers: RealAnswer[];

		beforeAll(async () => {
			answers = await replay(requests, { url: state.fake.url, keys: { global: state.fake.apiKey, wrong: 'not-the-server-key' } });
		});

		it('has a recording of every request, in the list order', () => {
			expect(recording?.answers.map((answer) => answer.name)).toEqual(requests.map((request) => request.name));
		});

		it.each(requests.map((request, index) => [request.name, index] as const))('%s', (name, index) => {
			expectAsRecorded(recording!.answers[index], answers[index], exceptionFor(name));
		});
	});
}

describe('Evolution fake against the real 2.4.0-rc2 without a licence (its gate)', () => {
	const recording = loadRecording('2.4.0-rc2', 'gate.json');
	const { gate } = loadRequests();
	const state = useEvolutionFake({ release: '2.4.0-rc2', activated: false, integrationsOff: OFF_IN_RECORDING });
	let answers: RealAnswer[];

	beforeAll(async () => {
		answers = await replay(gate, { url: state.fake.url, keys: { global: state.fake.apiKey, wrong: 'not-the-server-key' } });
	});

	it.each(gate.map((request, index) => [request.name, index] as const))('%s', (_name, index) => {
		expect(answerDifferences(recording!.answers[index], answers[index], false), JSON.stringify(answers[index].body ?? '(no body)').slice(0, 600)).toEqual([]);
	});
});

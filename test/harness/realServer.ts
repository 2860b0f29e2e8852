// What the replays of the real Evolution server's recordings share (test/fakes/evolution/realServer*.test.ts,
// test/nodes/Messaging/realServerItems.test.ts): the recorded releases, the environment to start the
// fake as the recorded server ran, and how an answer of the fake is held to the recorded one.
import { expect } from 'vitest';

import { shapeDifferences, type RealAnswer } from './realEvolution.mjs';

/** The releases whose recordings the replays run for (test/fixtures/evolution-real/<release>/; 2.4.0-rc2 has its gate only). */
export const RELEASES = ['2.3.6', '2.3.7'] as const;

/** The transports the recorded server had off in its environment (the harness's start.sh). */
export const OFF_IN_RECORDING = ['rabbitmq', 'nats', 'sqs', 'pusher', 'kafka'];

/** Where the fake's answer differs from the recorded one: status, body or no body, shape; an error's values too. */
export function answerDifferences(recorded: RealAnswer, actual: RealAnswer, compareValues: boolean): string[] {
	const found: string[] = [];
	if (recorded.status !== actual.status) found.push(`status ${actual.status}, the real server's ${recorded.status}`);
	if (recorded.empty !== actual.empty) found.push(recorded.empty ? 'a body where the real server sends none' : 'no body where the real server sends one');
	else if (!recorded.empty) found.push(...shapeDifferences(recorded.body, actual.body));
	// An error's texts are what the node shows its users: beyond the shape, they must be the real ones.
	if (found.length === 0 && compareValues && recorded.status >= 400 && JSON.stringify(recorded.body) !== JSON.stringify(actual.body)) {
		found.push(`error ${JSON.stringify(actual.body)}, the real server's ${JSON.stringify(recorded.body)}`);
	}
	return found;
}

/**
 * Holds the fake's answer to the recorded one. A listed exception must still differ as it says
 * (`shape`: in status or shape; `value`: in an error's values only), else it is stale.
 */
export function expectAsRecorded(recorded: RealAnswer, actual: RealAnswer, exception?: { differs: 'shape' | 'value'; reason: string }) {
	const shape = answerDifferences(recorded, actual, false);
	const all = answerDifferences(recorded, actual, true);
	const stale = `listed as an exception (${exception?.reason}) but the fake now answers as the real server: take it off`;
	if (exception?.differs === 'shape') expect(shape, stale).not.toEqual([]);
	else if (exception?.differs === 'value') {
		expect(shape, JSON.stringify(actual.body)).toEqual([]);
		expect(all, stale).not.toEqual([]);
	} else expect(all, JSON.stringify(actual.body ?? '(no body)').slice(0, 600)).toEqual([]);
}

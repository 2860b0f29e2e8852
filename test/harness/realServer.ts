// What the replays of the real Evolution server's recordings share (test/fakes/evolution/realServer*.test.ts,
// test/nodes/Messaging/realServerItems.test.ts): the recorded releases, the environment to start the
// fake as the recorded server ran, and how an answer of the fake is held to the recorded one.
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

// The fake held to the real Evolution server on issue 42's routes: every chatbot's configuration
// (create, find, fetch, update, delete, settings, fetchSettings, ignoreJid), OpenAI's credentials and
// models, S3's media, 2.4's generateMessageID. The scenarios of
// test/fixtures/evolution-real/chatbots.json (every bot on; every bot's .env switch off) are sent in
// order to a fake started as the recorded server was, and each answer must have the recorded
// status and body shape, an error's body value for value (docs/development.md, "The fake held to the
// real server"). CI has no Evolution server: this replays the recordings only.
//
// A route of issue 42 the fake does not serve yet (it answers Express's 404 `Cannot GET /…` where the
// real server answered otherwise) is skipped, with the reason, and listed by the last test of each
// scenario; any other route missing fails.
import { beforeAll, describe, expect, it } from 'vitest';

import { loadChatbotScenarios, loadRecording, replay, type RealAnswer } from '../../harness/realEvolution.mjs';
import { useEvolutionFake } from '../../harness/evolutionFake';
import { expectAsRecorded, OFF_IN_RECORDING, RELEASES } from '../../harness/realServer';

/** The routes issue 42 adds to the node, which the fake may not serve yet. */
const ISSUE_42_ROUTES = /^\/(?:(?:typebot|evolutionBot|dify|flowise|n8n|evoai|openai)\/(?:create|find|fetch|update|delete|settings|fetchSettings|ignoreJid)\/|openai\/(?:creds|getModels)\/|s3\/getMedia(?:Url)?\/|baileys\/generateMessageID\/)/;

/**
 * Requests whose answer the fake deliberately does not give as the real server does, with the
 * reason: `shape` where even the status or shape differs, `value` where only an error's values do.
 * Each must still differ (else it is taken off this list).
 */
const EXCEPTIONS: Array<{ requests: RegExp; differs: 'shape' | 'value'; reason: string }> = [
	{
		// Offline the real server cannot reach api.openai.com: getModels with valid credentials fails
		// (500 `Error fetching models`). The fake plays a server that reaches OpenAI.
		requests: /^openai getModels (with a creds id|with settings)$/,
		differs: 'shape',
		reason: 'offline the real server reaches no OpenAI; the fake plays one that does',
	},
];
const exceptionFor = (name: string) => EXCEPTIONS.find((exception) => exception.requests.test(name));

/** Express's answer to a route it does not have: the fake's, for a route it does not serve. */
const isUnknownRoute = (answer: RealAnswer) => {
	const message = (answer.body as { response?: { message?: unknown } } | undefined)?.response?.message;
	return answer.status === 404 && Array.isArray(message) && typeof message[0] === 'string' && message[0].startsWith(`Cannot ${answer.method} `);
};

const scenarios = loadChatbotScenarios();

for (const release of RELEASES) {
	const recording = loadRecording(release, 'chatbots.json');
	for (const scenario of scenarios) {
		describe(`Evolution fake against the real ${release}, issue 42's routes, ${scenario.name}`, () => {
			const recorded = recording?.scenarios.find((candidate) => candidate.name === scenario.name);
			const state = useEvolutionFake({ release, integrationsOff: [...OFF_IN_RECORDING, ...scenario.integrationsOff] });
			let answers: RealAnswer[];

			beforeAll(async () => {
				answers = await replay(scenario.requests, { url: state.fake.url, keys: { global: state.fake.apiKey, wrong: 'not-the-server-key' } });
			});

			/** The fake does not serve this route yet, where the real server does. */
			const missing = (index: number) => isUnknownRoute(answers[index]) && !isUnknownRoute(recorded!.answers[index]);

			it('has a recording of every request, in the list order, with the environment of the list', () => {
				expect(recorded?.env).toEqual(scenario.env);
				expect(recorded?.answers.map((answer) => answer.name)).toEqual(scenario.requests.map((request) => request.name));
			});

			it.for(scenario.requests.map((request, index) => [request.name, index] as const))('%s', ([name, index], context) => {
				if (missing(index) && ISSUE_42_ROUTES.test(scenario.requests[index].path)) {
					context.skip(`the fake does not serve ${scenario.requests[index].method} ${scenario.requests[index].path} yet (issue 42)`);
				}
				expectAsRecorded(recorded!.answers[index], answers[index], exceptionFor(name));
			});

			it('lists the routes the fake does not serve yet: only issue 42 routes', async (context) => {
				const routes = [
					...new Set(
						scenario.requests.flatMap((request, index) => (missing(index) ? [`${request.method} ${request.path.replace(/\/realevo-[\w-]+(?=$|\?)/, '/{instance}')}`] : [])),
					),
				];
				if (routes.length > 0) await context.annotate(`the fake does not serve yet (${routes.length}): ${routes.join(', ')}`);
				expect(routes.filter((route) => !ISSUE_42_ROUTES.test(route.split(' ')[1])), 'routes the fake lost').toEqual([]);
			});
		});
	}
}

// Types of realEvolution.mjs, for the TypeScript tests that import it.

/** One request of the fixed list (test/fixtures/evolution-real/requests.json). */
export interface RealRequest {
	name: string;
	method: string;
	/** May hold `{capture}` placeholders. */
	path: string;
	/** `global`, `none`, `wrong`, or a `{capture}` (an instance's token). */
	key: string;
	body?: unknown;
	/** A body sent as is, with the JSON content type (malformed JSON). */
	raw?: string;
	/** Values to keep from the answer: name → dot path in its body. */
	capture?: Record<string, string>;
}

export interface RealRequests {
	instances: string[];
	requests: RealRequest[];
	gate: RealRequest[];
}

/** One answer, its body masked; `empty` when the server sent no body at all. */
export interface RealAnswer {
	name: string;
	method: string;
	path: string;
	status: number;
	body?: unknown;
	empty?: true;
}

export interface RealRecording {
	release: string;
	list: 'requests' | 'gate';
	answers: RealAnswer[];
}

/** One scenario of chatbots.json: its requests, recorded on a server started with `env`. */
export interface RealScenario {
	name: string;
	/** Evolution's settings for this scenario, appended to the harness's environment (`TYPEBOT_ENABLED=false`…). */
	env: Record<string, string>;
	/** The same settings for the fake: the route segments its `integrationsOff` option turns off. */
	integrationsOff: string[];
	requests: RealRequest[];
}

/** A release's chatbots.json: each scenario's answers, in the scenarios' order. */
export interface RealScenarioRecording {
	release: string;
	scenarios: Array<{ name: string; env: Record<string, string>; answers: RealAnswer[] }>;
}

export declare const FIXTURES: string;
export declare const MASKED: string;
export declare function loadRequests(): RealRequests;
export declare function loadChatbotScenarios(): RealScenario[];
export declare function loadRecording(release: string, file: 'chatbots.json'): RealScenarioRecording | undefined;
export declare function loadRecording(release: string, file?: string): RealRecording | undefined;
export declare function mask(value: unknown, key?: string): unknown;
export declare function replay(requests: RealRequest[], options: { url: string; keys: { global: string; wrong: string } }): Promise<RealAnswer[]>;
export declare function shapeDifferences(recorded: unknown, actual: unknown, path?: string): string[];

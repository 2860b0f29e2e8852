// An operation run as n8n's custom operation (`Operation.custom`, customOperation.ts), through
// n8n-core's real engine, which runs `customOperations[resource][operation]` instead of RoutingNode:
// each item's fields read and checked (an error naming the item, nothing sent), the request sent with
// the node's credential and request defaults, completed by `prepare` with the execution's own
// functions, one at a time in item order when the operation says so; Continue On Fail; `finish`
// deciding the output with the values of what was sent.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import * as workflow from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodePropertyOptions, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { bad, ok } from '../../../nodes/shared/checks';
import { operation, valueOf, type Api, type Field } from '../../../nodes/shared/contract';
import { customOperationsOf } from '../../../nodes/shared/customOperation';
import { nodeProperties } from '../../../nodes/shared/editor';
import { checkedField, inBody, inPath } from '../../../nodes/shared/fields';
import { registerNodeType, runNode } from '../../harness/engine';

/** What happened, in order: each request as it arrived (`sent <word>`), each wait of the node's as it ended (`slept <ms>`). */
const events = vi.hoisted(() => [] as string[]);
// The node's waits (n8n-workflow's sleep), logged when each ends: a batch's items start after it.
vi.mock('n8n-workflow', async (importOriginal) => {
	const actual = await importOriginal<typeof import('n8n-workflow')>();
	return {
		...actual,
		sleep: async (ms: number, signal?: AbortSignal) => {
			await actual.sleep(ms, signal);
			events.push(`slept ${ms}`);
		},
	};
});

interface Received {
	method: string;
	url: string;
	headers: IDataObject;
	body: IDataObject;
}

let server: Server;
let serverUrl = '';
const received: Received[] = [];
/** Answers by the `word` sent: `refuse` gets a 409. */
beforeAll(async () => {
	server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as IDataObject;
			received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers as IDataObject, body });
			events.push(`sent ${String(body.word)}`);
			const refused = body.word === 'refuse';
			res.writeHead(refused ? 409 : 201, { 'content-type': 'application/json' });
			res.end(JSON.stringify(refused ? { reason: 'refused' } : { echoed: body }));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
	serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
	await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
	received.length = 0;
	events.length = 0;
});

const api: Api = {
	server: { credentialType: 'messagingApi', baseUrl: (credentials) => String(credentials.serverUrl) },
	isSuccess: (status) => status >= 200 && status < 300,
	answerFailure: (context, status, body) => ({
		message: `The server refused ${context.subject} (${status}: ${(body as IDataObject).reason})`,
		description: 'Send another word.',
	}),
	noAnswerFailure: () => ({ message: 'No answer', description: '' }),
	toItems: (answer) => [answer as IDataObject],
};

const checkWord = (raw: unknown) => (typeof raw === 'string' && /^[a-z]+$/.test(raw) ? ok(raw) : bad<string>('is not a word', 'Give a word.'));
const word = checkedField({ displayName: 'Word', name: 'word', type: 'string', default: '' }, checkWord, inBody('word'));
const lane = checkedField({ displayName: 'Lane', name: 'lane', type: 'string', default: 'main' }, checkWord, inPath('lane'));

/** What `finish` was given, by the last run. */
let finished: { output: INodeExecutionData[]; sent: IDataObject[] } | undefined;

const shout = (firstItemOnly: boolean) =>
	operation({
		name: firstItemOnly ? 'Shout Once' : 'Shout',
		value: firstItemOnly ? 'shoutOnce' : 'shout',
		action: 'Shout a word',
		description: 'Sends the word with the execution id',
		request: { method: 'POST', path: '/shout/{lane}' },
		fields: [lane, word] as readonly [typeof lane, Field<'word', string>],
		subject: ({ word }) => `the word "${word}"`,
		inOrder: (values) => ({ lane: valueOf(values, lane), pauseMs: 0 }),
		custom: {
			firstItemOnly,
			prepare(request, values, fns: IExecuteFunctions) {
				(request.body as IDataObject).execution = fns.getExecutionId();
				(request.body as IDataObject).upper = values.word.toUpperCase();
			},
			async finish(_fns, output, sent) {
				finished = { output, sent: sent.map((values) => ({ word: values.word, lane: values.lane })) };
				return [[...output, { json: { finished: sent.length }, pairedItem: { item: 0 } }]];
			},
		},
	});

const resources = [{ name: 'Words', value: 'words', operations: [shout(false), shout(true)], default: 'shout' }];

class CustomOperationTest implements INodeType {
	description = {
		displayName: 'Custom Operation Test',
		name: 'customOperationTest',
		group: ['output'],
		version: 1,
		description: 'Runs operations as custom operations',
		defaults: { name: 'Custom Operation Test' },
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: 'messagingApi', required: true }],
		requestDefaults: { headers: { Accept: 'application/json' }, json: true },
		properties: nodeProperties(api, resources, 'words'),
	} as INodeTypeDescription;

	customOperations = customOperationsOf(api, resources, { headers: { Accept: 'application/json' }, json: true });
}
registerNodeType(new CustomOperationTest());

const run = async (operation: string, words: unknown[], continueOnFail = false, { credential = {}, requestOptions }: { credential?: IDataObject; requestOptions?: IDataObject } = {}) => {
	finished = undefined;
	return await runNode({
		type: 'customOperationTest',
		parameters: { resource: 'words', operation, lane: '={{ $json.lane ?? "main" }}', word: '={{ $json.word }}', ...(requestOptions ? { requestOptions } : {}) },
		items: words.map((entry) => ({ json: typeof entry === 'object' ? (entry as IDataObject) : { word: entry } })),
		credentials: { messagingApi: { serverUrl, apiKey: 'key-1', ...credential } },
		continueOnFail,
	});
};

const NO_ALLOWED_DOMAINS = 'No allowed domains specified. Configure allowed domains or change restriction setting.';
// n8n 2.0 to 2.17 have no domain restriction for nodes (n8n-workflow has no getCredentialAllowedDomains).
const restrictsDomains = 'getCredentialAllowedDomains' in workflow;

describe("a custom operation holds the credential's domain restriction as RoutingNode does", () => {
	const noneListed = { allowedHttpRequestDomains: 'domains', allowedDomains: '' };

	it.runIf(restrictsDomains)('refuses a restriction to listed domains with none listed in RoutingNode\'s words, sending nothing', async () => {
		const result = await run('shout', ['hola', 'chau'], false, { credential: noneListed });
		expect((result.error as { message?: string } | undefined)?.message).toBe(NO_ALLOWED_DOMAINS);
		expect((result.error as { context?: { itemIndex?: number } } | undefined)?.context?.itemIndex).toBe(0);
		expect(received).toEqual([]);
		expect(finished).toBeUndefined();
	});

	it.runIf(restrictsDomains)('under Continue On Fail, gives every item its error item, paired, and finish nothing sent', async () => {
		const result = await run('shout', ['hola', 'chau', 'bien'], true, { credential: noneListed });
		expect(received).toEqual([]);
		expect(result.items.map((item) => [item.json, item.pairedItem])).toEqual([
			[{ error: NO_ALLOWED_DOMAINS }, { item: 0 }],
			[{ error: NO_ALLOWED_DOMAINS }, { item: 1 }],
			[{ error: NO_ALLOWED_DOMAINS }, { item: 2 }],
			[{ finished: 0 }, { item: 0 }],
		]);
		expect(finished?.sent).toEqual([]);
	});

	it('sends where the restriction lists the server, or where the release restricts nothing', async () => {
		const listed = await run('shout', ['hola'], false, { credential: { allowedHttpRequestDomains: 'domains', allowedDomains: '127.0.0.1' } });
		expect(listed.error).toBeUndefined();
		if (!restrictsDomains) expect((await run('shout', ['chau'], false, { credential: noneListed })).error).toBeUndefined();
		expect(received.map((request) => request.body.word)).toEqual(restrictsDomains ? ['hola'] : ['hola', 'chau']);
	});
});

describe('a custom operation applies Request Options → Batching as RoutingNode does', () => {
	const batching = (batchSize: number, batchInterval: number) => ({ batching: { batch: { batchSize, batchInterval } } });
	const INTERVAL_MS = 150;

	it('starts the items in batches, the interval between batches, each sent once, in item order', async () => {
		const result = await run('shout', ['uno', 'dos', 'tres', 'cuatro', 'cinco'], false, { requestOptions: batching(2, INTERVAL_MS) });
		expect(result.error).toBeUndefined();
		expect(received.map((request) => request.body.word)).toEqual(['uno', 'dos', 'tres', 'cuatro', 'cinco']);
		// uno, dos | the interval | tres, cuatro | the interval | cinco: one wait between batches, and
		// a batch's items sent only after the wait before it ended.
		const waits = events.flatMap((event, at) => (event === `slept ${INTERVAL_MS}` ? [at] : []));
		expect(waits).toHaveLength(2);
		expect(events.indexOf('sent tres')).toBeGreaterThan(waits[0]);
		expect(events.indexOf('sent cuatro')).toBeGreaterThan(waits[0]);
		expect(events.indexOf('sent cinco')).toBeGreaterThan(waits[1]);
		expect(finished?.sent.map((values) => values.word)).toEqual(['uno', 'dos', 'tres', 'cuatro', 'cinco']);
	});

	it('starts no later batch once an item stopped the run, and sends nothing twice', async () => {
		// Half a second between batches: the refusal is answered within it even on a loaded machine
		// (with 50 ms, one full run on two busy cores waited a third time before the refusal settled).
		const result = await run('shout', ['hola', 'refuse', 'bien', 'chau'], false, { requestOptions: batching(1, 500) });
		expect((result.error as { message?: string } | undefined)?.message).toBe('The server refused the word "refuse" (409: refused) [item 1]');
		expect(received.map((request) => request.body.word)).toEqual(['hola', 'refuse']);
		expect(events.filter((event) => event === 'slept 500').length).toBeLessThanOrEqual(2);
	});

	it('under Continue On Fail, runs every batch, each item once', async () => {
		const result = await run('shout', ['hola', 'refuse', 'bien'], true, { requestOptions: batching(1, 50) });
		expect(received.map((request) => request.body.word)).toEqual(['hola', 'refuse', 'bien']);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 0 }]);
	});
});

describe('an operation run as n8n custom operation', () => {
	it('sends each item with its fields, the credential, the request defaults and what prepare adds, in item order', async () => {
		const result = await run('shout', ['hola', 'chau', 'bien']);

		expect(result.error).toBeUndefined();
		expect(received.map((request) => [request.method, request.url, request.body])).toEqual([
			['POST', '/shout/main', { word: 'hola', execution: 'test-execution', upper: 'HOLA' }],
			['POST', '/shout/main', { word: 'chau', execution: 'test-execution', upper: 'CHAU' }],
			['POST', '/shout/main', { word: 'bien', execution: 'test-execution', upper: 'BIEN' }],
		]);
		expect(received[0].headers).toMatchObject({ apikey: 'key-1', accept: 'application/json' });
		// finish decides the output: the items as the API makes them, paired, and what it adds.
		expect(result.items.map((item) => [item.json, item.pairedItem])).toEqual([
			[{ echoed: { word: 'hola', execution: 'test-execution', upper: 'HOLA' } }, { item: 0 }],
			[{ echoed: { word: 'chau', execution: 'test-execution', upper: 'CHAU' } }, { item: 1 }],
			[{ echoed: { word: 'bien', execution: 'test-execution', upper: 'BIEN' } }, { item: 2 }],
			[{ finished: 3 }, { item: 0 }],
		]);
		expect(finished?.sent).toEqual([
			{ word: 'hola', lane: 'main' },
			{ word: 'chau', lane: 'main' },
			{ word: 'bien', lane: 'main' },
		]);
	});

	it('runs only the first item when the operation says so', async () => {
		const result = await run('shoutOnce', ['hola', 'chau']);
		expect(received.map((request) => request.body.word)).toEqual(['hola']);
		expect(finished?.sent).toEqual([{ word: 'hola', lane: 'main' }]);
		expect(result.items.at(-1)?.json).toEqual({ finished: 1 });
	});

	it('names the item whose input fails its check, sends nothing from it on, and stops the node', async () => {
		const result = await run('shout', ['hola', 'Chau!', 'bien']);
		expect((result.error as { message?: string } | undefined)?.message).toBe('Word "Chau!" is not a word. Nothing was sent. [item 1]');
		// The item before it went; the one after it does not (sends keep the item order).
		expect(received.map((request) => request.body.word)).toEqual(['hola']);
		expect(finished).toBeUndefined();
	});

	it("names the item and the server's reason when the answer is an error", async () => {
		const result = await run('shout', ['refuse']);
		expect((result.error as { message?: string } | undefined)?.message).toBe('The server refused the word "refuse" (409: refused) [item 0]');
	});

	it('under Continue On Fail, gives the failed item an error item, paired, and finish only what was sent', async () => {
		const result = await run('shout', ['hola', 'Chau!', 'refuse', 'bien'], true);
		expect(received.map((request) => request.body.word)).toEqual(['hola', 'refuse', 'bien']);
		expect(result.items.map((item) => [item.json.error ?? item.json.echoed ?? item.json, item.pairedItem])).toEqual([
			[{ word: 'hola', execution: 'test-execution', upper: 'HOLA' }, { item: 0 }],
			['Word "Chau!" is not a word. Nothing was sent. [item 1]', { item: 1 }],
			['The server refused the word "refuse" (409: refused) [item 2]', { item: 2 }],
			[{ word: 'bien', execution: 'test-execution', upper: 'BIEN' }, { item: 3 }],
			[{ finished: 2 }, { item: 0 }],
		]);
		expect(finished?.sent.map((values) => values.word)).toEqual(['hola', 'bien']);
	});
});

describe('custom operations in the node description', () => {
	it('gives a custom operation no routing (n8n runs its execute function), and a routed one its routing', () => {
		const routed = operation({ name: 'Get', value: 'get', action: 'Get it', description: 'Get', request: { method: 'GET', path: '/get' }, fields: [] });
		const props = nodeProperties(api, [{ name: 'Words', value: 'words', operations: [shout(false), routed], default: 'get' }], 'words');
		const options = props.find((property) => property.name === 'operation')?.options as INodePropertyOptions[];
		expect(options.find((option) => option.value === 'shout')?.routing).toBeUndefined();
		expect(options.find((option) => option.value === 'get')?.routing?.request).toEqual({ method: 'GET', url: '/get' });
	});

	it('lists each custom operation by resource and value, as n8n looks it up', () => {
		const operations = customOperationsOf(api, resources);
		expect(Object.keys(operations)).toEqual(['words']);
		expect(Object.keys(operations.words)).toEqual(['shout', 'shoutOnce']);
	});

	it('refuses a custom operation that would send more than once or answer without a request', () => {
		const many = { ...shout(false), send: async () => ({}) };
		expect(() => customOperationsOf(api, [{ name: 'Words', value: 'words', operations: [many], default: 'shout' }])).toThrow(
			'Shout: a custom operation sends its request once (no send, toBinary, local or oncePerRun)',
		);
	});
});

// What the nodes rely on of RoutingNode (nodes/shared/routingNodeAdaptation.ts), pinned: the n8n
// version the adaptation is proven against, no expression in the request defaults (RoutingNode
// would evaluate it twice for every item), the base URL read from the credential once per run, and
// input errors that stop the run recorded as operation errors (RoutingNode would make them API
// errors with the code "none").
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import * as workflow from 'n8n-workflow';
import {
	Expression,
	NodeOperationError,
	type IExecutePaginationFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type INodeTypes,
} from 'n8n-workflow';
import { afterEach, describe, expect, it } from 'vitest';

import { Messaging } from '../../../nodes/Messaging/Messaging.node';
import { TaxpayerLookup } from '../../../nodes/TaxpayerLookup/TaxpayerLookup.node';
import { PROVEN_RELEASES } from '../../../nodes/shared/n8nReleases';
import { VALID_TOKEN } from '../../../fakes/lookup';
import { nodeTypesRegistry, runNode, type NodeRunResult } from '../../harness/engine';
import { N8N_VERSION, PINNED_N8N_VERSION, cacheDir, releasesDir } from '../../harness/n8n.mjs';
import { itemsOf, recipient, runMessaging, useEvolutionFake, instance } from '../Messaging/helpers';
import { runLookup, useLookupFake } from '../TaxpayerLookup/lookup';

const lookup = useLookupFake();
const evolution = useEvolutionFake();

/** The lockfile of this run's n8n release (test/n8n-releases/<version>/). */
const releaseLock = () =>
	JSON.parse(readFileSync(path.join(releasesDir, N8N_VERSION, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string }> };

/** Counts the expressions n8n evaluates, by text, while `run` runs. */
async function evaluatedWhile(run: () => Promise<unknown>): Promise<string[]> {
	const original = Expression.prototype.resolveSimpleParameterValue;
	const evaluated: string[] = [];
	Expression.prototype.resolveSimpleParameterValue = function (this: Expression, value, ...rest) {
		if (typeof value === 'string' && value.startsWith('=')) evaluated.push(value);
		return original.call(this, value, ...rest);
	};
	try {
		await run();
	} finally {
		Expression.prototype.resolveSimpleParameterValue = original;
	}
	return evaluated;
}

afterEach(() => {
	expect(Expression.prototype.resolveSimpleParameterValue.name).toBe('resolveSimpleParameterValue');
});

describe('the RoutingNode adaptation', () => {
	it('names every n8n release it is proven against, this run\'s among them, with that release\'s n8n-core', () => {
		// A release added to the matrix (test/n8n-releases/) is checked and named there first.
		expect([...PROVEN_RELEASES].sort()).toEqual(readdirSync(releasesDir).sort());
		expect(PROVEN_RELEASES).toContain(N8N_VERSION);
		// The engine running this file is that release's: the dev dependency for the pinned release,
		// the release's own copy in the compatibility stage (vitest.compat.config.mts).
		const coreOf = (dir: string) => (JSON.parse(readFileSync(path.join(dir, 'n8n-core', 'package.json'), 'utf8')) as { version: string }).version;
		const releaseNeeds = releaseLock().packages['node_modules/n8n-core'].version;
		const running = N8N_VERSION === PINNED_N8N_VERSION ? coreOf(path.join(__dirname, '../../../node_modules')) : coreOf(path.join(cacheDir, 'node_modules'));
		expect(running).toBe(releaseNeeds);
	});

	it.each([
		['Taxpayer Lookup', new TaxpayerLookup()],
		['Messaging', new Messaging()],
	])('%s: its request defaults hold no expression (RoutingNode evaluates them for every item)', (_name, node) => {
		const defaults = node.description.requestDefaults ?? {};
		expect(Object.keys(defaults).length).toBeGreaterThan(0);
		expect(JSON.stringify(defaults)).not.toMatch(/"=/);
		expect(defaults).not.toHaveProperty('baseURL');
	});

	it('Taxpayer Lookup: every item reaches the credential\'s server, with no expression of the credential evaluated per item', async () => {
		const evaluated = await evaluatedWhile(async () => {
			const result = await runLookup(lookup.fake, {
				parameters: { resource: 'taxpayer', operation: 'get', ruc: '={{ $json.ruc }}' },
				items: [{ json: { ruc: '20131312955' } }, { json: { ruc: '20100070970' } }, { json: { ruc: '10123456781' } }],
			});
			expect(result.error).toBeUndefined();
			expect(result.items).toHaveLength(3);
		});
		expect(lookup.fake.requests).toHaveLength(3);
		// The item's own expression, once per item; nothing about the credential.
		expect(evaluated.filter((text) => text.includes('$credentials'))).toEqual([]);
		expect(evaluated.filter((text) => text === '={{ $json.ruc }}').length).toBeGreaterThanOrEqual(3);
	});

	it('Messaging: every item reaches the credential\'s server, with no expression of the credential evaluated per item', async () => {
		const evaluated = await evaluatedWhile(async () => {
			const result = await runMessaging(evolution.fake, {
				parameters: { resource: 'message', operation: 'sendText', instanceName: instance('sales'), number: recipient('51987654321'), text: '={{ $json.text }}' },
				items: itemsOf({ text: 'uno' }, { text: 'dos' }, { text: 'tres' }),
			});
			expect(result.error).toBeUndefined();
		});
		expect(evolution.fake.requests.map((request) => request.body)).toMatchObject([{ text: 'uno' }, { text: 'dos' }, { text: 'tres' }]);
		expect(evaluated.filter((text) => text.includes('$credentials'))).toEqual([]);
	});

	describe("a credential restricted to some domains (n8n's Allowed HTTP Request Domains) still reaches its own server, as RoutingNode allows it", () => {
		const getTaxpayer = async (restriction: Record<string, string>) =>
			await runNode({
				type: 'taxpayerLookup',
				parameters: { resource: 'taxpayer', operation: 'get', ruc: '20131312955' } as never,
				credentials: { taxpayerLookupApi: { baseUrl: lookup.fake.url, accessToken: VALID_TOKEN, ...restriction } },
			});

		// n8n 2.25 to 2.35 (n8n-workflow 2.25 to 2.35) apply the restriction to the credential's own
		// server too, their own declarative nodes alike: there the node does what that RoutingNode does.
		// 2.36 exempts the server the credential owns; 1.123's later patches add the node's own host.
		const workflowVersion = releaseLock().packages['node_modules/n8n-workflow'].version.split('.').map(Number);
		const restrictsOwnServer = workflowVersion[0] === 2 && workflowVersion[1] >= 25 && workflowVersion[1] < 36;

		it('all domains', async () => {
			const result = await getTaxpayer({ allowedHttpRequestDomains: 'all' });
			expect(result.error).toBeUndefined();
			expect(lookup.fake.requests.map((request) => request.path)).toEqual(['/api/v2/ruc/20131312955']);
		});

		it.each([
			// RoutingNode's own error, for every item, before the node's hook runs.
			['no other domain', { allowedHttpRequestDomains: 'none' }, 'This credential is configured to prevent use within an HTTP Request node'],
			[
				'other domains only',
				{ allowedHttpRequestDomains: 'domains', allowedDomains: 'example.com, *.example.org' },
				// n8n's refusal, which would otherwise read as an unreachable server.
				"The credential's Allowed HTTP Request Domains (example.com, *.example.org) do not list 127.0.0.1, so n8n refused to send to it. Nothing was sent. [item 0]",
			],
		])('%s', async (_name, restriction, refusalWhereOwnServerRestricted) => {
			const result = await getTaxpayer(restriction);
			if (restrictsOwnServer) {
				expect(result.error?.message).toBe(refusalWhereOwnServerRestricted);
				expect(lookup.fake.requests).toEqual([]);
			} else {
				expect(result.error).toBeUndefined();
				expect(lookup.fake.requests.map((request) => request.path)).toEqual(['/api/v2/ruc/20131312955']);
			}
		});

		// n8n 2.0 to 2.17 have no domain restriction for nodes (n8n-workflow has no
		// getCredentialAllowedDomains), and their RoutingNode sends the request as it is.
		const restrictsDomains = 'getCredentialAllowedDomains' in workflow;

		it.runIf(restrictsDomains)("a restriction to listed domains with none listed gets n8n's own error, before any request", async () => {
			const result = await getTaxpayer({ allowedHttpRequestDomains: 'domains', allowedDomains: '' });
			expect(result.error?.message).toBe('No allowed domains specified. Configure allowed domains or change restriction setting.');
			expect(lookup.fake.requests).toEqual([]);
		});

		it.runIf(!restrictsDomains)('a release without domain restrictions for nodes sends the request as it is', async () => {
			const result = await getTaxpayer({ allowedHttpRequestDomains: 'domains', allowedDomains: '' });
			expect(result.error).toBeUndefined();
			expect(lookup.fake.requests.map((request) => request.path)).toEqual(['/api/v2/ruc/20131312955']);
		});
	});
});

/** What the editor's error view (NodeErrorView) reads to show an error as an API error: "From <node>" with "Error code". */
function apiErrorDetails(error: unknown) {
	const shown = error as { message?: string; httpCode?: string | null; messages?: string[]; context?: { data?: unknown }; extra?: unknown };
	return {
		httpCode: shown.httpCode ?? null,
		// Raw messages other than the one shown.
		rawMessages: (shown.messages ?? []).filter((message) => message !== shown.message),
		data: shown.context?.data ?? null,
		extra: shown.extra ?? null,
	};
}
const NO_API_DETAILS = { httpCode: null, rawMessages: [], data: null, extra: null };

/** The error of the node's run as n8n records it for the editor (the task's error) and as the workflow's. */
function stoppedOn(result: NodeRunResult) {
	const taskError = result.run.data.resultData.runData['Node Under Test']?.[0]?.error;
	expect(taskError).toBeDefined();
	expect(result.error).toBeDefined();
	expect(taskError?.message).toBe(result.error?.message);
	return result.error as unknown as Record<string, unknown> & { message: string; description?: string; level?: string; context: { itemIndex?: number } };
}

describe('an input error that stops the run (nothing sent) is recorded as an operation error, not an API error', () => {
	const CHECK_DIGIT = 'RUC "20131312956" fails the check digit (the last digit should be 5). Nothing was sent.';

	it('a RUC failing its check digit: its message, description and item, no error code nor API details', async () => {
		const result = await runLookup(lookup.fake, {
			parameters: { resource: 'taxpayer', operation: 'get', ruc: '={{ $json.ruc }}' },
			items: [{ json: { ruc: '20131312955' } }, { json: { ruc: '20131312956' } }],
		});
		const error = stoppedOn(result);
		expect(error.message).toBe(`${CHECK_DIGIT} [item 1]`);
		expect(error.description).toMatch(/mistyped digit/);
		expect(error.context.itemIndex).toBe(1);
		expect(error.level).toBe('warning');
		expect(error.name).toBe('NodeOperationError');
		expect(apiErrorDetails(error)).toEqual(NO_API_DETAILS);
		expect(apiErrorDetails(result.run.data.resultData.runData['Node Under Test']?.[0]?.error)).toEqual(NO_API_DETAILS);
		expect(lookup.fake.requests.map((request) => request.path)).not.toContain('/api/v2/ruc/20131312956');
	});

	it('no credential selected: the same', async () => {
		const result = await runNode({
			type: 'taxpayerLookup',
			parameters: { resource: 'taxpayer', operation: 'get', ruc: '20131312955' } as never,
			credentials: {},
		});
		const error = stoppedOn(result);
		expect(error.message).toBe('No Taxpayer Lookup API credential is selected. Nothing was sent. [item 0]');
		expect(error.description).toBeTruthy();
		expect(error.context.itemIndex).toBe(0);
		expect(error.name).toBe('NodeOperationError');
		expect(apiErrorDetails(error)).toEqual(NO_API_DETAILS);
	});

	it('Messaging: a number that is not one, the same', async () => {
		const result = await runMessaging(evolution.fake, {
			parameters: { resource: 'message', operation: 'sendText', instanceName: instance('sales'), number: recipient('={{ $json.to }}'), text: 'Hola' },
			items: itemsOf({ to: '51987654321' }, { to: 'call me' }),
		});
		const error = stoppedOn(result);
		expect(error.message).toMatch(/^Recipient "call me" holds characters other than digits.*Nothing was sent\. \[item 1\]$/);
		expect(error.description).toBeTruthy();
		expect(error.context.itemIndex).toBe(1);
		expect(error.name).toBe('NodeOperationError');
		expect(apiErrorDetails(error)).toEqual(NO_API_DETAILS);
	});

	it('under Continue On Fail the item\'s error is the NodeOperationError itself, paired with its input', async () => {
		const result = await runLookup(lookup.fake, {
			parameters: { resource: 'taxpayer', operation: 'get', ruc: '={{ $json.ruc }}' },
			items: [{ json: { ruc: '20131312955' } }, { json: { ruc: '20131312956' } }],
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		const failed = result.items[1];
		expect(failed.json).toEqual({ error: `${CHECK_DIGIT} [item 1]` });
		expect(failed.pairedItem).toEqual({ item: 1 });
		expect(failed.error).toBeInstanceOf(NodeOperationError);
		expect(failed.error?.context.itemIndex).toBe(1);
		expect(failed.error?.description).toMatch(/mistyped digit/);
	});

	it('an API answer stays an API error, with its HTTP code', async () => {
		const result = await runLookup(lookup.fake, { parameters: { resource: 'taxpayer', operation: 'get', ruc: '20600000005' } });
		const error = stoppedOn(result);
		expect(error.message).toMatch(/^No taxpayer found with RUC 20600000005 \(404: .*\) \[item 0\]$/);
		expect(error.name).toBe('NodeApiError');
		expect(error.httpCode).toBe('404');
		expect(error.context.itemIndex).toBe(0);
	});

	it("why: RoutingNode makes any other error its request hook throws an API error with the code \"none\" (if this fails, n8n changed: the adaptation's carrier may go)", async () => {
		class ThrowsInHook implements INodeType {
			description = {
				displayName: 'Throws In Hook',
				name: 'throwsInHook',
				group: ['transform'],
				version: 1,
				description: 'A declarative node whose request hook throws an operation error',
				defaults: { name: 'Throws In Hook' },
				inputs: ['main'],
				outputs: ['main'],
				requestDefaults: { baseURL: 'http://127.0.0.1:9' },
				properties: [
					{
						displayName: 'Operation',
						name: 'operation',
						type: 'options',
						noDataExpression: true,
						default: 'run',
						options: [
							{
								name: 'Run',
								value: 'run',
								routing: {
									request: { method: 'GET', url: '/' },
									send: { paginate: true },
									operations: {
										async pagination(this: IExecutePaginationFunctions): Promise<INodeExecutionData[]> {
											throw new NodeOperationError(this.getNode(), 'Bad input [item 0]', { itemIndex: 0, description: 'Fix it', level: 'warning' });
										},
									},
								},
							},
						],
					},
				],
			} as unknown as INodeTypeDescription;
		}
		const hookNode = new ThrowsInHook();
		const nodeTypes: INodeTypes = {
			...nodeTypesRegistry,
			getByName: (name) => (name === 'test.throwsInHook' ? hookNode : nodeTypesRegistry.getByName(name)),
			getByNameAndVersion: (name) => (name === 'test.throwsInHook' ? hookNode : nodeTypesRegistry.getByNameAndVersion(name)),
		};
		const result = await runNode({ type: 'test.throwsInHook', nodeTypes, parameters: { operation: 'run' }, credentials: {} });
		const error = stoppedOn(result);
		expect(error.message).toBe('Bad input [item 0]');
		expect(error.name).toBe('NodeApiError');
		expect(error.httpCode).toBe('none');
	});
});

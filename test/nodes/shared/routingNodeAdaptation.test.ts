// What the nodes rely on of RoutingNode (nodes/shared/routingNodeAdaptation.ts), pinned: the n8n
// version the adaptation is proven against, no expression in the request defaults (RoutingNode
// would evaluate it twice for every item), and the base URL read from the credential once per run.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { Expression } from 'n8n-workflow';
import { afterEach, describe, expect, it } from 'vitest';

import { Messaging } from '../../../nodes/Messaging/Messaging.node';
import { TaxpayerLookup } from '../../../nodes/TaxpayerLookup/TaxpayerLookup.node';
import { VALID_TOKEN } from '../../../fakes/lookup';
import { runNode } from '../../harness/engine';
import { itemsOf, recipient, runMessaging, useEvolutionFake, instance } from '../Messaging/helpers';
import { runLookup, useLookupFake } from '../TaxpayerLookup/lookup';

const lookup = useLookupFake();
const evolution = useEvolutionFake();

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
	it('names the n8n version it is proven against, which is the one installed: recheck it when n8n is upgraded', () => {
		const source = readFileSync(path.join(__dirname, '../../../nodes/shared/routingNodeAdaptation.ts'), 'utf8');
		const proven = /proven against n8n (\d+\.\d+\.\d+)/.exec(source)?.[1];
		const installed = (createRequire(__filename)('n8n-core/package.json') as { version: string }).version;
		expect(proven).toBe(installed);
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

		it.each([
			['all domains', { allowedHttpRequestDomains: 'all' }],
			['no other domain', { allowedHttpRequestDomains: 'none' }],
			['other domains only', { allowedHttpRequestDomains: 'domains', allowedDomains: 'example.com, *.example.org' }],
		])('%s', async (_name, restriction) => {
			const result = await getTaxpayer(restriction);
			expect(result.error).toBeUndefined();
			expect(lookup.fake.requests.map((request) => request.path)).toEqual(['/api/v2/ruc/20131312955']);
		});

		it("a restriction to listed domains with none listed gets n8n's own error, before any request", async () => {
			const result = await getTaxpayer({ allowedHttpRequestDomains: 'domains', allowedDomains: '' });
			expect(result.error?.message).toBe('No allowed domains specified. Configure allowed domains or change restriction setting.');
			expect(lookup.fake.requests).toEqual([]);
		});
	});
});

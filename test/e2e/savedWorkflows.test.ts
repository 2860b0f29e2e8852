// A workflow saved with the package's 0.1.0 (before the nodes moved into one folder per service and
// the base URL left the request defaults) imports and runs unchanged: Messaging 1 and 1.1 with
// their recipient shapes, Taxpayer Lookup with and without a credential. The examples (all four
// nodes, the triggers published) are run by examples.test.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { IDataObject } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SANDBOX_CREDENTIALS, SANDBOX_FAKE_OPTIONS, repoRoot } from '../harness/n8n.mjs';
import { DEFAULT_API_KEY, startEvolutionFake, type EvolutionFake } from '../../fakes/evolution';
import { TAXPAYERS, VALID_TOKEN, startLookupFake, type LookupFake } from '../../fakes/lookup';
import { N8n, type Execution, type WorkflowJson } from './n8n';
import { stopAll } from './sandbox';

const SAVED = JSON.parse(readFileSync(path.join(repoRoot, 'test/fixtures/workflows/saved-with-0.1.0.json'), 'utf8')) as WorkflowJson;

let lookup: LookupFake;
let messaging: EvolutionFake;
let n8n: N8n;
let execution: Execution;

beforeAll(async () => {
	lookup = await startLookupFake();
	messaging = await startEvolutionFake(SANDBOX_FAKE_OPTIONS.messaging);
	n8n = await N8n.start();
	n8n.credential(SANDBOX_CREDENTIALS.lookup.type, { baseUrl: `${lookup.url}/`, accessToken: VALID_TOKEN }, SANDBOX_CREDENTIALS.lookup);
	n8n.credential(SANDBOX_CREDENTIALS.messaging.type, { serverUrl: `${messaging.url}/manager`, apiKey: DEFAULT_API_KEY }, SANDBOX_CREDENTIALS.messaging);
	execution = await n8n.runWorkflow(SAVED);
});

afterAll(() => stopAll(undefined, n8n, lookup, messaging));

const bodiesTo = (route: string) => messaging.requests.filter((request) => request.path === route).map((request) => request.body as IDataObject);

describe('a workflow saved with 0.1.0', () => {
	it('runs to the end with no error', () => {
		expect(execution.error?.message).toBeUndefined();
		expect(execution.status).toBe('success');
	});

	it('Taxpayer Lookup 1 asks the credential\'s server (its address pasted with a trailing slash)', () => {
		expect(lookup.requests.map((request) => request.path)).toEqual(['/api/v2/ruc/20131312955']);
		expect(execution.output('Look up taxpayer')[0]).toMatchObject({ ruc: '20131312955', nombre_o_razon_social: TAXPAYERS['20131312955'].nombre_o_razon_social });
	});

	it('Messaging 1.1 sends to a number typed in its recipient, with its options (server pasted with /manager)', () => {
		expect(bodiesTo('/message/sendText/sales')[0]).toEqual({ number: '51987654321', text: TAXPAYERS['20131312955'].nombre_o_razon_social, linkPreview: false });
	});

	it('Messaging 1 reacts to the message sent, from its key', () => {
		const sent = execution.output('Send name (1.1)')[0].key as IDataObject;
		expect(bodiesTo('/message/sendReaction/sales')).toEqual([{ key: { remoteJid: sent.remoteJid, fromMe: true, id: sent.id }, reaction: '👍' }]);
	});

	it('Messaging 1.1 sends to a group picked from the list', () => {
		expect(bodiesTo('/message/sendText/sales')[1]).toEqual({ number: '120363025246125486@g.us', text: 'Nuevo proveedor registrado' });
	});

	it('Taxpayer Lookup 1 validates with no credential and no request', () => {
		expect(execution.output('Validate a DNI')).toEqual([
			expect.objectContaining({ input: '12345678', ruc: '10123456781', valid: true, type: 'natural_person', dni: '12345678' }),
		]);
		expect(lookup.requests).toHaveLength(1);
	});
});

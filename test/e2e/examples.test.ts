// Every workflow in examples/ imports into n8n and, started from its Manual Trigger, runs without an
// error against the fakes, with the credentials `npm start` creates in sandbox mode.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type { IDataObject } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PACKAGE_NAME, SANDBOX_CREDENTIALS, repoRoot } from '../../scripts/n8n/lib.mjs';
import { DEFAULT_API_KEY, startEvolutionFake, type EvolutionFake } from '../fakes/evolutionApi';
import { VALID_TOKEN, startLookupFake, type LookupFake } from '../fakes/lookupApi';
import { N8n, type Execution, type WorkflowJson } from './n8n';

const examplesDir = path.join(repoRoot, 'examples');
const examples = readdirSync(examplesDir)
	.filter((file) => file.endsWith('.json'))
	.sort()
	.map((file) => ({ file, workflow: JSON.parse(readFileSync(path.join(examplesDir, file), 'utf8')) as WorkflowJson }));
const manual = examples.filter(({ workflow }) => workflow.nodes.some((node) => node.type === 'n8n-nodes-base.manualTrigger'));

let lookup: LookupFake;
let messaging: EvolutionFake;
let n8n: N8n;
const executions = new Map<string, Execution>();

beforeAll(async () => {
	lookup = await startLookupFake();
	messaging = await startEvolutionFake();
	n8n = await N8n.start();
	n8n.credential(SANDBOX_CREDENTIALS.lookup.type, { baseUrl: lookup.url, accessToken: VALID_TOKEN }, SANDBOX_CREDENTIALS.lookup);
	n8n.credential(SANDBOX_CREDENTIALS.messaging.type, { serverUrl: messaging.url, apiKey: DEFAULT_API_KEY }, SANDBOX_CREDENTIALS.messaging);
	await n8n.importWorkflows(examples.map(({ workflow }) => workflow));
	for (const { workflow } of manual) executions.set(workflow.id, await n8n.execute(workflow.id));
});

afterAll(async () => {
	await n8n?.dispose();
	await lookup?.close();
	await messaging?.close();
});

describe('examples/', () => {
	it('has examples, each with a unique id and name', () => {
		expect(examples.length).toBeGreaterThan(0);
		expect(new Set(examples.map(({ workflow }) => workflow.id)).size).toBe(examples.length);
		expect(new Set(examples.map(({ workflow }) => workflow.name)).size).toBe(examples.length);
	});

	it.each(examples)('$file uses only the sandbox credentials', ({ workflow }) => {
		const sandboxIds = Object.values(SANDBOX_CREDENTIALS).map((credential) => credential.id);
		for (const node of workflow.nodes) {
			for (const ref of Object.values((node.credentials ?? {}) as Record<string, { id: string }>)) {
				expect(sandboxIds, `${String(node.name)} uses credential ${ref.id}`).toContain(ref.id);
			}
		}
	});

	it.each(manual)('$file runs from its Manual Trigger without an error', ({ workflow }) => {
		const execution = executions.get(workflow.id)!;
		expect(execution.error?.message).toBeUndefined();
		expect(execution.status).toBe('success');
		for (const node of workflow.nodes.filter((n) => String(n.type).startsWith(`${PACKAGE_NAME}.`))) {
			const items = execution.output(String(node.name));
			expect(items.length, `${String(node.name)} returned items`).toBeGreaterThan(0);
			expect(items.filter((item: IDataObject) => item.error), `${String(node.name)} items without error`).toEqual([]);
		}
	});

	it('the taxpayer example looks up each RUC of its list and the latest USD rate', () => {
		const execution = executions.get('exampleRucLookup');
		expect(execution).toBeDefined();
		expect(execution!.output('Get taxpayer').map((item) => item.ruc)).toEqual(['20131312955', '20100070970']);
		expect(execution!.output('Latest USD rate')[0]).toMatchObject({ moneda: 'USD' });
	});
});

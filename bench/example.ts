// The example workflow examples/validate-supplier-invoices.json (sheet → Look up supplier → Validate
// at SUNAT → Flag invoice → IF → one WhatsApp message to the accountant) run whole through n8n-core's
// WorkflowExecute, with N invoices in place of its six: the bench's SUNAT Invoice case (bench/sunat.cjs).
// Only the manual trigger is swapped for the harness's Items node (it emits one empty item, as the
// trigger does) and the sticky note left out; every other node, parameter and connection is the
// example's, n8n's own nodes (Set, Split Out, If, No Op, Summarize) from the cached n8n install.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { WorkflowExecute } from 'n8n-core';
import { Workflow, createRunExecutionData, type IConnections, type IExecuteData, type INode, type INodeExecutionData, type IRun, type IWorkflowBase } from 'n8n-workflow';

import { DEFAULT_API_KEY } from '../fakes/evolution';
import { VALID_TOKEN, manyRucs } from '../fakes/lookup';
import { SANDBOX_CLIENT } from '../fakes/sunat';
import { additionalDataFor } from '../test/harness/engine';
import { benchNodeTypes } from './workflow';

export const EXAMPLE_FILE = 'examples/validate-supplier-invoices.json';

/** The example's nodes, by the names its expressions use. */
export const EXAMPLE_NODES = {
	trigger: "When clicking 'Execute workflow'",
	sheet: 'Supplier invoices',
	split: 'One item per invoice',
	lookup: 'Look up supplier',
	validate: 'Validate at SUNAT',
	flag: 'Flag invoice',
	ok: 'Invoices OK',
	review: 'Invoices to review',
	summary: 'One message',
	message: 'Tell the accountant',
} as const;

export interface Invoice {
	supplier: string;
	ruc: string;
	type: string;
	series: string;
	number: string;
	date: string;
	amount: string;
}

/**
 * One kind of row of the bench's invoice sheet, and in how many of every 20 rows (spread: the
 * places listed). The SUNAT fake runs with everyReceiptExists (every well-formed invoice ACEPTADO)
 * and the lookup fake with everyValidRucExists (every valid RUC ACTIVO and HABIDO), but for the two
 * issuers both fakes know as not in order.
 */
export const INVOICE_KINDS = [
	{ kind: 'factura of a supplier ACTIVO and HABIDO (a RUC of its own)', places: [0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14, 15, 16, 18, 19], review: false },
	{ kind: 'factura of 20100070970 (BAJA DE OFICIO, NO HABIDO)', places: [3, 11], review: true },
	{ kind: 'recibo por honorarios (R1) of 10123456781 (SUSPENSION TEMPORAL)', places: [17], review: true },
] as const;

const kindOf = (row: number) => INVOICE_KINDS.findIndex((kind) => (kind.places as readonly number[]).includes(row % 20));

/** N invoices of a supplier sheet, each with a number of its own (`row + 1`), so every check at SUNAT names its row. */
export function invoiceRows(n: number): Invoice[] {
	const rucs = manyRucs(n);
	return Array.from({ length: n }, (_, row) => {
		const common = { number: String(row + 1), date: '14/03/2025', amount: (((row * 7_331) % 500_000) / 100 + 10).toFixed(2) };
		switch (kindOf(row)) {
			case 1:
				return { supplier: 'Supermercados Peruanos', ruc: '20100070970', type: '01', series: 'F002', ...common };
			case 2:
				return { supplier: 'Juan Carlos Pérez (freelance)', ruc: '10123456781', type: 'R1', series: 'E001', ...common };
			default:
				return { supplier: `Proveedor ${row + 1} S.A.C.`, ruc: rucs[row], type: '01', series: 'F001', ...common };
		}
	});
}

/** How many of the first `n` rows the workflow must send to review. */
export const rowsToReview = (n: number) => Array.from({ length: n }, (_, row) => INVOICE_KINDS[kindOf(row)].review).filter(Boolean).length;

export interface ExampleFakes {
	sunatUrl: string;
	lookupUrl: string;
	evolutionUrl: string;
}

/** The example's workflow with `invoices` in its sheet, its trigger the harness's Items node. */
export function exampleWorkflow(invoices: Invoice[]): { nodes: INode[]; connections: IConnections } {
	const root = path.resolve(__dirname, '..');
	const example = JSON.parse(readFileSync(path.join(root, EXAMPLE_FILE), 'utf8')) as { nodes: INode[]; connections: IConnections };
	const nodes = example.nodes
		.filter((node) => node.type !== 'n8n-nodes-base.stickyNote')
		.map((node): INode => {
			if (node.name === EXAMPLE_NODES.trigger) return { ...node, type: 'test.itemsSource', typeVersion: 1, parameters: {} };
			if (node.name === EXAMPLE_NODES.sheet) return { ...node, parameters: { ...node.parameters, jsonOutput: JSON.stringify({ invoices }) } };
			return node;
		});
	for (const name of Object.values(EXAMPLE_NODES)) {
		if (!nodes.some((node) => node.name === name)) throw new Error(`${EXAMPLE_FILE} has no node "${name}"`);
	}
	return { nodes, connections: example.connections };
}

export interface ExampleRun {
	run: IRun;
	/** Main output `index` of the node named, of its last run ([] when it did not run). */
	output(name: string, index?: number): INodeExecutionData[];
}

/** Runs the example over `invoices` through WorkflowExecute against the three fakes; fails if the workflow stopped. */
export async function runExample(invoices: Invoice[], fakes: ExampleFakes): Promise<ExampleRun> {
	const { nodes, connections } = exampleWorkflow(invoices);
	const workflowData = {
		id: 'bench-example',
		name: 'Validate supplier invoices (bench)',
		active: false,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
		nodes,
		connections,
		settings: { executionOrder: 'v1' },
		activeVersionId: null,
	} as unknown as IWorkflowBase;
	const workflow = new Workflow({ id: workflowData.id, name: workflowData.name, nodes, connections, active: false, nodeTypes: benchNodeTypes, settings: workflowData.settings });
	// A credential store of its own per run: the SUNAT token starts empty, as on a new credential.
	const credentials = {
		sunatApi: {
			clientId: SANDBOX_CLIENT.clientId,
			clientSecret: SANDBOX_CLIENT.clientSecret,
			ruc: SANDBOX_CLIENT.ruc,
			tokenUrl: `${fakes.sunatUrl}/`,
			apiUrl: fakes.sunatUrl,
			accessToken: '',
		},
		taxpayerLookupApi: { baseUrl: fakes.lookupUrl, accessToken: VALID_TOKEN },
		messagingApi: { serverUrl: fakes.evolutionUrl, apiKey: DEFAULT_API_KEY },
	};
	const trigger = nodes.find((node) => node.name === EXAMPLE_NODES.trigger) as INode;
	const runExecutionData = createRunExecutionData({
		executionData: { nodeExecutionStack: [{ node: trigger, data: { main: [[{ json: {} }]] }, source: null } as IExecuteData] },
	});
	const run = await new WorkflowExecute(additionalDataFor(credentials, workflowData), 'manual', runExecutionData).processRunExecutionData(workflow);
	if (run.data.resultData.error) throw new Error(`the example stopped: ${run.data.resultData.error.message}`);
	return {
		run,
		output: (name, index = 0) => run.data.resultData.runData[name]?.at(-1)?.data?.main?.[index] ?? [],
	};
}

/** What the bench holds a run to, from the workflow's own outputs (the fakes' side is checked by the parent). */
export function exampleChecks(invoices: Invoice[], result: ExampleRun) {
	const n = invoices.length;
	const lookup = result.output(EXAMPLE_NODES.lookup);
	const validate = result.output(EXAMPLE_NODES.validate);
	const flag = result.output(EXAMPLE_NODES.flag);
	const ok = result.output(EXAMPLE_NODES.ok);
	const review = result.output(EXAMPLE_NODES.review);
	const summary = result.output(EXAMPLE_NODES.summary);
	const message = result.output(EXAMPLE_NODES.message);
	const paired = (items: INodeExecutionData[]) => items.every((item, index) => (item.pairedItem as { item: number } | undefined)?.item === index);
	const invoiceText = (invoice: Invoice) => `${invoice.type} ${invoice.series}-${invoice.number}`;
	return {
		items: n,
		lookupItems: lookup.length,
		lookupInOrder: lookup.length === n && paired(lookup) && lookup.every((item, index) => item.json.ruc === invoices[index].ruc),
		lookupErrors: lookup.filter((item) => item.json.error).length,
		validateItems: validate.length,
		// Each answer names its invoice: issuer, series and number, matched against the row it is paired with.
		validateInOrder:
			validate.length === n &&
			paired(validate) &&
			validate.every((item, index) => item.json.issuerRuc === invoices[index].ruc && item.json.series === invoices[index].series && item.json.number === invoices[index].number),
		validateErrors: validate.filter((item) => item.json.error).length,
		validItems: validate.filter((item) => item.json.valid === true).length,
		flagItems: flag.length,
		flagInOrder: flag.length === n && flag.every((item, index) => item.json.ruc === invoices[index].ruc && item.json.invoice === invoiceText(invoices[index])),
		okItems: ok.length,
		reviewItems: review.length,
		reviewInOrder: review.map((item) => item.json.invoice).join('|') === invoices.filter((_, row) => INVOICE_KINDS[kindOf(row)].review).map(invoiceText).join('|'),
		summaryCount: summary[0]?.json.count_line,
		messageItems: message.length,
		messageFailed: message.filter((item) => item.json.error).length,
	};
}

export type ExampleCheckResult = ReturnType<typeof exampleChecks>;

// What the editor shows of the nodes, checked on their descriptions: operation descriptions short
// enough for the dropdown, placeholders that read as examples, no required field that starts empty
// where a default exists, and the codex aliases the node creator searches.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { INodeProperties, INodePropertyOptions, INodeType } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';

import { ExchangeRateTrigger } from '../../../nodes/TaxpayerLookup/ExchangeRate/ExchangeRateTrigger.node';
import { Messaging } from '../../../nodes/Messaging/Messaging.node';
import { MessagingTrigger } from '../../../nodes/Messaging/MessagingTrigger.node';
import { SunatInvoice } from '../../../nodes/SunatInvoice/SunatInvoice.node';
import { TaxpayerLookup } from '../../../nodes/TaxpayerLookup/TaxpayerLookup.node';

/** Each node by name, with its service's folder (a trigger sits beside its service's node). */
const nodes: Array<[string, INodeType]> = [
	['TaxpayerLookup', new TaxpayerLookup()],
	['Messaging', new Messaging()],
	['ExchangeRateTrigger', new ExchangeRateTrigger()],
	['MessagingTrigger', new MessagingTrigger()],
	['SunatInvoice', new SunatInvoice()],
];

const SERVICE_FOLDER: Record<string, string> = { ExchangeRateTrigger: 'TaxpayerLookup/ExchangeRate', MessagingTrigger: 'Messaging' };

/** The anchors GitHub gives the README's headings. */
const readmeAnchors = new Set(
	readFileSync(path.join(__dirname, '../../../README.md'), 'utf8')
		.split('\n')
		.filter((line) => /^#{1,6} /.test(line))
		.map((line) => line.replace(/^#+ /, '').trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-')),
);

/** Every property, nested ones (collections, fixed collections, locator modes) included. */
function allProperties(properties: INodeProperties[]): INodeProperties[] {
	return properties.flatMap((property) => {
		const nested = (property.options ?? []).flatMap((option) => {
			if ('values' in option) return allProperties(option.values);
			if ('type' in option) return allProperties([option as INodeProperties]);
			return [];
		});
		const modes = (property.modes ?? []).map((mode) => ({ ...mode, name: `${property.name}.${mode.name}`, default: '' }) as INodeProperties);
		return [property, ...nested, ...modes];
	});
}

describe.each(nodes)('%s in the editor', (folder, node) => {
	const properties = allProperties(node.description.properties);

	it('has operation descriptions that fit two lines of the dropdown (80 characters)', () => {
		const operations = node.description.properties.filter((property) => property.name === 'operation');
		const long = operations
			.flatMap((property) => property.options as INodePropertyOptions[])
			.filter((option) => (option.description ?? '').length > 80)
			.map((option) => `${option.name}: ${option.description}`);
		expect(long).toEqual([]);
	});

	it('has placeholders that read as examples ("e.g. …") on the fields one types into', () => {
		const typed = properties.filter((property) => ['string', 'dateTime', 'number'].includes(property.type) && property.placeholder);
		expect(typed.filter((property) => !String(property.placeholder).startsWith('e.g. ')).map((p) => `${p.name}: ${p.placeholder}`)).toEqual([]);
	});

	it('starts no required date empty', () => {
		const empty = properties.filter((property) => property.type === 'dateTime' && property.required && !property.default);
		expect(empty.map((property) => property.name)).toEqual([]);
	});

	it("opens its README section from the Docs link: a full address, which n8n opens as it is", () => {
		const url = node.description.documentationUrl ?? '';
		expect(url).toMatch(/^https:\/\/github\.com\/[^#?]+#[a-z-]+$/);
		expect(readmeAnchors).toContain(url.split('#')[1]);
		expect(url.split('#')[1]).toBe(node.description.displayName.toLowerCase().replace(/ /g, '-'));
	});

	it('has codex aliases for the node creator, English and Spanish', () => {
		const codex = JSON.parse(readFileSync(path.join(__dirname, '../../../nodes', SERVICE_FOLDER[folder] ?? folder, `${folder}.node.json`), 'utf8')) as { alias?: string[] };
		expect(codex.alias?.length).toBeGreaterThan(5);
		expect(new Set(codex.alias).size).toBe(codex.alias?.length);
	});
});

describe('the README and docs/operations.md cover every operation', () => {
	const readme = readFileSync(path.join(__dirname, '../../../README.md'), 'utf8');
	const operationsPage = readFileSync(path.join(__dirname, '../../../docs/operations.md'), 'utf8');

	/** Each resource's name with its operations, as the node's properties list them. */
	const operationsOf = (node: INodeType) => {
		const resources = (node.description.properties.find((property) => property.name === 'resource')?.options ?? []) as INodePropertyOptions[];
		return node.description.properties
			.filter((property) => property.name === 'operation')
			.map((property) => ({
				resource: resources.find((option) => property.displayOptions?.show?.resource?.includes(option.value as string))?.name,
				operations: property.options as INodePropertyOptions[],
			}));
	};

	it.each([
		// Messaging's table, 106 rows, is on docs/operations.md; the README lists its operations by resource.
		['Taxpayer Lookup', new TaxpayerLookup(), readme],
		['Messaging', new Messaging(), operationsPage],
		['SUNAT Invoice', new SunatInvoice(), readme],
	] as Array<[string, INodeType, string]>)('%s: a row per operation in its Operations table, and Messaging each action sentence', (name, node, page) => {
		// Prose wraps lines: sentences are looked for with any run of spaces as one.
		const prose = page.replace(/\s+/g, ' ');
		const missing: string[] = [];
		for (const { resource, operations } of operationsOf(node)) {
			for (const option of operations) {
				if (!page.includes(`| ${resource} | ${option.name} |`)) missing.push(`row ${resource} | ${option.name}`);
				if (name === 'Messaging' && !prose.includes(`*${option.action}*`)) missing.push(`action "${option.action}"`);
			}
		}
		expect(missing).toEqual([]);
	});

	it("Messaging: the README lists every operation under its resource", () => {
		const missing = operationsOf(new Messaging()).flatMap(({ resource, operations }) => {
			const line = readme.split('\n').find((candidate) => candidate.startsWith(`- **${resource}**: `)) ?? '';
			return operations.filter((option) => !line.includes(` ${option.name},`) && !line.includes(` ${option.name}.`)).map((option) => `${resource} → ${option.name}`);
		});
		expect(missing).toEqual([]);
	});
});

describe("n8n's own value check, which the runner skips", () => {
	// runner.ts reads parameters with skipValidation: n8n's check would look the property up on every
	// read and only act on `validateType`. A property that sets one would need the check back.
	const all = (properties: INodeProperties[]): INodeProperties[] =>
		properties.flatMap((property) => [property, ...all(((property.options ?? []) as Array<INodeProperties | { values?: INodeProperties[] }>).flatMap((option) => ('values' in option && option.values ? option.values : 'name' in option && 'type' in option ? [option as INodeProperties] : [])))]);
	it.each(nodes)('%s has no property with validateType', (_, node) => {
		expect(all(node.description.properties).filter((property) => property.validateType !== undefined).map((property) => property.name)).toEqual([]);
	});
});


// The operation builder: the properties a node gets from its resources, with each field shown for
// exactly the operations that list it.
import { Workflow, type INode, type INodeProperties, type INodeType } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';

import { bad, ok } from '../../../nodes/shared/checks';
import { operation, type Api, type Field } from '../../../nodes/shared/contract';
import { nodeProperties } from '../../../nodes/shared/editor';
import { checkedField } from '../../../nodes/shared/fields';
import { Messaging } from '../../../nodes/Messaging/Messaging.node';
import { TaxpayerLookup } from '../../../nodes/TaxpayerLookup/TaxpayerLookup.node';
import { nodeTypesRegistry } from '../../harness/engine';

const api: Api = {
	server: { credentialType: 'none', baseUrl: () => '' },
	isSuccess: () => true,
	answerFailure: () => ({ message: '', description: '' }),
	noAnswerFailure: () => ({ message: '', description: '' }),
	toItems: () => [],
};

const field = (name: string, extra: Partial<INodeProperties> = {}): Field =>
	checkedField({ displayName: name, name, type: 'string', default: '', ...extra }, (raw) => (raw ? ok(raw) : bad('is empty', 'Fill it in.')));

const shared = field('shared');
const onlyB = field('onlyB', { displayOptions: { show: { mode: ['x'] } } });
const everywhere = field('everywhere');
const op = (value: string, fields: Field[]) =>
	operation({ name: value.toUpperCase(), value, action: `Do ${value}`, description: value, request: { method: 'GET', path: `/${value}` }, fields });

const properties = nodeProperties(
	{ ...api, fields: [everywhere] },
	[
		{ name: 'Zeta', value: 'zeta', operations: [op('b', [onlyB, shared]), op('a', [shared])], default: 'a' },
		{ name: 'Alpha', value: 'alpha', operations: [op('c', [shared]), op('d', [])], default: 'd' },
	],
	'zeta',
);
const named = (name: string) => properties.filter((property) => property.name === name);

describe('nodeProperties', () => {
	it("lists the resources in the node's order and, per resource, its default operation first, then the others by name, each with its action and route", () => {
		expect(named('resource')[0]).toMatchObject({ default: 'zeta', options: [{ value: 'zeta' }, { value: 'alpha' }] });
		const [zeta, alpha] = named('operation');
		expect(zeta.displayOptions).toEqual({ show: { resource: ['zeta'] } });
		expect(zeta.default).toBe('a');
		expect(zeta.options?.map((option) => ('value' in option ? option.value : ''))).toEqual(['a', 'b']);
		expect(zeta.options?.[1]).toMatchObject({ action: 'Do b', routing: { request: { method: 'GET', url: '/b' } } });
		expect(alpha.default).toBe('d');
		expect(alpha.options?.map((option) => ('value' in option ? option.value : ''))).toEqual(['d', 'c']);
	});

	it('lists Send Text first among the Messaging actions, and Get first among the lookup ones', () => {
		for (const [node, resource, operation] of [[new Messaging(), 'message', 'sendText'], [new TaxpayerLookup(), 'taxpayer', 'get']] as const) {
			const properties = node.description.properties;
			const resources = properties.find((property) => property.name === 'resource')!;
			expect(resources.options?.[0]).toMatchObject({ value: resource });
			const operations = properties.find((property) => property.name === 'operation' && property.displayOptions?.show?.resource?.[0] === resource)!;
			expect(operations.options?.[0]).toMatchObject({ value: operation });
			expect(operations.default).toBe(operation);
		}
	});

	it('shows a field for exactly the operations that list it, keeping its own display conditions', () => {
		expect(named('onlyB').map((property) => property.displayOptions)).toEqual([{ show: { resource: ['zeta'], operation: ['b'], mode: ['x'] } }]);
		// Used by every operation of zeta and by c of alpha: one property, since zeta × {c, b, a} and
		// alpha × {c, b, a} show it exactly where it is used (alpha has no b or a).
		expect(named('shared').map((property) => property.displayOptions)).toEqual([{ show: { resource: ['alpha', 'zeta'], operation: ['c', 'b', 'a'] } }]);
		// The API's own fields: every operation of every resource, one property.
		expect(named('everywhere').map((property) => property.displayOptions)).toEqual([{ show: { resource: ['zeta', 'alpha'] } }]);
	});

	it('shows a field used in several resources with one property where resources × operations are exactly its uses, in each operation\'s order', () => {
		const picture = field('picture');
		const target = field('target');
		// The same parameters placed elsewhere by another route: one property for both fields.
		const pictureInBody: Field = { ...picture, name: 'pictureInBody', to: undefined };
		const shownFor = (name: string, props: INodeProperties[]) => props.filter((property) => property.name === name).map((property) => property.displayOptions?.show);
		const props = nodeProperties(
			api,
			[
				{ name: 'One', value: 'one', operations: [op('update', [picture]), op('get', [])], default: 'get' },
				{ name: 'Two', value: 'two', operations: [op('update', [target, pictureInBody]), op('list', [])], default: 'list' },
				// Its own Update leaves the picture out: the property for One and Two cannot show for it.
				{ name: 'Three', value: 'three', operations: [op('update', []), op('upload', [picture])], default: 'update' },
			],
			'one',
		);
		expect(shownFor('picture', props)).toEqual([
			{ resource: ['one', 'two'], operation: ['update'] },
			{ resource: ['three'], operation: ['upload'] },
		]);
		// Two → Update lists its target first: the shared picture moves after it.
		expect(props.filter((property) => ['picture', 'target'].includes(property.name)).map((property) => property.name)).toEqual(['target', 'picture', 'picture']);
	});

	it.each([
		['Messaging', new Messaging()],
		['Taxpayer Lookup', new TaxpayerLookup()],
	] as const)('%s: a property shows on parameters listed before it (n8n reads them in order)', (_name, node) => {
		const props = node.description.properties;
		const late = props.flatMap((property, index) =>
			Object.keys(property.displayOptions?.show ?? {})
				// resource, operation and n8n's own keys (@version, @tool) are no parameters listed here.
				.filter((key) => !['resource', 'operation', '@version', '@tool'].includes(key) && !props.slice(0, index).some((earlier) => earlier.name === key))
				.map((key) => `${property.name} shows on ${key}`),
		);
		expect(late).toEqual([]);
	});

	it('gives Taxpayer Lookup one RUC property, shown for the six taxpayer operations that send one', () => {
		const ruc = new TaxpayerLookup().description.properties.filter((property) => property.name === 'ruc');
		expect(ruc).toHaveLength(1);
		expect(ruc[0].displayOptions).toEqual({
			show: {
				resource: ['taxpayer'],
				operation: ['get', 'getCoactiveDebt', 'getEconomicActivity', 'getLegalRepresentatives', 'getRealTime', 'getWithActivity'],
			},
		});
	});

	it("keeps the lookup Options (requests' pace, output) off Validate, which sends nothing", () => {
		const options = new TaxpayerLookup().description.properties.filter((property) => property.name === 'options');
		const shownFor = options.map((property) => property.displayOptions?.show);
		const lookupOptions = options.find((property) => JSON.stringify(property).includes('maxConcurrentRequests'));
		expect(JSON.stringify(lookupOptions?.displayOptions)).not.toContain('validate');
		expect(shownFor).toContainEqual({ resource: ['taxpayer'], operation: ['validate'] });
	});
});

describe('operation notices and subtitles', () => {
	it("shows an operation's notice under the operation, for that operation only", () => {
		const withNotice = operation({
			name: 'Get',
			value: 'get',
			action: 'Get thing',
			description: '1 query',
			notice: 'What the dropdown has no room for.',
			request: { method: 'GET', path: '/get' },
			fields: [],
		});
		const props = nodeProperties(api, [{ name: 'Thing', value: 'thing', operations: [withNotice, op('list', [])], default: 'get' }], 'thing');
		expect(props.map((property) => property.name)).toEqual(['resource', 'operation', 'thingGetNotice']);
		expect(props[2]).toMatchObject({
			type: 'notice',
			displayName: 'What the dropdown has no room for.',
			displayOptions: { show: { resource: ['thing'], operation: ['get'] } },
		});
	});

	it.each([
		[{ resource: 'message', operation: 'sendText' }, 'Send Text'],
		[{ resource: 'message', operation: 'sendMedia' }, 'Send Media'],
		[{ resource: 'chat', operation: 'checkNumbers' }, 'Check Numbers'],
	])('gives Messaging the subtitle %j → %s', (parameters, words) => {
		expect(subtitleOf(new Messaging(), parameters)).toBe(words);
	});

	it.each([
		[{ resource: 'taxpayer', operation: 'get' }, 'Get Taxpayer'],
		[{ resource: 'taxpayer', operation: 'getCoactiveDebt' }, 'Get Coactive Debt'],
		[{ resource: 'exchangeRate', operation: 'getHistory' }, 'Get Rate History'],
		[{ resource: 'exchangeRate', operation: 'getLatest' }, 'Get Latest Rate'],
	])('gives Taxpayer Lookup the subtitle %j → %s', (parameters, words) => {
		expect(subtitleOf(new TaxpayerLookup(), parameters)).toBe(words);
	});
});

/** The node's subtitle as the editor shows it: its expression resolved by n8n with these parameters. */
function subtitleOf(nodeType: INodeType, parameters: Record<string, string>): unknown {
	const node: INode = {
		id: 'node',
		name: 'Node',
		type: `n8n-nodes-taxpayer-messaging.${nodeType.description.name}`,
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes: nodeTypesRegistry });
	return workflow.expression.getSimpleParameterValue(node, nodeType.description.subtitle as string, 'internal', {});
}

describe('the order of the fields', () => {
	it("puts the API's own fields (Options) after every operation's fields", () => {
		const names = new TaxpayerLookup().description.properties.map((property) => property.name);
		// The lookup Options are the last property (Validate, which sends nothing, has Options of its own before).
		expect(names.lastIndexOf('options')).toBeGreaterThan(names.indexOf('endDate'));
		expect(names.lastIndexOf('options')).toBeGreaterThan(names.indexOf('ruc'));
		expect(names.at(-1)).toBe('options');
	});

	it("merges one resource's Options collections into one property, each option shown for its operations, an option alike in several once", () => {
		const delay = { displayName: 'Delay', name: 'delay', type: 'number', default: 0 } as const;
		const optionsOf = (...options: INodeProperties[]): Field => ({ name: 'options', properties: [{ displayName: 'Options', name: 'options', type: 'collection', default: {}, options }], read: () => ({}) });
		const caption = { displayName: 'Caption', name: 'caption', type: 'string', default: '' } as const;
		const merged = nodeProperties(
			{ ...api, fields: [] },
			[{ name: 'Zeta', value: 'zeta', operations: [op('b', [optionsOf(delay)]), op('a', [optionsOf(delay, caption)]), op('e', [])], default: 'a' }],
			'zeta',
		).filter((property) => property.name === 'options');
		expect(merged).toHaveLength(1);
		expect(merged[0].displayOptions).toEqual({ show: { resource: ['zeta'], operation: ['b', 'a'] } });
		expect((merged[0].options as INodeProperties[]).map((option) => [option.name, option.displayOptions])).toEqual([
			['delay', { show: { '/operation': ['b', 'a'] } }],
			['caption', { show: { '/operation': ['a'] } }],
		]);
	});
});

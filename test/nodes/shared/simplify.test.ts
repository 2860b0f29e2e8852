// Simplify (nodes/shared/simplify.ts): the kept fields of an item, flattened; one switch per default
// in each node, off in the node and on in n8n's AI-tool variant of it; through n8n-core's engine,
// items simplified after the answer, paired as before, error items and files untouched. Each
// operation's kept fields are tested in its own engine test.
import { NodeHelpers, type INode, type INodeType, type INodeTypeDescription } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';

import { TAXPAYERS, UNKNOWN_RUC, VALID_TOKEN } from '../../../fakes/lookup';
import { operation, type Resource } from '../../../nodes/shared/contract';
import { nodeProperties } from '../../../nodes/shared/editor';
import { keep, SIMPLIFY_DESCRIPTION, simplified } from '../../../nodes/shared/simplify';
import { Messaging } from '../../../nodes/Messaging/Messaging.node';
import { MESSAGING_RESOURCES } from '../../../nodes/Messaging/resources';
import { ruc } from '../../../nodes/TaxpayerLookup/fields';
import { exchangeRate } from '../../../nodes/TaxpayerLookup/resources/exchangeRate';
import { person } from '../../../nodes/TaxpayerLookup/resources/person';
import { taxpayer } from '../../../nodes/TaxpayerLookup/resources/taxpayer';
import { TaxpayerLookup } from '../../../nodes/TaxpayerLookup/TaxpayerLookup.node';
import { LOOKUP_CREDENTIAL, lookupApi, lookupRequestDefaults } from '../../../nodes/TaxpayerLookup/transport';
import { nodeTypesRegistry, registerNodeType, runNode } from '../../harness/engine';
import { toolVariantOf } from '../../harness/toolVariant';
import { useLookupFake } from '../TaxpayerLookup/lookup';

const api = useLookupFake();
const lookupCredentials = () => ({ taxpayerLookupApi: { baseUrl: `${api.fake.url}/`, accessToken: VALID_TOKEN } });

describe('simplified', () => {
	const json = {
		id: 'row-1',
		key: { id: 'ABC', remoteJid: '51987654321@s.whatsapp.net' },
		list: ['first', 'second'],
		message: { imageMessage: { caption: 'a photo' } },
		empty: null,
	};

	it('keeps exactly the named fields, in their order: a path, a list index, the first of several paths with a value, a value made from the item', () => {
		expect(
			simplified(json, {
				messageId: 'key.id',
				first: 'list.0',
				text: ['message.conversation', 'message.imageMessage.caption'],
				made: (item) => `${String(item.id)}!`,
				...keep('id'),
			}),
		).toEqual({ messageId: 'ABC', first: 'first', text: 'a photo', made: 'row-1!', id: 'row-1' });
		expect(Object.keys(simplified(json, { b: 'id', a: 'id' }))).toEqual(['b', 'a']);
	});

	it('gives null where the item has nothing: a missing key, a path through a value that is not an object, a null', () => {
		expect(simplified(json, { missing: 'nope', through: 'id.length', empty: 'empty', none: ['a', 'b.c'] })).toEqual({
			missing: null,
			through: null,
			empty: null,
			none: null,
		});
	});
});

const NODES: Array<[string, INodeType, Resource[]]> = [
	['Taxpayer Lookup', new TaxpayerLookup(), [taxpayer, exchangeRate, person]],
	['Messaging', new Messaging(), MESSAGING_RESOURCES],
];

describe.each(NODES)('%s: the Simplify switch', (_name, node, resources) => {
	const switches = node.description.properties.filter((property) => property.name === 'simplify');
	const withSimplify = resources.flatMap((resource) => resource.operations.filter((op) => op.simplify).map((op) => ({ resource, op })));

	it('is two properties, one per default: off unless in the AI-tool variant (@tool), with n8n\'s name and wording', () => {
		expect(switches.map((property) => [property.default, property.displayOptions?.show?.['@tool']])).toEqual([
			[false, [false]],
			[true, [true]],
		]);
		for (const property of switches) expect(property).toMatchObject({ displayName: 'Simplify', type: 'boolean', description: SIMPLIFY_DESCRIPTION });
	});

	it('shows for exactly the operations that have Simplify, each keeping 10 fields at most', () => {
		const { resource: shownResources, operation: shownOperations } = switches[0].displayOptions!.show! as Record<string, string[]>;
		const shown = resources.flatMap((resource) =>
			shownResources.includes(resource.value) ? resource.operations.filter((op) => shownOperations.includes(op.value)).map((op) => `${resource.value}:${op.value}`) : [],
		);
		expect(shown.sort()).toEqual(withSimplify.map(({ resource, op }) => `${resource.value}:${op.value}`).sort());
		expect(withSimplify.filter(({ op }) => Object.keys(op.simplify!).length > 10).map(({ op }) => op.name)).toEqual([]);
	});

	it.each([
		['the node', false],
		['its AI-tool variant, built as n8n builds it', true],
	])('in %s, is %s for an operation that has it when left unset, and absent for one that has not', (_variant, inTool) => {
		const type = inTool ? toolVariantOf(node) : node;
		expect(type.description.name.endsWith('Tool')).toBe(inTool);
		const valuesOf = (resource: string, op: string) => {
			const parameters = { resource, operation: op };
			const nodeOf: INode = { id: 'n', name: 'N', type: type.description.name, typeVersion: 1, position: [0, 0], parameters };
			// What n8n's Workflow does with a node's saved parameters: the shown ones' defaults filled in.
			return NodeHelpers.getNodeParameters(type.description.properties, parameters, true, false, nodeOf, type.description) ?? {};
		};
		const [{ resource, op }] = withSimplify;
		expect(valuesOf(resource.value, op.value).simplify).toBe(inTool);
		const without = resources.flatMap((each) => each.operations.filter((other) => !other.simplify).map((other) => [each.value, other.value]))[0];
		expect(valuesOf(without[0], without[1])).not.toHaveProperty('simplify');
	});
});

describe('Simplify through the engine', () => {
	// The tool variant run as a node of the test workflow (n8n runs it for an agent the same way,
	// its parameters filled in by the same Workflow).
	const tool = toolVariantOf(new TaxpayerLookup());
	registerNodeType(tool);

	it("simplifies in the AI-tool variant unless turned off, and leaves the node's items raw unless turned on", async () => {
		const run = async (type: string, parameters: Record<string, unknown> = {}) =>
			(await runNode({ type, parameters: { resource: 'taxpayer', operation: 'get', ruc: '20131312955', ...parameters }, credentials: lookupCredentials() })).items;
		const kept = keep('ruc', 'nombre_o_razon_social', 'estado_del_contribuyente', 'condicion_de_domicilio', 'direccion', 'distrito', 'provincia', 'departamento', 'ubigeo', 'actualizado_en');
		const simplifiedRecord = simplified(TAXPAYERS['20131312955'], kept);
		expect((await run('taxpayerLookupTool')).map((item) => item.json)).toEqual([simplifiedRecord]);
		expect((await run('taxpayerLookupTool', { simplify: false })).map((item) => item.json)).toEqual([TAXPAYERS['20131312955']]);
		expect((await run('taxpayerLookup')).map((item) => item.json)).toEqual([TAXPAYERS['20131312955']]);
		expect((await run('taxpayerLookup', { simplify: true })).map((item) => item.json)).toEqual([simplifiedRecord]);
		expect(nodeTypesRegistry.getByName('n8n-nodes-taxpayer-messaging.taxpayerLookupTool').description.name).toBe('taxpayerLookupTool');
	});

	it('works on the items as made: each paired with its input, its files kept, error items (Continue On Fail) untouched', async () => {
		const withFile = operation({
			name: 'Get with File',
			value: 'getWithFile',
			action: 'Get taxpayer with a file',
			description: 'The record, and a file made from it',
			request: { method: 'GET', path: '/api/v2/ruc/{ruc}' },
			fields: [ruc],
			subject: ({ ruc }) => `RUC ${ruc}`,
			toBinary: async (answer, _values, fns) => ({
				data: await fns.helpers.prepareBinaryData(Buffer.from(JSON.stringify(answer)), 'record.json', 'application/json'),
			}),
			simplify: { ruc: 'ruc', state: 'estado_del_contribuyente' },
		});
		class FileProbe implements INodeType {
			description = {
				displayName: 'File Probe',
				name: 'simplifyFileProbe',
				group: ['transform'],
				version: 1,
				description: 'An operation with Simplify and files',
				defaults: { name: 'File Probe' },
				inputs: ['main'],
				outputs: ['main'],
				credentials: [{ name: LOOKUP_CREDENTIAL, required: true }],
				requestDefaults: lookupRequestDefaults,
				properties: nodeProperties(lookupApi, [{ name: 'Probe', value: 'probe', operations: [withFile], default: 'getWithFile' }], 'probe'),
			} as INodeTypeDescription;
		}
		registerNodeType(new FileProbe());
		const result = await runNode({
			type: 'simplifyFileProbe',
			parameters: { resource: 'probe', operation: 'getWithFile', ruc: '={{ $json.ruc }}', simplify: true },
			items: [{ json: { ruc: UNKNOWN_RUC } }, { json: { ruc: '20100070970' } }],
			credentials: lookupCredentials(),
			continueOnFail: true,
		});
		const [failed, found] = result.items;
		expect(failed.json).toEqual({ error: expect.stringContaining(`No taxpayer found with RUC ${UNKNOWN_RUC}`) });
		expect(failed.pairedItem).toEqual({ item: 0 });
		expect(failed.binary).toBeUndefined();
		expect(found.json).toEqual({ ruc: '20100070970', state: 'BAJA DE OFICIO' });
		expect(found.pairedItem).toEqual({ item: 1 });
		expect(found.binary?.data).toMatchObject({ fileName: 'record.json', mimeType: 'application/json' });
		// The file holds the whole record: Simplify changed the item's JSON only.
		const file = JSON.parse(Buffer.from(found.binary!.data.data, 'base64').toString('utf8')) as Record<string, unknown>;
		expect(file).toMatchObject({ ...TAXPAYERS['20100070970'] });
	});
});

// The operation builder: the properties a node gets from its resources, with each field shown for
// exactly the operations that list it.
import type { INodeProperties } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';

import { bad, ok } from '../../../nodes/shared/checks';
import { checkedField, nodeProperties, operation, type Api, type Field } from '../../../nodes/shared/operation';
import { TaxpayerLookup } from '../../../nodes/TaxpayerLookup/TaxpayerLookup.node';

const api: Api = {
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
		{ name: 'Alpha', value: 'alpha', operations: [op('c', [shared]), op('d', [])], default: 'c' },
	],
	'zeta',
);
const named = (name: string) => properties.filter((property) => property.name === name);

describe('nodeProperties', () => {
	it('lists the resources and, per resource, its operations by name, each with its action and route', () => {
		expect(named('resource')[0]).toMatchObject({ default: 'zeta', options: [{ value: 'alpha' }, { value: 'zeta' }] });
		const [zeta, alpha] = named('operation');
		expect(zeta.displayOptions).toEqual({ show: { resource: ['zeta'] } });
		expect(zeta.default).toBe('a');
		expect(zeta.options?.map((option) => ('value' in option ? option.value : ''))).toEqual(['a', 'b']);
		expect(zeta.options?.[1]).toMatchObject({ action: 'Do b', routing: { request: { method: 'GET', url: '/b' } } });
		expect(alpha.options?.map((option) => ('value' in option ? option.value : ''))).toEqual(['c', 'd']);
	});

	it('shows a field for exactly the operations that list it, keeping its own display conditions', () => {
		expect(named('onlyB').map((property) => property.displayOptions)).toEqual([{ show: { resource: ['zeta'], operation: ['b'], mode: ['x'] } }]);
		// Used by every operation of zeta but not of alpha: one property per resource.
		expect(named('shared').map((property) => property.displayOptions)).toEqual([
			{ show: { resource: ['zeta'] } },
			{ show: { resource: ['alpha'], operation: ['c'] } },
		]);
		// The API's own fields: every operation of every resource, one property.
		expect(named('everywhere').map((property) => property.displayOptions)).toEqual([{ show: { resource: ['zeta', 'alpha'] } }]);
	});

	it('gives Taxpayer Lookup one RUC property, shown for the six taxpayer operations', () => {
		const ruc = new TaxpayerLookup().description.properties.filter((property) => property.name === 'ruc');
		expect(ruc).toHaveLength(1);
		expect(ruc[0].displayOptions).toEqual({ show: { resource: ['taxpayer'] } });
	});
});

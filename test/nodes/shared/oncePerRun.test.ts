// An operation made once for all the input items of a run (`oncePerRun`), through n8n-core's real
// engine: the first item reads every item's values (each checked, an error naming its item), one
// output item paired with every input item, the other items making nothing; and per item as usual
// when its parameters say so.
import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';

import { bad, ok } from '../../../nodes/shared/checks';
import { operation, type Api, type Field } from '../../../nodes/shared/contract';
import { nodeProperties } from '../../../nodes/shared/editor';
import { registerNodeType, runNode } from '../../harness/engine';

const api: Api = {
	server: { credentialType: 'none', baseUrl: () => '' },
	isSuccess: () => true,
	answerFailure: () => ({ message: '', description: '' }),
	noAnswerFailure: () => ({ message: '', description: '' }),
	toItems: (answer) => [answer as Record<string, number[]>],
};

const checkNumber = (raw: unknown) => (typeof raw === 'number' ? ok(raw) : bad<number>('is not a number', 'Give a number.'));

/** This item's number, or every item's when `together` is on. */
const numbers: Field<'numbers', number[]> = {
	name: 'numbers',
	properties: [
		{ displayName: 'Together', name: 'together', type: 'boolean', default: false },
		{ displayName: 'Number', name: 'number', type: 'number', default: 0 },
	],
	read(item) {
		const items = item.parameter('together') === true ? item.runItems() : [item];
		return items.map((each) => each.require('Number', each.parameter('number'), checkNumber(each.parameter('number'))));
	},
};

const collect = operation({
	name: 'Collect',
	value: 'collect',
	action: 'Collect numbers',
	description: 'The numbers of the item, or of every item',
	fields: [numbers],
	oncePerRun: (item) => item.parameter('together') === true,
	local: ({ numbers }) => ({ numbers }),
});

class OncePerRunTest implements INodeType {
	description = {
		displayName: 'Once Per Run Test',
		name: 'oncePerRunTest',
		group: ['transform'],
		version: 1,
		description: 'Runs an operation made once for all items',
		defaults: { name: 'Once Per Run Test' },
		inputs: ['main'],
		outputs: ['main'],
		requestDefaults: {},
		properties: nodeProperties(api, [{ name: 'Numbers', value: 'numbers', operations: [collect], default: 'collect' }], 'numbers'),
	} as INodeTypeDescription;
}
registerNodeType(new OncePerRunTest());

const run = async (together: boolean, numbers: Array<number | string>, continueOnFail = false) =>
	await runNode({
		type: 'oncePerRunTest',
		parameters: { resource: 'numbers', operation: 'collect', together, number: '={{ $json.n }}' },
		items: numbers.map((n) => ({ json: { n } })),
		credentials: {},
		continueOnFail,
	});

describe('an operation made once per run', () => {
	it('reads every item from the first and outputs one item paired with all of them', async () => {
		const result = await run(true, [3, 1, 2]);
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.json, item.pairedItem])).toEqual([
			[{ numbers: [3, 1, 2] }, [{ item: 0 }, { item: 1 }, { item: 2 }]],
		]);
	});

	it('runs per item when the parameters say so', async () => {
		const result = await run(false, [3, 1]);
		expect(result.items.map((item) => [item.json, item.pairedItem])).toEqual([
			[{ numbers: [3] }, { item: 0 }],
			[{ numbers: [1] }, { item: 1 }],
		]);
	});

	it('names the item whose value fails its check, and under Continue On Fail gives one error item paired with all', async () => {
		const stopped = await run(true, [3, 'x', 2]);
		expect((stopped.error as { message?: string } | undefined)?.message).toBe('Number "x" is not a number. Nothing was sent. [item 1]');
		const continued = await run(true, [3, 'x', 2], true);
		expect(continued.items.map((item) => [item.json.error, item.pairedItem])).toEqual([
			['Number "x" is not a number. Nothing was sent. [item 1]', [{ item: 0 }, { item: 1 }, { item: 2 }]],
		]);
	});
});

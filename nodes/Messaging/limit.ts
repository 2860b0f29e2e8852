// Return All and Limit of the Get Many operations. Evolution answers every group or instance in
// one list, so the limit is applied to the items, not asked of the server.
import type { IDataObject } from 'n8n-workflow';

import { checkNumberInRange } from '../shared/checks';
import type { Field } from '../shared/contract';

export const returnAllOrLimit: Field<'limit', number | undefined> = {
	name: 'limit',
	properties: [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
		},
	],
	read(item) {
		if (item.parameter('returnAll', false) === true) return undefined;
		const raw = item.parameter('limit', 50);
		return item.require('Limit', raw, checkNumberInRange(raw, 1, Number.MAX_SAFE_INTEGER, 'results', true));
	},
};

/** The answer's list, cut at the limit when one is set. */
export function limited(answer: unknown, limit: number | undefined): IDataObject[] {
	const list = (Array.isArray(answer) ? answer : [answer]) as IDataObject[];
	return limit === undefined ? list : list.slice(0, limit);
}

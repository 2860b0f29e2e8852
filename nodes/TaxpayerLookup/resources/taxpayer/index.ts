import type { INodeProperties } from 'n8n-workflow';

import { rucField } from '../../shared/descriptions';
import { getOperation } from './get';
import { getCoactiveDebtOperation } from './getCoactiveDebt';
import { getEconomicActivityOperation } from './getEconomicActivity';
import { getLegalRepresentativesOperation } from './getLegalRepresentatives';
import { getRealTimeOperation } from './getRealTime';
import { getWithActivityOperation } from './getWithActivity';

export const taxpayerDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['taxpayer'] } },
		options: [
			getOperation,
			getCoactiveDebtOperation,
			getEconomicActivityOperation,
			getRealTimeOperation,
			getLegalRepresentativesOperation,
			getWithActivityOperation,
		],
		default: 'get',
	},
	// One field for all six operations: n8n evaluates every property for every item, so six
	// `ruc` properties would evaluate the same expression six times.
	rucField([
		'get',
		'getCoactiveDebt',
		'getEconomicActivity',
		'getRealTime',
		'getLegalRepresentatives',
		'getWithActivity',
	]),
];

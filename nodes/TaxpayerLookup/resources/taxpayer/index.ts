import type { INodeProperties } from 'n8n-workflow';

import { getFields, getOperation } from './get';
import { getCoactiveDebtFields, getCoactiveDebtOperation } from './getCoactiveDebt';
import { getEconomicActivityFields, getEconomicActivityOperation } from './getEconomicActivity';
import { getLegalRepresentativesFields, getLegalRepresentativesOperation } from './getLegalRepresentatives';
import { getRealTimeFields, getRealTimeOperation } from './getRealTime';
import { getWithActivityFields, getWithActivityOperation } from './getWithActivity';

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
	...getFields,
	...getEconomicActivityFields,
	...getWithActivityFields,
	...getRealTimeFields,
	...getLegalRepresentativesFields,
	...getCoactiveDebtFields,
];

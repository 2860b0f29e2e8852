import type { INodePropertyOptions } from 'n8n-workflow';

import { lookupRoute } from '../../../shared/lookup/transport';
import { withRuc } from '../../shared/inputs';

export const getCoactiveDebtOperation: INodePropertyOptions = {
	name: 'Get Coactive Debt',
	value: 'getCoactiveDebt',
	action: "Get a taxpayer's coactive debt",
	description:
		'Asks SUNAT live (slower, may fail). One item per debt in coactive collection: amount, tax period, start date and entity. No items when there is none.',
	routing: lookupRoute('/api/v2/ruc/{ruc}/deuda-coactiva', [withRuc]),
};

import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { nodeProperties } from '../shared/operation';
import { exchangeRate } from './resources/exchangeRate';
import { taxpayer } from './resources/taxpayer';
import { lookupApi, lookupRequestDefaults } from './transport';

export class TaxpayerLookup implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Taxpayer Lookup',
		name: 'taxpayerLookup',
		icon: { light: 'file:taxpayerLookup.svg', dark: 'file:taxpayerLookup.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Look up Peruvian taxpayers by RUC and the official SBS USD/EUR exchange rates',
		defaults: { name: 'Taxpayer Lookup' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'taxpayerLookupApi', required: true }],
		requestDefaults: lookupRequestDefaults,
		properties: nodeProperties(lookupApi, [exchangeRate, taxpayer], 'taxpayer'),
	};
}

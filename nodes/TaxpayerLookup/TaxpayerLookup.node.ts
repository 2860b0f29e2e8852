import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { lookupRequestDefaults } from '../shared/lookup/transport';
import { exchangeRateDescription } from './resources/exchangeRate';
import { taxpayerDescription } from './resources/taxpayer';
import { outputOptions } from './shared/descriptions';

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
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Exchange Rate', value: 'exchangeRate' },
					{ name: 'Taxpayer', value: 'taxpayer' },
				],
				default: 'taxpayer',
			},
			...taxpayerDescription,
			...exchangeRateDescription,
			outputOptions,
		],
	};
}

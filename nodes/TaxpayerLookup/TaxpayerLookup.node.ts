import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { nodeProperties, operationSubtitle } from '../shared/operation';
import { taxpayerLookupApiTest } from './credentialTest';
import { exchangeRate } from './resources/exchangeRate';
import { taxpayer } from './resources/taxpayer';
import { lookupApi, lookupRequestDefaults } from './transport';

const resources = [exchangeRate, taxpayer];

export class TaxpayerLookup implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Taxpayer Lookup',
		name: 'taxpayerLookup',
		icon: { light: 'file:taxpayerLookup.svg', dark: 'file:taxpayerLookup.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: operationSubtitle(resources),
		description: 'Look up Peruvian taxpayers by RUC and the official SBS USD/EUR exchange rates',
		defaults: { name: 'Taxpayer Lookup' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'taxpayerLookupApi', required: true, testedBy: 'taxpayerLookupApiTest' }],
		requestDefaults: lookupRequestDefaults,
		properties: nodeProperties(lookupApi, resources, 'taxpayer'),
	};

	methods = {
		credentialTest: { taxpayerLookupApiTest },
	};
}

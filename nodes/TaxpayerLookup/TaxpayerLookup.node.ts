import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { nodeProperties, operationSubtitle } from '../shared/editor';
import { readmeSection } from '../shared/documentation';
import { taxpayerLookupApiTest } from './credentialTest';
import { exchangeRate } from './resources/exchangeRate';
import { person } from './resources/person';
import { taxpayer } from './resources/taxpayer';
import { LOOKUP_CREDENTIAL, lookupApi, lookupRequestDefaults } from './transport';

// The most used first: the node creator lists the actions resource by resource.
const resources = [taxpayer, exchangeRate, person];

export class TaxpayerLookup implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Taxpayer Lookup',
		name: 'taxpayerLookup',
		icon: { light: 'file:taxpayerLookup.svg', dark: 'file:taxpayerLookup.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: operationSubtitle(resources),
		description: 'Look up Peruvian taxpayers by RUC, people by DNI, and the official SBS and SUNAT exchange rates; validate RUCs offline',
		documentationUrl: readmeSection('taxpayer-lookup'),
		// As a tool, n8n names the node and describes it to the model as "<action> in <defaults.name>"
		// ("Get taxpayer by RUC in Peru Taxpayer Lookup"); as a node, it takes the action alone.
		defaults: { name: 'Peru Taxpayer Lookup' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		// Optional for n8n because Validate needs none; every operation that sends requires it (runItem.ts).
		credentials: [
			{
				name: LOOKUP_CREDENTIAL,
				required: false,
				testedBy: 'taxpayerLookupApiTest',
				displayOptions: { hide: { operation: ['validate'] } },
			},
		],
		requestDefaults: lookupRequestDefaults,
		properties: nodeProperties(lookupApi, resources, 'taxpayer'),
	};

	methods = {
		credentialTest: { taxpayerLookupApiTest },
	};
}

import {
	NodeConnectionTypes,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';

import { optionsCollection } from '../../shared/fields';
import { readmeSection } from '../../shared/documentation';
import { taxpayerLookupApiTest } from '../credentialTest';
import { CURRENCY_OPTIONS, rateSourceProperty } from '../fields';
import { pollExchangeRates } from './poll';

export class ExchangeRateTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Exchange Rate Trigger',
		name: 'exchangeRateTrigger',
		icon: { light: 'file:exchangeRateTrigger.svg', dark: 'file:exchangeRateTrigger.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["source"] === "sunat" ? "New SUNAT USD Rates" : "New " + $parameter["currencies"].join(", ") + " Rates"}}',
		description: 'Starts the workflow once for every newly published SBS (USD, EUR) or SUNAT (USD) exchange rate',
		documentationUrl: readmeSection('exchange-rate-trigger'),
		defaults: { name: 'Exchange Rate Trigger' },
		// n8n adds the Poll Times parameter to polling nodes.
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'taxpayerLookupApi', required: true, testedBy: 'taxpayerLookupApiTest' }],
		properties: [
			{
				displayName:
					'Fires once for each day the source publishes a rate, also for the days n8n was off. The first activation starts from the latest published rate and emits nothing.',
				name: 'notice',
				type: 'notice',
				default: '',
			},
			{
				...rateSourceProperty,
				description: 'Who publishes the rates that start the workflow. SUNAT publishes the US dollar only.',
			},
			{
				displayName: 'Currencies',
				name: 'currencies',
				type: 'multiOptions',
				options: CURRENCY_OPTIONS,
				default: ['USD'],
				required: true,
				description: 'The currencies whose new rates start the workflow. Each rate is one item: fecha, moneda, precio_compra, precio_venta.',
				displayOptions: { hide: { source: ['sunat'] } },
			},
			optionsCollection([
				{
					displayName: 'Convert Prices to Numbers',
					name: 'numbersAsNumbers',
					type: 'boolean',
					default: false,
					description: 'Whether to turn precio_compra and precio_venta from texts ("3.612") into numbers',
				},
				{
					displayName: 'Emit Latest Rate on First Activation',
					name: 'emitLatestOnFirstActivation',
					type: 'boolean',
					default: false,
					description:
						'Whether the first activation emits the latest published rate of each currency once. Off: it only remembers it, and the first item comes with the next published rate.',
				},
			]),
		],
	};

	methods = {
		credentialTest: { taxpayerLookupApiTest },
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollExchangeRates.call(this);
	}
}

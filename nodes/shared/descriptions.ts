// Parameter pieces more than one node shows.
import type { INodePropertyOptions } from 'n8n-workflow';

/** The currencies the SBS publishes a rate for, as options of a parameter. */
export const CURRENCY_OPTIONS: INodePropertyOptions[] = [
	{ name: 'US Dollar (USD)', value: 'USD' },
	{ name: 'Euro (EUR)', value: 'EUR' },
];

import { NodeConnectionTypes, type INodeProperties, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { readmeSection } from '../shared/documentation';
import { nodeProperties, operationSubtitle } from '../shared/editor';
import { sunatApiTest } from './credentialTest';
import { invoice } from './resources/invoice';
import { register } from './resources/register';
import { sunatSireApiTest } from './sire/credentialTest';
import { SIRE_CREDENTIAL } from './sire/transport';
import { SUNAT_CREDENTIAL, sunatApi, sunatRequestDefaults } from './transport';

const resources = [invoice, register];

/**
 * Which credential a resource's requests go with. RoutingNode takes a node's credential from its
 * `authentication` parameter when the node lists more than one: one hidden parameter per resource,
 * its default the resource's credential, so nobody sets it and a workflow saved before the registers
 * (no such parameter) still gets the invoice check's.
 */
const authentication: INodeProperties[] = [
	{ resource: 'invoice', credential: SUNAT_CREDENTIAL },
	{ resource: 'register', credential: SIRE_CREDENTIAL },
].map(({ resource, credential }) => ({
	displayName: 'Authentication',
	name: 'authentication',
	type: 'hidden',
	default: credential,
	displayOptions: { show: { resource: [resource] } },
}));

// A node of its own, not a resource of Taxpayer Lookup: SUNAT's APIs take credentials of their own.
export class SunatInvoice implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SUNAT',
		name: 'sunatInvoice',
		icon: { light: 'file:sunatInvoice.svg', dark: 'file:sunatInvoice.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: operationSubtitle(resources),
		description:
			"Validate received invoices with SUNAT's official check, and get SIRE's sales (RVIE) and purchase (RCE) register proposals as items",
		documentationUrl: readmeSection('sunat'),
		defaults: { name: 'SUNAT' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		// The names as literals: the community lint finds each credential's testedBy by them.
		credentials: [
			{ name: 'sunatApi', required: true, testedBy: 'sunatApiTest', displayOptions: { show: { authentication: ['sunatApi'] } } },
			{ name: 'sunatSireApi', required: true, testedBy: 'sunatSireApiTest', displayOptions: { show: { authentication: ['sunatSireApi'] } } },
		],
		requestDefaults: sunatRequestDefaults,
		properties: [...authentication, ...nodeProperties(sunatApi, resources, 'invoice')],
	};

	methods = {
		credentialTest: { sunatApiTest, sunatSireApiTest },
	};
}

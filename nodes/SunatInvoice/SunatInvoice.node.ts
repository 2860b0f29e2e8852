import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { readmeSection } from '../shared/documentation';
import { nodeProperties, operationSubtitle } from '../shared/editor';
import { sunatApiTest } from './credentialTest';
import { invoice } from './resources/invoice';
import { sunatApi, sunatRequestDefaults } from './transport';

const resources = [invoice];

// A node of its own, not a resource of Taxpayer Lookup: RoutingNode takes one credential per node
// (more need an Authentication parameter to pick one), and SUNAT's is not the lookup API's.
export class SunatInvoice implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SUNAT Invoice',
		name: 'sunatInvoice',
		icon: { light: 'file:sunatInvoice.svg', dark: 'file:sunatInvoice.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: operationSubtitle(resources),
		description: "Validate received invoices and receipts with SUNAT's official check (Consulta Integrada de Comprobantes de Pago)",
		documentationUrl: readmeSection('sunat-invoice'),
		defaults: { name: 'SUNAT Invoice' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		// The name as a literal: the community lint finds the credential's testedBy by it.
		credentials: [{ name: 'sunatApi', required: true, testedBy: 'sunatApiTest' }],
		requestDefaults: sunatRequestDefaults,
		properties: nodeProperties(sunatApi, resources, 'invoice'),
	};

	methods = {
		credentialTest: { sunatApiTest },
	};
}

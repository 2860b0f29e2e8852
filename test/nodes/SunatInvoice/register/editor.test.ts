// Which credential the editor offers: n8n's editor shows a node's credential where NodeHelpers'
// displayParameter passes on the node's parameters (defaults filled by getNodeParameters), and when
// a parameter changes it keeps only the values that differ from their defaults, then fills the
// defaults again for the new parameters (NodeSettings' valueChanged): switching Resource changes the
// hidden Authentication parameter with it.
import { NodeHelpers, type INode, type INodeParameters } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';

import { SunatInvoice } from '../../../../nodes/SunatInvoice/SunatInvoice.node';

const { description } = new SunatInvoice();
const node = { id: 'n', name: 'SUNAT', type: 'n8n-nodes-taxpayer-messaging.sunatInvoice', typeVersion: 1, position: [0, 0], parameters: {} } as INode;

/** The parameters as the editor holds them: the values set, the defaults filled. */
const withDefaults = (values: INodeParameters) => NodeHelpers.getNodeParameters(description.properties, values, true, false, node, description)!;

/** The credentials the editor shows for these parameters. */
const shownCredentials = (parameters: INodeParameters) =>
	(description.credentials ?? []).filter((credential) => NodeHelpers.displayParameter(parameters, credential, node, description)).map((credential) => credential.name);

/** The editor's change of one parameter: keep what differs from the defaults, set the new value, fill the defaults again. */
function changed(parameters: INodeParameters, name: string, value: string): INodeParameters {
	const set = NodeHelpers.getNodeParameters(description.properties, parameters, false, false, node, description)!;
	return withDefaults({ ...set, [name]: value });
}

describe('SUNAT in the editor: the credential each resource shows', () => {
	it('a new node (Invoice) shows the SUNAT API credential; Register (SIRE) the SUNAT SIRE API one', () => {
		const invoice = withDefaults({});
		expect(invoice.authentication).toBe('sunatApi');
		expect(shownCredentials(invoice)).toEqual(['sunatApi']);
		const register = withDefaults({ resource: 'register' });
		expect(register.authentication).toBe('sunatSireApi');
		expect(shownCredentials(register)).toEqual(['sunatSireApi']);
	});

	it('switching Resource switches the credential, both ways: the hidden value at its default is not kept', () => {
		const register = changed(withDefaults({}), 'resource', 'register');
		expect(register.authentication).toBe('sunatSireApi');
		expect(shownCredentials(register)).toEqual(['sunatSireApi']);
		const invoiceAgain = changed(register, 'resource', 'invoice');
		expect(invoiceAgain.authentication).toBe('sunatApi');
		expect(shownCredentials(invoiceAgain)).toEqual(['sunatApi']);
	});

	it('an Invoice node saved before the registers (no authentication) shows the SUNAT API credential', () => {
		const saved = withDefaults({ resource: 'invoice', operation: 'validate', issuerRuc: '20131312955' });
		expect(shownCredentials(saved)).toEqual(['sunatApi']);
	});
});

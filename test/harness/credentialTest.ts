// Tests a credential the way n8n's credential tester does when the credential type has no `test` of
// its own (n8n's packages/cli/src/services/credentials-tester.service.ts, getCredentialTestFunction
// and testCredentials): the first node that uses the credential with a `testedBy` method name gives
// the function, run in a CredentialTestContext with the credential's data; secrets in its message
// are masked. The result is what the editor shows.
import { CredentialTestContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	ICredentialTestFunction,
	ICredentialType,
	INodeCredentialTestResult,
	INodeType,
} from 'n8n-workflow';

import { ExchangeRateTrigger } from '../../nodes/TaxpayerLookup/ExchangeRate/ExchangeRateTrigger.node';
import { Messaging } from '../../nodes/Messaging/Messaging.node';
import { SunatInvoice } from '../../nodes/SunatInvoice/SunatInvoice.node';
import { TaxpayerLookup } from '../../nodes/TaxpayerLookup/TaxpayerLookup.node';
import { additionalDataFor } from './engine';

const packageNodes: INodeType[] = [new TaxpayerLookup(), new ExchangeRateTrigger(), new Messaging(), new SunatInvoice()];

/** The function n8n runs for the credential's Test button, found as n8n finds it. */
export function credentialTestFunction(credentialName: string, nodes: INodeType[] = packageNodes): ICredentialTestFunction {
	for (const node of nodes) {
		for (const { name, testedBy } of node.description.credentials ?? []) {
			if (name !== credentialName || !testedBy) continue;
			if (typeof testedBy !== 'string') throw new Error(`${node.description.name} tests ${name} with a request, not a function`);
			const test = node.methods?.credentialTest?.[testedBy];
			if (!test) throw new Error(`${node.description.name} names ${testedBy}, which its methods lack`);
			return test;
		}
	}
	throw new Error(`no node tests the credential ${credentialName}`);
}

/** Missing fields take the credential's defaults, as n8n's applyDefaultsAndOverwrites fills them. */
function withDefaults(credential: ICredentialType, data: ICredentialDataDecryptedObject): ICredentialDataDecryptedObject {
	const defaults = Object.fromEntries(
		credential.properties.filter((property) => property.type !== 'notice').map((property) => [property.name, property.default]),
	);
	return { ...defaults, ...data } as ICredentialDataDecryptedObject;
}

/** n8n masks the credential's password fields in the message: all but the last 3 characters. */
function redactSecrets(message: string, credential: ICredentialType, data: ICredentialDataDecryptedObject): string {
	let redacted = message;
	for (const property of credential.properties) {
		const value = data[property.name];
		if (!property.typeOptions?.password || typeof value !== 'string' || !value) continue;
		redacted = redacted.replaceAll(value, `*****${value.slice(-3)}`);
	}
	return redacted;
}

/**
 * Tests `credential` with `credentialsData` as n8n's "Test" button does, and gives n8n's verdict:
 * `{ status: 'OK', message }` or `{ status: 'Error', message }`.
 */
export async function runCredentialTest(
	credential: ICredentialType,
	credentialsData: ICredentialDataDecryptedObject,
): Promise<INodeCredentialTestResult> {
	if (credential.test) throw new Error(`${credential.name} declares a test request, which n8n would run instead of the nodes' test`);
	const test = credentialTestFunction(credential.name);
	const data = withDefaults(credential, credentialsData);
	const credentialsDecrypted: ICredentialsDecrypted = { id: `${credential.name}-id`, name: credential.displayName, type: credential.name, data };
	const context = new CredentialTestContext(additionalDataFor({}, { id: 'credential-test', name: 'Credential test', nodes: [], connections: {} } as never));
	const result = await test.call(context, credentialsDecrypted);
	return { ...result, message: redactSecrets(result.message, credential, data) };
}

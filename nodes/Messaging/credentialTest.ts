// The Messaging API credential's test, run by the nodes that use it (`testedBy`).
import type { ICredentialDataDecryptedObject, ICredentialsDecrypted, ICredentialTestFunctions, INodeCredentialTestResult } from 'n8n-workflow';

import { messagingAuthHeaders, messagingServerUrl } from '../../credentials/MessagingApi.credentials';
import { failed, passed, testCredential, type ProbeAnswer } from '../shared/credentialTest';
import { serverReason } from './errors';
import { ACTIVATION_HINT, licenceGateOf, notActivated } from './licence';
import { compareReleases, releaseParts } from './serverRelease';

const NOT_EVOLUTION =
	'Use the address of the Evolution API server itself (the one its manager page is under), with http:// or https:// as it is served.';

/** The releases this node is read against: 2.3.7's behaviour, with 2.1's to 2.3.6's differences documented. */
const TESTED = { from: [2, 1, 0], to: [2, 3, 7] };

/** What the success message adds about the server's release, read from `GET /`. */
export function versionNote(version: string | undefined): { named: string; warning: string } {
	// Only a release number is repeated: the answer is the server's, and could say anything.
	const parts = releaseParts(version);
	if (!version || !parts) return { named: 'Evolution API', warning: '' };
	const outside = compareReleases(parts, TESTED.from) < 0 || compareReleases(parts, TESTED.to) > 0;
	return {
		named: `Evolution API ${version}`,
		warning: outside
			? ` This node is tested with Evolution API 2.3.7 (2.1 to 2.3.6 differences documented); ${version} is not: see Compatibility in the node's README.`
			: '',
	};
}

function judgeMessagingAnswer({ statusCode, body, isJson }: ProbeAnswer, serverUrl: string, version?: string): INodeCredentialTestResult {
	// 2.4's licence gate: the key was not even looked at.
	const gate = licenceGateOf(statusCode, body);
	if (gate) return failed(`${notActivated(gate, serverUrl).replace(/^t/, 'T')}. ${ACTIVATION_HINT}`);
	const reason = serverReason(body);
	const says = reason && isJson ? ` The server says: "${reason}".` : '';
	if (statusCode >= 200 && statusCode < 300) {
		if (Array.isArray(body)) {
			const count = body.length;
			const { named, warning } = versionNote(version);
			return passed(`${named} accepted the key: it lists ${count} instance${count === 1 ? '' : 's'}.${warning}`);
		}
		return failed(`Something answers at this Server URL, but not Evolution API v2 (no instance list). ${NOT_EVOLUTION}`);
	}
	switch (statusCode) {
		case 401:
			return failed(
				"Evolution API rejected the key (401 Unauthorized). Paste the server's global API key (AUTHENTICATION_API_KEY in its .env) or an instance's token (on its card in the Evolution Manager: your server's address followed by /manager).",
			);
		case 403:
			return failed(`The key may not list instances (403 Forbidden). Use the global API key, or an instance token the server accepts.${says}`);
		case 404:
			return failed(`No Evolution API answers at this Server URL (404 on /instance/fetchInstances). ${NOT_EVOLUTION}`);
		case 502:
		case 503:
			return failed(`The Evolution API server is unreachable: its proxy answered ${statusCode}. Check that the server is running.`);
		case 504:
			return failed('The Evolution API server did not answer its proxy in time (504 Gateway Timeout). Check that the server is running.');
	}
	return failed(`The Evolution API server answered ${statusCode}.${says || ` ${NOT_EVOLUTION}`}`);
}

/**
 * Lists the instances (cheap, sends nothing, needs a valid key), then asks the server's release
 * (`GET /`, Get Server Info's route) to name it; a server that does not tell passes all the same.
 */
export async function messagingApiTest(this: ICredentialTestFunctions, credential: ICredentialsDecrypted): Promise<INodeCredentialTestResult> {
	const probe = {
		urlField: 'Server URL',
		baseUrl: (data: ICredentialDataDecryptedObject) => messagingServerUrl.apply(data.serverUrl),
		headers: (data: ICredentialDataDecryptedObject) => ({ ...messagingAuthHeaders(data), Accept: 'application/json' }),
	};
	let keyAccepted: ProbeAnswer | undefined;
	const serverUrl = probe.baseUrl(credential.data ?? {});
	const verdict = await testCredential(this, credential, {
		...probe,
		path: '/instance/fetchInstances',
		judge: (answer) => {
			const result = judgeMessagingAnswer(answer, serverUrl);
			if (result.status === 'OK') keyAccepted = answer;
			return result;
		},
	});
	if (!keyAccepted) return verdict;
	let version: string | undefined;
	await testCredential(this, credential, {
		...probe,
		path: '/',
		judge: ({ statusCode, body }) => {
			const said = (body as { version?: unknown } | null)?.version;
			if (statusCode >= 200 && statusCode < 300 && typeof said === 'string') version = said.trim();
			return passed('');
		},
	});
	return judgeMessagingAnswer(keyAccepted, serverUrl, version);
}

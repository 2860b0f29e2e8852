// The Messaging API credential's test, run by the nodes that use it (`testedBy`).
import type { ICredentialsDecrypted, ICredentialTestFunctions, INodeCredentialTestResult } from 'n8n-workflow';

import { messagingAuthHeaders, messagingServerUrl } from '../../credentials/MessagingApi.credentials';
import { failed, passed, testCredential, type ProbeAnswer } from '../shared/credentialTest';
import { serverReason } from './errors';

const NOT_EVOLUTION =
	'Use the address of the Evolution API server itself (the one its manager page is under), with http:// or https:// as it is served.';

function judgeMessagingAnswer({ statusCode, body, isJson }: ProbeAnswer): INodeCredentialTestResult {
	const reason = serverReason(body);
	const says = reason && isJson ? ` The server says: "${reason}".` : '';
	if (statusCode >= 200 && statusCode < 300) {
		if (Array.isArray(body)) {
			const count = body.length;
			return passed(`Evolution API accepted the key: it lists ${count} instance${count === 1 ? '' : 's'}.`);
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

/** Lists the instances: cheap, sends nothing, and needs a valid key. */
export async function messagingApiTest(this: ICredentialTestFunctions, credential: ICredentialsDecrypted): Promise<INodeCredentialTestResult> {
	return await testCredential(this, credential, {
		urlField: 'Server URL',
		baseUrl: (data) => messagingServerUrl.apply(data.serverUrl),
		path: '/instance/fetchInstances',
		headers: (data) => ({ ...messagingAuthHeaders(data), Accept: 'application/json' }),
		judge: judgeMessagingAnswer,
	});
}

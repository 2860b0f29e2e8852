// Where a run's requests go: the server's base URL, from the credential, and the domains the
// credential allows, read once per run (the run's state keeps it, runState.ts). RoutingNode would evaluate a base-URL expression in the
// request defaults twice for every item, and derives the allowed domains from it (where n8n lets a
// credential restricted to some domains still reach its own server, as 1.123.81 and 2.36 on do, and
// where 2.25 to 2.35 do not): the same is done here with the address the runner sets
// (n8nReleases.ts, routingNodeAdaptation.ts).
import type { ICredentialDataDecryptedObject, IExecuteSingleFunctions } from 'n8n-workflow';

import type { ServerAddress } from './contract';
import { credentialAllowedDomains } from './n8nReleases';

export interface RunServer {
	baseURL: string;
	/** What RoutingNode would have allowed: undefined when the credential does not restrict domains. */
	allowedDomains?: string;
	/** The credential as read for the run: an API whose token the run renews sends with it (Api.token). */
	credentials?: ICredentialDataDecryptedObject;
}

/** What reading the server needs of a run: the credential, the node. */
type ServerFunctions = Pick<IExecuteSingleFunctions, 'getCredentials' | 'getNode'>;

/** Reads where the run's requests go; the run's state keeps the answer for its items (RunState.server). */
export async function readServer(fns: ServerFunctions, server: ServerAddress): Promise<RunServer> {
	let credentials;
	try {
		credentials = await fns.getCredentials(server.credentialType);
	} catch {
		// No credential to read: the request fails with the API's readable "cannot reach".
		return { baseURL: '' };
	}
	const baseURL = server.baseUrl(credentials);
	const allowedDomains = credentialAllowedDomains(fns.getNode(), credentials, baseURL);
	return { baseURL, allowedDomains, credentials };
}

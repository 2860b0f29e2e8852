// A credential's "Test" button, run by the nodes (`testedBy`) rather than declared on the credential:
// n8n shows a declarative test's connection failure as a bare code (ECONNREFUSED), while a function
// can say in words what failed and what to change.
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	IDataObject,
	INodeCredentialTestResult,
} from 'n8n-workflow';

/** Long enough for a slow server, short enough that the user is not left waiting. */
export const CREDENTIAL_TEST_TIMEOUT_MS = 10_000;

export interface ProbeAnswer {
	statusCode: number;
	/** Parsed JSON, or the text when the answer is not JSON. */
	body: unknown;
	isJson: boolean;
}

/** What one API's credential test sends and how it judges the answer. */
export interface CredentialProbe {
	/** The credential's address field, as the user sees it: "Base URL". */
	urlField: string;
	/** The address field's value as requests use it (cleaned up by the credential's rule). */
	baseUrl(data: ICredentialDataDecryptedObject): string;
	path: string;
	qs?: IDataObject;
	headers(data: ICredentialDataDecryptedObject): IDataObject;
	/** The verdict on an answer; a failure message says why and what to change. */
	judge(answer: ProbeAnswer): INodeCredentialTestResult;
}

export const passed = (message: string): INodeCredentialTestResult => ({ status: 'OK', message });
export const failed = (message: string): INodeCredentialTestResult => ({ status: 'Error', message });

const TLS_CODES = /CERT|SSL|TLS|EPROTO/;

/** The address's host, or undefined when it is not an http:// or https:// address. */
function webHost(url: string): string | undefined {
	try {
		const parsed = new URL(url);
		return /^https?:$/.test(parsed.protocol) ? parsed.host : undefined;
	} catch {
		return undefined;
	}
}

const notAWebAddress = (url: string, urlField: string) =>
	`The ${urlField} "${url}" is not a web address. Write it in full, starting with https:// (or http://).`;

/**
 * Why nothing answered, in words: the error code of the connection (refused, unknown host,
 * timeout, TLS) and what to check. `url` is the address the test called.
 */
export function connectionFailure(error: unknown, url: string, urlField: string): string {
	const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
	const text = String(message ?? error);
	const host = webHost(url) ?? url;
	switch (code) {
		case 'ECONNREFUSED':
			return `Nothing answers at ${host}: the connection was refused. Check the ${urlField} (host and port) and that the server is running.`;
		case 'ENOTFOUND':
			return `The host ${host} does not exist (no DNS record). Check the spelling of the ${urlField}.`;
		case 'EAI_AGAIN':
			return `The host ${host} could not be looked up (DNS did not answer). Check the ${urlField} and this n8n's network, then try again.`;
		case 'ECONNABORTED':
		case 'ETIMEDOUT':
		case 'ESOCKETTIMEDOUT':
		case 'UND_ERR_CONNECT_TIMEOUT':
			return `${host} did not answer within ${CREDENTIAL_TEST_TIMEOUT_MS / 1000} seconds. Check the ${urlField}, and that this n8n can reach it (firewall, VPN or proxy).`;
		case 'EHOSTUNREACH':
		case 'ENETUNREACH':
			return `This n8n has no network route to ${host}. Check the ${urlField}, and that the server is on a network n8n can reach.`;
		case 'ECONNRESET':
		case 'EPIPE':
			return `${host} closed the connection without answering. Check that the ${urlField} is the API's address (http:// or https:// as the server expects).`;
	}
	if (typeof code === 'string' && TLS_CODES.test(code)) {
		if (/wrong version number|packet length too long/i.test(text)) {
			return `${host} does not speak HTTPS on this port (TLS failed: ${code}). If the server has no certificate, start the ${urlField} with http://.`;
		}
		return `The secure connection to ${host} failed: its certificate is not trusted (${code}). Give the server a certificate from a public authority, or make this n8n trust yours (NODE_EXTRA_CA_CERTS).`;
	}
	return `Could not reach ${host}: ${text}. Check the ${urlField}.`;
}

function parsed(body: unknown): { body: unknown; isJson: boolean } {
	if (typeof body !== 'string') return { body, isJson: body !== undefined };
	try {
		return { body: JSON.parse(body) as unknown, isJson: true };
	} catch {
		return { body, isJson: false };
	}
}

/** Sends the probe's request with the credential's data and gives n8n the verdict. */
export async function testCredential(
	context: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
	probe: CredentialProbe,
): Promise<INodeCredentialTestResult> {
	const data = credential.data ?? {};
	const url = `${probe.baseUrl(data)}${probe.path}`;
	// "localhost:5678" parses as a URL of scheme "localhost:": nothing to send it to.
	if (!webHost(url)) return failed(notAWebAddress(url, probe.urlField));
	let answer: { statusCode: number; body: unknown };
	try {
		// The credential test context offers only the legacy request helper, not httpRequest.
		answer = (await context.helpers.request({
			method: 'GET',
			uri: url,
			qs: probe.qs,
			headers: probe.headers(data),
			json: true,
			simple: false,
			resolveWithFullResponse: true,
			timeout: CREDENTIAL_TEST_TIMEOUT_MS,
		})) as { statusCode: number; body: unknown };
	} catch (error) {
		return failed(connectionFailure(error, url, probe.urlField));
	}
	return probe.judge({ statusCode: answer.statusCode, ...parsed(answer.body) });
}

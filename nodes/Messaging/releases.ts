// What a server older than an operation's route answers (the release is the operation's `since`):
// 404 `Cannot <METHOD> /…`, Express's answer to a route it does not have, which the general table
// in errors.ts would read as a wrong Server URL.
import type { Release } from '../shared/contract';
import { detail, type Failure } from '../shared/errors';
import { serverReason } from './errors';

/** The failure of a 404 from a server older than the operation's route (`title`: "Template → Edit"), or undefined. */
export function olderServerFailure(title: string, since: Release, statusCode: number, body: unknown): Failure | undefined {
	if (statusCode !== 404) return undefined;
	const reason = serverReason(body);
	if (!/^Cannot (GET|POST|PUT|DELETE) \//.test(reason)) return undefined;
	return {
		message: `the server has no route for ${title}: it is older than Evolution API ${since} ${detail(String(statusCode), reason)}`,
		description: `${title} came with Evolution API ${since}. Update the server to ${since} or later (GET / on the server names its version).`,
		httpCode: String(statusCode),
	};
}

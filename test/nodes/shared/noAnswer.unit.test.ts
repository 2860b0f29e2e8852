// How a request that got no answer is told apart, whatever the n8n release made of its error:
// n8n-workflow 2.36 on keeps the socket error as the cause; before that the cause is dropped and
// n8n's own wording replaces the message, the socket's message kept among `messages`.
import { describe, expect, it } from 'vitest';

import { noAnswer } from '../../../nodes/shared/noAnswer';

const socketError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('noAnswer', () => {
	it.each([
		['ECONNREFUSED', 'unreachable'],
		['ECONNRESET', 'dropped'],
		['ETIMEDOUT', 'timeout'],
	])('reads %s along the causes (n8n 2.36 on)', (code, kind) => {
		const wrapped = new Error('The service refused the connection', { cause: new Error('request failed', { cause: socketError(code, 'x') }) });
		expect(noAnswer(wrapped)).toEqual({ kind, code });
	});

	it.each([
		// What n8n-workflow 1.120 and 2.0 make of each: its own message, the socket's among `messages`.
		['The service refused the connection - perhaps it is offline', ['connect ECONNREFUSED 127.0.0.1:9'], { kind: 'unreachable', code: 'ECONNREFUSED' }],
		[
			'The connection to the server was closed unexpectedly, perhaps it is offline. You can retry the request immediately or wait and retry later.',
			['socket hang up'],
			{ kind: 'dropped', code: 'ECONNRESET' },
		],
		["The connection timed out, consider setting the 'Retry on Fail' option in the node settings", ['timeout of 300ms exceeded'], { kind: 'timeout', code: 'ETIMEDOUT' }],
		['The connection cannot be established, this usually occurs due to an incorrect host (domain) value', ['getaddrinfo ENOTFOUND nowhere.invalid'], { kind: 'unreachable', code: 'ENOTFOUND' }],
	])('reads "%s" without a cause (n8n before 2.36)', (message, messages, expected) => {
		expect(noAnswer(Object.assign(new Error(message), { messages }))).toEqual(expected);
	});

	it('reads n8n\'s wording alone when no socket message is left', () => {
		const error = new Error('The connection to the server was closed unexpectedly, perhaps it is offline.');
		expect(noAnswer(error)).toEqual({ kind: 'dropped', code: 'ECONNRESET' });
	});

	it('says nothing it cannot tell', () => {
		expect(noAnswer(new Error('something else'))).toEqual({ kind: 'unreachable', code: '' });
	});
});

import type { INode } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';

import { messagingServerUrl } from '../../../credentials/MessagingApi.credentials';
import { messagingAnswerFailure, numbersNotOnWhatsApp, serverReason } from '../../../nodes/Messaging/errors';
import { apiError } from '../../../nodes/shared/errors';
import type { RequestOptions } from '../../../nodes/shared/contract';
import { inPath } from '../../../nodes/shared/fields';

const node = { id: 'n', name: 'Messaging', type: 'messaging', typeVersion: 1, position: [0, 0], parameters: {} } as INode;

describe('Evolution API error bodies', () => {
	it('reads the message of both envelopes, whatever its shape', () => {
		expect(serverReason({ status: 400, error: 'Bad Request', response: { message: ['Text is required'] } })).toBe('Text is required');
		expect(serverReason({ status: 401, error: 'Unauthorized', response: { message: 'Unauthorized' } })).toBe('Unauthorized');
		expect(serverReason({ status: 400, error: 'Bad Request', message: ['a', 'b'] })).toBe('a; b');
		expect(serverReason({ status: 400, error: 'Bad Request', response: { message: [{ message: 'inner' }, { code: 1 }] } })).toBe(
			'inner; {"code":1}',
		);
		expect(serverReason({ status: 400, error: 'Bad Request' })).toBe('Bad Request');
		// Schema failures nest the list (dataValidate), in both envelopes (whatsappNumbers since 2.3.0 has no `response`).
		expect(
			serverReason({ status: 400, error: 'Bad Request', response: { message: [['instance requires property "number"', 'values contains duplicate item']] } }),
		).toBe('instance requires property "number"; values contains duplicate item');
		expect(serverReason({ status: 400, error: 'Bad Request', message: [['numbers does not meet minimum length of 1']] })).toBe(
			'numbers does not meet minimum length of 1',
		);
		// Group validators list {property, message} objects.
		expect(
			serverReason({ status: 400, error: 'Bad Request', response: { message: [{ property: 'groupJid', message: 'groupJid does not match pattern "^[\\d-]+@g.us$"' }] } }),
		).toBe('groupJid does not match pattern "^[\\d-]+@g.us$"');
		expect(serverReason('  <h1>502\nBad Gateway</h1> ')).toBe('an HTML page saying "502 Bad Gateway"');
		expect(serverReason('plain\n text ')).toBe('plain text');
		expect(serverReason(null)).toBe('');
	});

	it('finds the numbers that are not on WhatsApp', () => {
		const body = { status: 400, error: 'Bad Request', response: { message: [{ jid: '51999999999@s.whatsapp.net', exists: false, number: '51999999999' }] } };
		expect(numbersNotOnWhatsApp(body)).toEqual(['51999999999']);
		expect(serverReason(body)).toBe('51999999999 is not on WhatsApp');
		expect(numbersNotOnWhatsApp({ response: { message: ['Text is required'] } })).toEqual([]);
	});

	it('names the item and keeps the status', () => {
		const context = { operation: 'sendText', routeKind: 'message', subject: '', about: { instance: 'sales' }, serverUrl: '' };
		const error = apiError(node, 4, messagingAnswerFailure(context, 418, { message: 'teapot' }));
		expect(error.message).toBe('The server answered instance "sales" (418: teapot) [item 4]');
		expect(error.httpCode).toBe('418');
		expect(error.context.itemIndex).toBe(4);
	});
});

describe('server URL and path', () => {
	it.each([
		['https://evo.example.com', 'https://evo.example.com'],
		[' https://evo.example.com/ ', 'https://evo.example.com'],
		['https://evo.example.com/manager', 'https://evo.example.com'],
		['https://evo.example.com/Manager/', 'https://evo.example.com'],
		['https://evo.example.com/manager/instance/sales/settings', 'https://evo.example.com'],
		['https://example.com/evolution/manager', 'https://example.com/evolution'],
		['https://example.com/evolution/', 'https://example.com/evolution'],
	])('makes %j the base URL %j', (raw, base) => {
		expect(messagingServerUrl.apply(raw)).toBe(base);
	});

	it('makes no address an empty base URL, not an error', () => {
		expect(messagingServerUrl.apply(undefined)).toBe('');
	});

	it('encodes the instance name into one path segment', () => {
		const request: RequestOptions = { url: '/message/sendText/{instanceName}' };
		inPath('instanceName')(request, 'Support Team/../x?y#z');
		expect(request.url).toBe('/message/sendText/Support%20Team%2F..%2Fx%3Fy%23z');
	});
});

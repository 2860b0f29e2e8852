// The fake's label, business, template, call and welcome routes, as Evolution 2.3.6 answers them:
// schema messages, the Meta envelope of the business and template routes, the Cloud API channel.
import { describe, expect, it } from 'vitest';

import { callFake } from './call';
import { useEvolutionFake } from '../../harness/evolutionFake';

const state = useEvolutionFake({
	instances: [
		{ name: 'sales', connectionStatus: 'open' },
		{ name: 'cloud', connectionStatus: 'open', integration: 'WHATSAPP-BUSINESS', businessId: '1234567890' },
	],
});

describe('the fake Evolution API, business routes', () => {
	it('answers GET / without a key', async () => {
		const answer = await callFake(state.fake, 'GET', '/', undefined, '');
		expect(answer.status).toBe(200);
		expect(Object.keys(answer.body)).toEqual(['status', 'message', 'version', 'clientName', 'manager', 'documentation', 'whatsappWebVersion']);
	});

	it("checks handleLabel's schema with jsonschema's messages, in the wrapped envelope", async () => {
		const answer = await callFake(state.fake, 'POST', '/label/handleLabel/sales', { number: '51987654321', action: 'tag' });
		expect(answer).toEqual({
			status: 400,
			body: {
				status: 400,
				error: 'Bad Request',
				response: { message: [['action is not one of enum values: add,remove', 'instance requires property "labelId"']] },
			},
		});
	});

	it('answers the business routes\' schema errors in the Meta envelope, with their context', async () => {
		const answer = await callFake(state.fake, 'POST', '/business/getCatalog/sales', { limit: '10' });
		expect(answer.status).toBe(400);
		expect(answer.body).toMatchObject({
			status: 400,
			error: 'Bad Request',
			message: [['limit is not of a type(s) number']],
			details: { whatsapp_code: 'UNKNOWN_ERROR', error_type: 'UNKNOWN', context: 'business_catalog', type: 'whatsapp_api_error' },
		});
		expect(typeof answer.body.timestamp).toBe('string');
	});

	it('reads the catalog five pages of `limit` at most, as the service does', async () => {
		const answer = await callFake(state.fake, 'POST', '/business/getCatalog/sales', { number: '51944444444', limit: 2 });
		expect(answer.body).toMatchObject({ wuid: '51944444444@s.whatsapp.net', numberExists: true, isBusiness: true, catalogLength: 10 });
	});

	it('answers template/create on a Cloud instance with the stored row (201), and its schema in the Meta envelope', async () => {
		const created = await callFake(state.fake, 'POST', '/template/create/cloud', { name: 'hola', category: 'UTILITY', language: 'es', components: [{ type: 'BODY', text: 'Hola' }] });
		expect(created.status).toBe(201);
		expect(Object.keys(created.body)).toEqual(['id', 'templateId', 'name', 'template', 'webhookUrl', 'createdAt', 'updatedAt', 'instanceId']);
		const invalid = await callFake(state.fake, 'POST', '/template/create/cloud', { name: 'hola', category: 'PROMO' });
		expect(invalid.body.message).toEqual([
			['category is not one of enum values: AUTHENTICATION,MARKETING,UTILITY', 'instance requires property "language"', 'instance requires property "components"'],
		]);
		expect(invalid.body.details.context).toBe('template_creation');
	});

	it("answers template/find on a Baileys instance with an empty 200, and call/offer with 2.3's fixed answer", async () => {
		const response = await fetch(`${state.fake.url}/template/find/sales`, { headers: { apikey: state.fake.apiKey } });
		expect([response.status, response.headers.get('content-type'), await response.text()]).toEqual([200, 'application/json; charset=utf-8', '']);
		const call = await callFake(state.fake, 'POST', '/call/offer/sales', { number: '51987654321', callDuration: 3 });
		expect(call).toEqual({ status: 201, body: { id: '123', jid: '51987654321@s.whatsapp.net', callDuration: 3 } });
		const schema = await callFake(state.fake, 'POST', '/call/offer/sales', { number: '51987654321', callDuration: 16 });
		expect(schema.body.response.message).toEqual([['callDuration must be less than or equal to 15']]);
	});
});

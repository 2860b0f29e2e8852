import { describe, expect, it } from 'vitest';

import { instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';

const APPROVED = {
	name: 'pedido_listo',
	parameter_format: 'POSITIONAL',
	components: [{ type: 'BODY', text: 'Hola {{1}}, su pedido está listo.' }],
	language: 'es',
	status: 'APPROVED',
	category: 'UTILITY',
	id: '1122334455667788',
};

const state = useEvolutionFake({
	instances: [
		{ name: 'sales', connectionStatus: 'open' },
		{ name: 'cloud', connectionStatus: 'open', integration: 'WHATSAPP-BUSINESS', businessId: '1234567890' },
		{ name: 'cloud2', connectionStatus: 'open', integration: 'WHATSAPP-BUSINESS', businessId: '1234567891' },
	],
	templates: { cloud: [APPROVED] },
});

const COMPONENTS = [{ type: 'BODY', text: 'Hola {{1}}, su factura {{2}} vence hoy.', example: { body_text: [['Ana', 'F001-123']] } }];

const template = (operation: string, parameters: Record<string, unknown> = {}) => ({
	resource: 'template',
	operation,
	instanceName: instance('cloud'),
	...parameters,
});
const create = (parameters: Record<string, unknown> = {}) =>
	template('create', {
		templateName: 'factura_vence',
		templateCategory: 'UTILITY',
		templateLanguage: 'es',
		templateComponents: JSON.stringify(COMPONENTS),
		...parameters,
	});
const run = (parameters: Record<string, unknown>, options: { continueOnFail?: boolean; items?: ReturnType<typeof itemsOf> } = {}) =>
	runMessaging(state.fake, { parameters, ...options });

describe('Template → Get Many', () => {
	it("outputs one item per template of a Cloud API instance's business", async () => {
		const { fake } = state;
		const result = await run(template('getMany'));
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([['GET', '/template/find/cloud', undefined]]);
		expect(result.items.map((item) => [item.json, item.pairedItem])).toEqual([[APPROVED, { item: 0 }]]);
	});

	it('says a Baileys instance has no templates (the server answers an empty 200)', async () => {
		const result = await run(template('getMany', { instanceName: instance('sales') }));
		expect(stopError(result).message).toBe('Instance "sales" has no template list: the server answered nothing (200: an empty answer) [item 0]');
		expect(stopError(result).description).toMatch(/WhatsApp Business Cloud API instances/);
	});
});

describe('Template → Create', () => {
	it('sends the DTO (name, category, language, components, options) and outputs the stored template', async () => {
		const { fake } = state;
		const result = await run(create({ options: { allowCategoryChange: true, webhookUrl: ' https://n8n.example.com/webhook/estado ' } }));
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			[
				'POST',
				'/template/create/cloud',
				{
					name: 'factura_vence',
					category: 'UTILITY',
					language: 'es',
					components: COMPONENTS,
					allowCategoryChange: true,
					webhookUrl: 'https://n8n.example.com/webhook/estado',
				},
			],
		]);
		const [item] = result.items;
		expect(item.pairedItem).toEqual({ item: 0 });
		expect(item.json).toMatchObject({ name: 'factura_vence', webhookUrl: 'https://n8n.example.com/webhook/estado', template: { status: 'PENDING', category: 'UTILITY' } });
		expect(fake.templates.get('cloud')?.map((t) => [t.name, t.status])).toEqual([
			['pedido_listo', 'APPROVED'],
			['factura_vence', 'PENDING'],
		]);
	});

	it('refuses a bad name, language or components with no request', async () => {
		const { fake } = state;
		const name = await run(create({ templateName: 'Factura Vence' }));
		expect(stopError(name).message).toBe('Template Name "Factura Vence" is not lowercase letters, digits and underscores. Nothing was sent. [item 0]');
		const language = await run(create({ templateLanguage: 'Spanish' }));
		expect(stopError(language).message).toBe('Language "Spanish" is not a language code such as es or en_US. Nothing was sent. [item 0]');
		const json = await run(create({ templateComponents: '[{"type": "BODY",' }));
		expect(stopError(json).message).toMatch(/^Components \(JSON\) .* is not valid JSON/);
		const noBody = await run(create({ templateComponents: '[{"type": "FOOTER", "text": "Gracias"}]' }));
		expect(stopError(noBody).message).toMatch(/has no BODY component\. Nothing was sent\. \[item 0\]$/);
		const url = await run(create({ options: { webhookUrl: 'n8n.example.com' } }));
		expect(stopError(url).message).toBe('Webhook URL "n8n.example.com" is not a web address. Nothing was sent. [item 0]');
		expect(fake.requests).toHaveLength(0);
	});

	it('says a Baileys instance needs a Cloud API instance (Meta refuses its token)', async () => {
		const result = await run(create({ instanceName: instance('sales') }));
		expect(stopError(result).message).toBe(
			'Meta refused the access token of instance "sales" (400: Invalid OAuth access token - Cannot parse access token) [item 0]',
		);
		expect(stopError(result).description).toMatch(/Templates belong to WhatsApp Business Cloud API instances/);
	});

	it("maps Meta's refusal and the server's unique name", async () => {
		const again = await run(create({ templateName: 'pedido_listo' }));
		expect(stopError(again).message).toMatch(
			/^Meta or the server rejected the request to instance "cloud" \(400: Message template already exists: There is already es content/,
		);
		await run(create());
		const elsewhere = await run(create({ instanceName: instance('cloud2') }));
		expect(stopError(elsewhere).message).toBe(
			'The server already stores a template named like this one (400: Unique constraint failed on the fields: (`name`)) [item 0]',
		);
	});

	it("maps 2.2's answer to any failure (500, before Meta's envelope came in 2.3.3)", async () => {
		const { fake } = state;
		fake.failNext(500, { status: 500, error: 'Internal Server Error', response: { message: 'Error to create template' } });
		const result = await run(create());
		expect(stopError(result).message).toBe('Meta refused the template, or the access token of instance "cloud" (500: Error to create template) [item 0]');
	});

	it('with Continue On Fail, a refused item keeps its pairedItem and the next is still sent', async () => {
		const { fake } = state;
		const result = await run(create({ templateName: '={{ $json.name }}' }), {
			continueOnFail: true,
			items: itemsOf({ name: 'Mal Nombre' }, { name: 'recordatorio_pago' }),
		});
		expect(result.items.map((item) => [item.json.error ?? item.json.name, item.pairedItem])).toEqual([
			['Template Name "Mal Nombre" is not lowercase letters, digits and underscores. Nothing was sent. [item 0]', { item: 0 }],
			['recordatorio_pago', { item: 1 }],
		]);
		expect(fake.requests).toHaveLength(1);
	});
});

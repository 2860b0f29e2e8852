// Template → Edit and Delete (Evolution 2.3.7's template/edit and template/delete): the exact
// requests, Meta's answers as items, input refused before any request, Meta's refusals, a server
// older than 2.3.7, Continue On Fail.
import { describe, expect, it } from 'vitest';

import { instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';

const template = (id: string, name: string, language: string, status = 'APPROVED') => ({
	name,
	components: [{ type: 'BODY', text: 'Hola {{1}}' }],
	language,
	status,
	category: 'UTILITY',
	id,
});

const state = useEvolutionFake({
	release: '2.3.7',
	instances: [
		{ name: 'sales', connectionStatus: 'open' },
		{ name: 'cloud', connectionStatus: 'open', integration: 'WHATSAPP-BUSINESS', businessId: '1234567890' },
	],
	templates: {
		cloud: [template('1122334455667788', 'pedido_listo', 'es'), template('1122334455667799', 'pedido_listo', 'en_US'), template('9988776655443322', 'aviso_pago', 'es', 'REJECTED')],
	},
});

const COMPONENTS = [{ type: 'BODY', text: 'Hola {{1}}, su pedido {{2}} ya salió.', example: { body_text: [['Ana', 'F001-123']] } }];

const run = (parameters: Record<string, unknown>, options: { continueOnFail?: boolean; items?: ReturnType<typeof itemsOf> } = {}) =>
	runMessaging(state.fake, { parameters: { resource: 'template', instanceName: instance('cloud'), ...parameters }, ...options });
const edit = (parameters: Record<string, unknown> = {}) =>
	run({ operation: 'edit', templateId: '1122334455667788', options: { components: JSON.stringify(COMPONENTS) }, ...parameters });
const remove = (parameters: Record<string, unknown> = {}, options: Parameters<typeof run>[1] = {}) =>
	run({ operation: 'delete', templateName: 'pedido_listo', ...parameters }, options);
const atMeta = () => state.fake.templates.get('cloud')?.map((t) => [t.id, t.name, t.language, t.status, t.category]);

describe('Template → Edit', () => {
	it("posts the template's ID with the new components and outputs Meta's answer", async () => {
		const { fake } = state;
		const result = await edit();
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', '/template/edit/cloud', { templateId: '1122334455667788', components: COMPONENTS }],
		]);
		expect(result.items.map((item) => [item.json, item.pairedItem])).toEqual([[{ success: true }, { item: 0 }]]);
		expect(atMeta()?.[0]).toEqual(['1122334455667788', 'pedido_listo', 'es', 'PENDING', 'UTILITY']);
	});

	it('sends the category with Allow Category Change, and no components when none are given', async () => {
		const { fake } = state;
		const result = await edit({ templateId: ' 9988776655443322 ', options: { category: 'MARKETING', allowCategoryChange: false } });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => r.body)).toEqual([{ templateId: '9988776655443322', category: 'MARKETING', allowCategoryChange: false }]);
		expect(atMeta()?.[2]).toEqual(['9988776655443322', 'aviso_pago', 'es', 'REJECTED', 'MARKETING']);
	});

	it('refuses a bad ID, nothing to change, a bad category or components, with no request', async () => {
		const { fake } = state;
		expect(stopError(await edit({ templateId: 'pedido_listo' })).message).toBe(
			'Template ID "pedido_listo" is not Meta\'s ID of a template (digits). Nothing was sent. [item 0]',
		);
		expect(stopError(await edit({ options: {} })).message).toBe('Options {} has nothing to change. Nothing was sent. [item 0]');
		expect(stopError(await edit({ options: { allowCategoryChange: true } })).description).toMatch(/Add Category or Components \(JSON\) under Options/);
		expect(stopError(await edit({ options: { category: 'PROMO' } })).message).toBe('Category "PROMO" is not Authentication, Marketing or Utility. Nothing was sent. [item 0]');
		expect(stopError(await edit({ options: { components: '[{"type": "FOOTER", "text": "Gracias"}]' } })).message).toMatch(
			/^Components \(JSON\) .* has no BODY component\. Nothing was sent\. \[item 0\]$/,
		);
		expect(fake.requests).toHaveLength(0);
	});

	it("says Meta has no template of that ID, and that a Baileys instance's token is refused", async () => {
		const unknown = await edit({ templateId: '5555' });
		expect(stopError(unknown).message).toMatch(/^Meta has no template 5555 that instance "cloud" may change \(400: Unsupported post request\. Object with ID '5555' does not exist/);
		const baileys = await edit({ instanceName: instance('sales') });
		expect(stopError(baileys).message).toBe('Meta refused the access token of instance "sales" (400: Invalid OAuth access token - Cannot parse access token) [item 0]');
	});

	it('says the route came with 2.3.7 when an older server answers 404', async () => {
		const { fake } = state;
		// 2.3.6 has no template/edit: the fake answers as Express does.
		fake.release = '2.3.6';
		const result = await edit();
		expect(stopError(result).message).toBe(
			'The server has no route for Template → Edit: it is older than Evolution API 2.3.7 (404: Cannot POST /template/edit/cloud) [item 0]',
		);
		expect(stopError(result).description).toBe('Template → Edit came with Evolution API 2.3.7. Update the server to 2.3.7 or later (GET / on the server names its version).');
	});
});

describe('Template → Delete', () => {
	it('deletes the name in every language, with a JSON body on DELETE, and outputs Meta\'s answer', async () => {
		const { fake } = state;
		const result = await remove();
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([['DELETE', '/template/delete/cloud', { name: 'pedido_listo' }]]);
		expect(result.items.map((item) => [item.json, item.pairedItem])).toEqual([[{ success: true }, { item: 0 }]]);
		expect(atMeta()?.map(([id]) => id)).toEqual(['9988776655443322']);
	});

	it('with Only Template ID, deletes that language only', async () => {
		const { fake } = state;
		const result = await remove({ options: { hsmId: '1122334455667799' } });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => r.body)).toEqual([{ name: 'pedido_listo', hsmId: '1122334455667799' }]);
		expect(atMeta()?.map(([id]) => id)).toEqual(['1122334455667788', '9988776655443322']);
	});

	it('refuses a bad name or ID with no request', async () => {
		const { fake } = state;
		expect(stopError(await remove({ templateName: 'Pedido Listo' })).message).toBe(
			'Template Name "Pedido Listo" is not lowercase letters, digits and underscores. Nothing was sent. [item 0]',
		);
		expect(stopError(await remove({ options: { hsmId: 'abc' } })).message).toBe('Only Template ID "abc" is not Meta\'s ID of a template (digits). Nothing was sent. [item 0]');
		expect(fake.requests).toHaveLength(0);
	});

	it("passes Meta's refusal of an unknown name on, and says when the server is older than 2.3.7", async () => {
		const { fake } = state;
		const unknown = await remove({ templateName: 'no_existe' });
		expect(stopError(unknown).message).toBe(
			'Meta or the server rejected the request to instance "cloud" (400: Message template not found: There is no message template named no_existe.) [item 0]',
		);
		fake.release = '2.3.6';
		expect(stopError(await remove()).message).toBe(
			'The server has no route for Template → Delete: it is older than Evolution API 2.3.7 (404: Cannot DELETE /template/delete/cloud) [item 0]',
		);
	});

	it('with Continue On Fail, a refused item keeps its pairedItem and the next is still sent', async () => {
		const { fake } = state;
		const result = await remove({ templateName: '={{ $json.name }}' }, { continueOnFail: true, items: itemsOf({ name: 'Mal Nombre' }, { name: 'aviso_pago' }) });
		expect(result.items.map((item) => [item.json.error ?? item.json.success, item.pairedItem])).toEqual([
			['Template Name "Mal Nombre" is not lowercase letters, digits and underscores. Nothing was sent. [item 0]', { item: 0 }],
			[true, { item: 1 }],
		]);
		expect(fake.requests).toHaveLength(1);
	});
});

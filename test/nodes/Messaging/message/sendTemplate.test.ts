import { describe, expect, it } from 'vitest';

import { instance, itemsOf, recipient, runMessaging, stopError, useEvolutionFake } from '../helpers';

const template = (name: string, status: string) => ({
	name,
	parameter_format: 'POSITIONAL',
	components: [{ type: 'BODY', text: 'Hola {{1}}, su pedido está listo.' }],
	language: 'es',
	status,
	category: 'UTILITY',
	id: `id-${name}`,
});

const state = useEvolutionFake({
	instances: [
		{ name: 'sales', connectionStatus: 'open' },
		{ name: 'cloud', connectionStatus: 'open', integration: 'WHATSAPP-BUSINESS', businessId: '1234567890' },
	],
	templates: { cloud: [template('pedido_listo', 'APPROVED'), template('oferta_nueva', 'PENDING')] },
});

const PARAMETERS = [{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }] }];

const sendTemplate = (parameters: Record<string, unknown> = {}) => ({
	resource: 'message',
	operation: 'sendTemplate',
	instanceName: instance('cloud'),
	number: recipient('+51 987 654 321'),
	templateName: 'pedido_listo',
	templateLanguage: 'es',
	templateParameters: JSON.stringify(PARAMETERS),
	...parameters,
});

describe('Send Template', () => {
	it('sends the name, the language and the parameters as components, and outputs the sent message', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: sendTemplate({ options: { quoted: '' } }) });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', '/message/sendTemplate/cloud', { number: '51987654321', name: 'pedido_listo', language: 'es', components: PARAMETERS }],
		]);
		expect(result.items.map((item) => [item.json.key, item.json.message, item.pairedItem])).toEqual([
			[{ fromMe: true, id: expect.stringMatching(/^wamid\./), remoteJid: '51987654321@s.whatsapp.net' }, { conversation: '▶️pedido_listo◀️' }, { item: 0 }],
		]);
	});

	it('refuses bad input before sending: a name Meta would refuse, a language code, parameters that are not components', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			continueOnFail: true,
			parameters: sendTemplate({ templateName: '={{ $json.name }}', templateLanguage: '={{ $json.language }}', templateParameters: '={{ $json.parameters }}' }),
			items: itemsOf(
				{ name: 'Pedido Listo', language: 'es', parameters: '[]' },
				{ name: 'pedido_listo', language: 'español', parameters: '[]' },
				{ name: 'pedido_listo', language: 'es', parameters: '{"type": "body"}' },
				{ name: 'pedido_listo', language: 'es', parameters: '[{"parameters": []}]' },
			),
		});
		expect(fake.requests).toEqual([]);
		expect(result.items.map((item) => [item.json.error, item.pairedItem])).toEqual([
			[expect.stringMatching(/^Template Name "Pedido Listo" is not lowercase letters.*\[item 0\]$/), { item: 0 }],
			[expect.stringMatching(/^Language "español" is not a language code.*\[item 1\]$/), { item: 1 }],
			[expect.stringMatching(/^Parameters \(JSON\) .* is not a list of components.*\[item 2\]$/), { item: 2 }],
			[expect.stringMatching(/^Parameters \(JSON\) .* has a component without a type.*\[item 3\]$/), { item: 3 }],
		]);
	});

	it("reads Meta's refusal, which the server passes on as a 201: a template not there, one not approved", async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			continueOnFail: true,
			parameters: sendTemplate({ templateName: '={{ $json.name }}' }),
			items: itemsOf({ name: 'no_existe' }, { name: 'oferta_nueva' }, { name: 'pedido_listo' }),
		});
		// Sends go one at a time, in item order.
		expect(fake.requests.map((r) => [r.path, r.body])).toEqual(
			['no_existe', 'oferta_nueva', 'pedido_listo'].map((name) => ['/message/sendTemplate/cloud', { number: '51987654321', name, language: 'es', components: PARAMETERS }]),
		);
		expect(result.items.map((item) => item.json.error ?? 'sent')).toEqual([
			expect.stringMatching(/^Meta refused the template message to \+51 987 654 321 \(sent as 51987654321\) \(201: \(#132001\) Template name does not exist in the translation, code 132001\) \[item 0\]$/),
			expect.stringMatching(/^Meta refused the template message to \+51 987 654 321 \(sent as 51987654321\) \(201: \(#132015\) Template is pending, code 132015\) \[item 1\]$/),
			'sent',
		]);
	});

	it('says a Baileys instance cannot send templates (its 500), and what to use', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: sendTemplate({ instanceName: instance('sales') }) });
		expect(fake.requests.map((r) => r.path)).toEqual(['/message/sendTemplate/sales']);
		expect(stopError(result).message).toBe('Instance "sales" cannot send templates (500: Method not available in the Baileys service) [item 0]');
		expect(stopError(result).description).toBe("Templates belong to WhatsApp Business Cloud API instances (integration WHATSAPP-BUSINESS, made with Meta's access token and business ID).");
	});
});

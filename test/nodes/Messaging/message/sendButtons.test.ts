import { describe, expect, it } from 'vitest';

import { instance, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake({
	instances: [
		{ name: 'sales', connectionStatus: 'open' },
		{ name: 'cloud', connectionStatus: 'open', integration: 'WHATSAPP-BUSINESS' },
	],
});

const sendButtons = (overrides: Record<string, unknown> = {}) => ({
	resource: 'message',
	operation: 'sendButtons',
	instanceName: instance('sales'),
	number: '51987654321',
	interactiveTitle: 'Su pedido 1042',
	interactiveFooter: 'Comercial Andina SAC',
	buttons: {
		button: [
			{ type: 'reply', displayText: 'Confirmar', id: 'ok' },
			{ type: 'reply', displayText: 'Cancelar' },
		],
	},
	...overrides,
});

describe('Send Buttons', () => {
	it('sends reply buttons (an ID defaults to the text) with the footer, and outputs the message', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: sendButtons({ interactiveDescription: 'Llega el lunes' }) });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			[
				'POST',
				'/message/sendButtons/sales',
				{
					number: '51987654321',
					title: 'Su pedido 1042',
					description: 'Llega el lunes',
					footer: 'Comercial Andina SAC',
					buttons: [
						{ type: 'reply', displayText: 'Confirmar', id: 'ok' },
						{ type: 'reply', displayText: 'Cancelar', id: 'Cancelar' },
					],
				},
			],
		]);
		const interactive = (result.items[0].json.message as { viewOnceMessage: { message: { interactiveMessage: Record<string, unknown> } } })
			.viewOnceMessage.message.interactiveMessage;
		expect(result.items[0]).toMatchObject({ json: { messageType: 'viewOnceMessage' }, pairedItem: { item: 0 } });
		expect(interactive).toMatchObject({
			body: { text: '*Su pedido 1042*\n\nLlega el lunes\n' },
			footer: { text: 'Comercial Andina SAC' },
			nativeFlowMessage: { buttons: [{ name: 'quick_reply', buttonParamsJson: '{"display_text":"Confirmar","id":"ok"}' }, expect.anything()] },
		});
	});

	it('sends URL, call and copy buttons with an image, each with its own key', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: sendButtons({
				interactiveFooter: '',
				buttons: {
					button: [
						{ type: 'url', displayText: 'Ver pedido', url: 'https://tienda.example.com/p/1042' },
						{ type: 'call', displayText: 'Llamar', phoneNumber: '+51 1 234 5678' },
						{ type: 'copy', displayText: 'Copiar cupón', copyCode: 'JUNIO10' },
					],
				},
				options: { imageUrl: 'https://tienda.example.com/banner.jpg', quotedMessageId: 'INCOMINGTEXT0001' },
			}),
		});
		expect(result.error).toBeUndefined();
		expect(fake.requests[0].body).toEqual({
			number: '51987654321',
			title: 'Su pedido 1042',
			buttons: [
				{ type: 'url', displayText: 'Ver pedido', url: 'https://tienda.example.com/p/1042' },
				{ type: 'call', displayText: 'Llamar', phoneNumber: '+5112345678' },
				{ type: 'copy', displayText: 'Copiar cupón', copyCode: 'JUNIO10' },
			],
			thumbnailUrl: 'https://tienda.example.com/banner.jpg',
			quoted: { key: { id: 'INCOMINGTEXT0001' } },
		});
	});

	it('refuses bad buttons before any request, naming the value and the fix', async () => {
		const { fake } = state;
		const refused = async (button: Array<Record<string, unknown>>, options: Record<string, unknown> = {}) =>
			stopError(await runMessaging(fake, { parameters: sendButtons({ buttons: { button }, options }) }));
		const reply = (displayText: string) => ({ type: 'reply', displayText });
		// The list's value is shown as n8n gives it (shortened when long): the rest is the node's words.
		const refusal = (words: string) => new RegExp(`^Buttons \\{.+ ${words.replace(/[.()"]/g, '\\$&')}\\. Nothing was sent\\. \\[item 0\\]$`);
		expect((await refused([])).message).toBe('Buttons {"button":[]} is empty: at least one button is required. Nothing was sent. [item 0]');
		expect((await refused([reply('A'), reply('B'), reply('C'), reply('D')])).message).toMatch(refusal('has 4 Reply buttons; at most 3 are allowed'));
		expect((await refused([reply('A'), { type: 'copy', displayText: 'B', copyCode: 'X' }])).message).toMatch(refusal('mixes Reply buttons with URL, Call or Copy buttons'));
		expect((await refused([reply('A'), reply('A')])).message).toMatch(refusal('has the button text "A" twice'));
		expect((await refused([{ type: 'url', displayText: 'Ver', url: 'tienda.example.com' }])).message).toMatch(refusal('has button 1 with the URL "tienda.example.com", which is not a URL'));
		const call = await refused([{ type: 'call', displayText: 'Llamar', phoneNumber: 'abc' }]);
		expect(call.message).toMatch(refusal('has button 1 with the phone number "abc"'));
		expect(call.description).toBe('Give the number the button calls, with its country code, e.g. +51 987 654 321.');
		expect((await refused([{ type: 'copy', displayText: 'Copiar' }])).message).toMatch(refusal('has button 1 with no code to copy'));
		expect((await refused([reply('A')], { imageUrl: 'banner.jpg' })).message).toBe('Image URL "banner.jpg" is not a URL. Nothing was sent. [item 0]');
		expect(fake.requests).toEqual([]);
	});

	it("keeps the server's refusals, Baileys' and the Cloud API channel's, with Continue On Fail", async () => {
		const { fake } = state;
		fake.failNext(400, { status: 400, error: 'Bad Request', response: { message: ['Reply buttons cannot be mixed with other button types'] } });
		const result = await runMessaging(fake, { continueOnFail: true, parameters: sendButtons() });
		expect(result.items).toEqual([
			expect.objectContaining({
				json: { error: 'The server rejected the request to instance "sales" (400: Reply buttons cannot be mixed with other button types) [item 0]' },
				pairedItem: { item: 0 },
			}),
		]);
		fake.requests.length = 0;
		// Distinct texts and IDs pass the Cloud channel's checks: the same request, to the instance's path.
		const cloud = await runMessaging(fake, { parameters: sendButtons({ instanceName: instance('cloud') }) });
		expect(cloud.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			[
				'POST',
				'/message/sendButtons/cloud',
				{
					number: '51987654321',
					title: 'Su pedido 1042',
					footer: 'Comercial Andina SAC',
					buttons: [
						{ type: 'reply', displayText: 'Confirmar', id: 'ok' },
						{ type: 'reply', displayText: 'Cancelar', id: 'Cancelar' },
					],
				},
			],
		]);
		expect(cloud.items.map((item) => [item.json.messageType, (item.json.key as { remoteJid: string }).remoteJid, item.pairedItem])).toEqual([
			['viewOnceMessage', '51987654321@s.whatsapp.net', { item: 0 }],
		]);
	});
});

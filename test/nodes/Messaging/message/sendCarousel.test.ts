// Message → Send Carousel (Evolution 2.4's message/sendCarousel): cards with an image, a text and
// buttons each, checked before sending.
import { describe, expect, it } from 'vitest';

import { instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake({ release: '2.4.0-rc2', unregistered: ['51999999999'] });

const polo = {
	imageUrl: 'https://example.com/polo.jpg',
	body: 'Polo algodón pima, S/ 59',
	footer: 'Envío gratis en Lima',
	buttons: { button: [{ type: 'reply', displayText: 'Lo quiero', id: 'polo' }, { type: 'url', displayText: 'Ver más', url: 'https://example.com/polo' }] },
};
const casaca = {
	imageUrl: 'https://example.com/casaca.jpg',
	body: 'Casaca impermeable, S/ 149',
	buttons: { button: [{ type: 'reply', displayText: 'Lo quiero', id: 'casaca' }, { type: 'call', displayText: 'Llamar', phoneNumber: '+51 987 654 321' }] },
};

const sendCarousel = (overrides: Record<string, unknown> = {}) => ({
	resource: 'message',
	operation: 'sendCarousel',
	instanceName: instance('sales'),
	number: '51987654321',
	text: 'Nuevos modelos de temporada',
	carouselCards: { card: [polo, casaca] },
	...overrides,
});

describe('Send Carousel', () => {
	it('sends the text and every card (image, text, footer, buttons checked) in one POST, and outputs the sent message', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: sendCarousel({ options: { delay: 1200 } }) });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			[
				'POST',
				'/message/sendCarousel/sales',
				{
					number: '51987654321',
					body: 'Nuevos modelos de temporada',
					cards: [
						{
							body: 'Polo algodón pima, S/ 59',
							footer: 'Envío gratis en Lima',
							imageUrl: 'https://example.com/polo.jpg',
							buttons: [
								{ type: 'reply', displayText: 'Lo quiero', id: 'polo' },
								{ type: 'url', displayText: 'Ver más', url: 'https://example.com/polo' },
							],
						},
						{
							body: 'Casaca impermeable, S/ 149',
							imageUrl: 'https://example.com/casaca.jpg',
							buttons: [
								{ type: 'reply', displayText: 'Lo quiero', id: 'casaca' },
								{ type: 'call', displayText: 'Llamar', phoneNumber: '+51987654321' },
							],
						},
					],
					delay: 1200,
				},
			],
		]);
		const [item] = result.items;
		expect(item.pairedItem).toEqual({ item: 0 });
		expect(item.json).toMatchObject({ key: { remoteJid: '51987654321@s.whatsapp.net', fromMe: true }, messageType: 'interactiveMessage' });
		const message = item.json.message as { interactiveMessage: { body: unknown; carouselMessage: { cards: Array<Record<string, unknown>>; messageVersion: number } } };
		expect(message.interactiveMessage.body).toEqual({ text: 'Nuevos modelos de temporada' });
		expect(message.interactiveMessage.carouselMessage.cards.map((card) => [card.body, (card.header as { hasMediaAttachment: boolean }).hasMediaAttachment])).toEqual([
			[{ text: 'Polo algodón pima, S/ 59' }, true],
			[{ text: 'Casaca impermeable, S/ 149' }, true],
		]);
		expect(fake.messages.get((item.json.key as { id: string }).id)).toMatchObject({ messageType: 'interactiveMessage' });
	});

	it('gives a Reply button with no ID its text; one card without an image goes as that card alone', async () => {
		const { fake } = state;
		const single = { body: 'Cupón de junio', buttons: { button: [{ type: 'copy', displayText: 'Copiar', copyCode: 'JUNIO10' }, { type: 'reply', displayText: 'Gracias' }] } };
		const result = await runMessaging(fake, { parameters: sendCarousel({ carouselCards: { card: [single] } }) });
		expect(result.error).toBeUndefined();
		expect((fake.requests[0].body as { cards: unknown }).cards).toEqual([
			{ body: 'Cupón de junio', buttons: [{ type: 'copy', displayText: 'Copiar', copyCode: 'JUNIO10' }, { type: 'reply', displayText: 'Gracias', id: 'Gracias' }] },
		]);
		const message = result.items[0].json.message as { interactiveMessage: { body: unknown; carouselMessage?: unknown; nativeFlowMessage: { buttons: Array<{ name: string }> } } };
		expect(message.interactiveMessage.body).toEqual({ text: 'Cupón de junio' });
		expect(message.interactiveMessage.carouselMessage).toBeUndefined();
		expect(message.interactiveMessage.nativeFlowMessage.buttons.map((button) => button.name)).toEqual(['cta_copy', 'quick_reply']);
	});

	it.each([
		[{ carouselCards: {} }, 'Cards {} is empty: a carousel needs at least one card. Nothing was sent. [item 0]'],
		[{ carouselCards: { card: Array.from({ length: 11 }, () => polo) } }, /^Cards .* has 11 cards; a carousel takes at most 10\. Nothing was sent\. \[item 0\]$/],
		[{ carouselCards: { card: [{ ...polo, body: '  ' }] } }, /^Cards .* has card 1 with no text\. Nothing was sent\. \[item 0\]$/],
		[{ carouselCards: { card: [polo, { ...casaca, buttons: {} }] } }, /^Cards .* has card 2 with no button\. Nothing was sent\. \[item 0\]$/],
		[
			{ carouselCards: { card: [{ ...polo, buttons: { button: [1, 2, 3, 4].map((n) => ({ type: 'reply', displayText: `Opción ${n}` })) } }] } },
			/^Cards .* has card 1 with 4 buttons; a card takes at most 3\. Nothing was sent\. \[item 0\]$/,
		],
		[{ carouselCards: { card: [{ ...polo, imageUrl: 'ftp://example.com/polo.jpg' }] } }, /^Cards .* has card 1 with the image URL "ftp:\/\/example\.com\/polo\.jpg", which uses ftp, not http or https\. Nothing was sent\. \[item 0\]$/],
		[{ carouselCards: { card: [polo, { ...casaca, buttons: { button: [{ type: 'call', displayText: 'Llamar', phoneNumber: 'abc' }] } }] } }, /^Cards .* has card 2's button 1 with the phone number "abc"\. Nothing was sent\. \[item 0\]$/],
		[{ carouselCards: { card: [polo, { ...casaca, buttons: { button: [{ type: 'reply', displayText: 'Otro', id: 'polo' }] } }] } }, /^Cards .* has the Reply button ID "polo" twice\. Nothing was sent\. \[item 0\]$/],
		[{ text: '={{ "  " }}' }, 'Text "  " is empty: WhatsApp does not send empty messages. Nothing was sent. [item 0]'],
	])('refuses %j before any request', async (overrides, message) => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: sendCarousel(overrides) });
		if (typeof message === 'string') expect(stopError(result).message).toBe(message);
		else expect(stopError(result).message).toMatch(message);
		expect(fake.requests).toEqual([]);
	});

	it('names a number not on WhatsApp, per item with Continue On Fail, and says the route came with 2.4.0 on an older server', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: sendCarousel({ number: '={{ $json.phone }}' }),
			items: itemsOf({ phone: '51999999999' }, { phone: '51987654321' }),
			continueOnFail: true,
		});
		expect(result.items.map((item) => [item.pairedItem, item.json.error ?? item.json.messageType])).toEqual([
			[{ item: 0 }, expect.stringMatching(/^51999999999 is not on WhatsApp \(400\) \[item 0\]$/)],
			[{ item: 1 }, 'interactiveMessage'],
		]);
		fake.reset();
		fake.release = '2.3.7';
		const old = stopError(await runMessaging(fake, { parameters: sendCarousel() }));
		expect(old.message).toBe('The server has no route for Message → Send Carousel: it is older than Evolution API 2.4.0 (404: Cannot POST /message/sendCarousel/sales) [item 0]');
	});
});

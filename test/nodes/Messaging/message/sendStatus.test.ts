import { describe, expect, it } from 'vitest';

import { instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake({ contacts: { '51987654321': 'Ana Torres' } });

const sendStatus = (overrides: Record<string, unknown> = {}) => ({
	resource: 'message',
	operation: 'sendStatus',
	instanceName: instance('sales'),
	statusType: 'text',
	content: '¡Nuevos horarios desde el lunes!',
	...overrides,
});

describe('Send Status', () => {
	it('posts a text status to all contacts with its colour and font, and outputs the status sent', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: sendStatus({ backgroundColor: '#25D366', font: 3 }) });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			[
				'POST',
				'/message/sendStatus/sales',
				{ type: 'text', content: '¡Nuevos horarios desde el lunes!', backgroundColor: '#25D366', font: 3, allContacts: true },
			],
		]);
		expect(result.items).toEqual([
			{
				json: expect.objectContaining({
					messageType: 'extendedTextMessage',
					key: expect.objectContaining({ remoteJid: 'status@broadcast', fromMe: true }),
					message: { extendedTextMessage: { text: '¡Nuevos horarios desde el lunes!', backgroundArgb: 0xff25d366, font: 3 } },
				}),
				pairedItem: { item: 0 },
			},
		]);
	});

	it('posts an image from a link with its caption to some numbers, as WhatsApp addresses', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: sendStatus({
				statusType: 'image',
				content: 'https://cdn.example.com/promo.jpg',
				statusAudience: 'numbers',
				statusNumbers: '+51 987 654 321; 51912345678',
				options: { caption: 'Promo de junio' },
			}),
		});
		expect(result.error).toBeUndefined();
		expect(fake.requests[0].body).toEqual({
			type: 'image',
			content: 'https://cdn.example.com/promo.jpg',
			caption: 'Promo de junio',
			statusJidList: ['51987654321@s.whatsapp.net', '51912345678@s.whatsapp.net'],
		});
		expect(result.items[0].json).toMatchObject({ messageType: 'imageMessage', message: { imageMessage: { caption: 'Promo de junio' } } });
	});

	it('refuses bad input before any request, naming the item, value and fix', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			continueOnFail: true,
			parameters: sendStatus({
				statusType: '={{ $json.type }}',
				content: '={{ $json.content }}',
				backgroundColor: '={{ $json.color }}',
				font: '={{ $json.font }}',
				statusAudience: '={{ $json.audience }}',
				statusNumbers: '={{ $json.numbers }}',
			}),
			items: itemsOf(
				{ type: 'text', content: '  ', color: '#128C7E', font: 1, audience: 'allContacts' },
				{ type: 'video', content: 'promo.mp4', color: '#128C7E', font: 1, audience: 'allContacts' },
				{ type: 'text', content: 'Hola', color: 'green', font: 1, audience: 'allContacts' },
				{ type: 'text', content: 'Hola', color: '#128C7E', font: 0, audience: 'allContacts' },
				{ type: 'text', content: 'Hola', color: '#128C7E', font: 1, audience: 'numbers', numbers: '' },
				{ type: 'text', content: 'Hola', color: '#128C7E', font: 1, audience: 'numbers', numbers: '120363025246125486@g.us' },
			),
		});
		expect(fake.requests).toEqual([]);
		expect(result.items.map((item) => [item.json.error, item.pairedItem])).toEqual([
			[expect.stringMatching(/^Content " {2}" is empty.*Nothing was sent\. \[item 0\]$/), { item: 0 }],
			[expect.stringMatching(/^Content "promo\.mp4" is not a URL.* \[item 1\]$/), { item: 1 }],
			[expect.stringMatching(/^Background Color "green" is not a colour.* \[item 2\]$/), { item: 2 }],
			[expect.stringMatching(/^Font 0 is not a font from 1 to 5.* \[item 3\]$/), { item: 3 }],
			[expect.stringMatching(/^Numbers "" is empty.* \[item 4\]$/), { item: 4 }],
			[expect.stringMatching(/^Numbers "120363025246125486@g\.us" is a group.* \[item 5\]$/), { item: 5 }],
		]);
		expect(stopError(await runMessaging(fake, { parameters: sendStatus({ font: 9 }) })).description).toBe('Give a whole number from 1 to 5.');
	});

	it("keeps the server's reasons: no contacts, and a closed connection", async () => {
		const { fake } = state;
		fake.contacts.clear();
		const result = await runMessaging(fake, {
			continueOnFail: true,
			parameters: sendStatus({ instanceName: '={{ $json.instance }}' }),
			items: itemsOf({ instance: 'sales' }),
		});
		expect(result.items[0].json.error).toBe('The server rejected the request to instance "sales" (400: Contacts not found) [item 0]');
		const closed = await runMessaging(fake, {
			parameters: sendStatus({ instanceName: instance('offline'), statusAudience: 'numbers', statusNumbers: '51987654321' }),
		});
		expect(stopError(closed).message).toBe(
			'The server or its WhatsApp connection failed on instance "offline" (500: Connection Closed) [item 0]',
		);
	});
});

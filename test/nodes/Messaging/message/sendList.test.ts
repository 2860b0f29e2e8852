import { describe, expect, it } from 'vitest';

import { askFake, instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake({
	instances: [
		{ name: 'sales', connectionStatus: 'open' },
		{ name: 'cloud', connectionStatus: 'open', integration: 'WHATSAPP-BUSINESS' },
	],
});

const rows = [
	{ section: 'Lima', title: 'Miraflores', description: 'Av. Larco 1150', rowId: 'mir' },
	{ section: 'Lima', title: 'San Isidro', rowId: '' },
	{ section: 'Arequipa', title: 'Cercado', description: 'Calle Mercaderes 212', rowId: 'aqp' },
];

const sendList = (overrides: Record<string, unknown> = {}) => ({
	resource: 'message',
	operation: 'sendList',
	instanceName: instance('sales'),
	number: '51987654321',
	interactiveTitle: 'Nuestras sedes',
	interactiveDescription: 'Elija la sede más cercana',
	listButtonText: 'Ver sedes',
	listRows: { row: rows },
	...overrides,
});

describe('Send List', () => {
	it('groups the rows into sections, sends an empty footer as "", and outputs the list message', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: sendList({ options: { delay: 500 } }) });
		expect(result.error).toBeUndefined();
		// A row without a description: the instance's channel is asked first (Baileys takes such rows).
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['GET', '/instance/fetchInstances?instanceName=sales', undefined],
			[
				'POST',
				'/message/sendList/sales',
				{
					number: '51987654321',
					title: 'Nuestras sedes',
					description: 'Elija la sede más cercana',
					buttonText: 'Ver sedes',
					footerText: '',
					sections: [
						{
							title: 'Lima',
							rows: [
								{ title: 'Miraflores', rowId: 'mir', description: 'Av. Larco 1150' },
								{ title: 'San Isidro', rowId: 'San Isidro' },
							],
						},
						{ title: 'Arequipa', rows: [{ title: 'Cercado', rowId: 'aqp', description: 'Calle Mercaderes 212' }] },
					],
					delay: 500,
				},
			],
		]);
		expect(result.items).toEqual([
			{
				json: expect.objectContaining({
					messageType: 'listMessage',
					message: { listMessage: expect.objectContaining({ buttonText: 'Ver sedes', listType: 2 }) },
				}),
				pairedItem: { item: 0 },
			},
		]);
	});

	it('refuses bad input before any request, naming the item, value and fix', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			continueOnFail: true,
			parameters: sendList({
				interactiveTitle: '={{ $json.title }}',
				listButtonText: '={{ $json.button }}',
				listRows: { row: [{ section: '={{ $json.section }}', title: 'A' }, { section: 'S', title: 'B', rowId: '={{ $json.id }}' }] },
			}),
			items: itemsOf(
				{ title: ' ', button: 'Ver', section: 'S', id: 'b' },
				{ title: 'T', button: '', section: 'S', id: 'b' },
				{ title: 'T', button: 'Ver', section: 'S', id: 'A' },
				{ title: 'T', button: 'Ver', section: '', id: 'b' },
			),
		});
		expect(fake.requests).toEqual([]);
		expect(result.items.map((item) => [item.json.error, item.pairedItem])).toEqual([
			[expect.stringMatching(/^Title " " is empty: the message needs a title\. Nothing was sent\. \[item 0\]$/), { item: 0 }],
			[expect.stringMatching(/^Button Text "" is empty.* \[item 1\]$/), { item: 1 }],
			[expect.stringMatching(/^Rows .* has the row ID "A" twice.* \[item 2\]$/), { item: 2 }],
			[expect.stringMatching(/^Rows .* has row 1 with no section.* \[item 3\]$/), { item: 3 }],
		]);
		const eleven = Array.from({ length: 11 }, (_, i) => ({ section: 'S', title: `Fila ${i + 1}` }));
		expect(stopError(await runMessaging(fake, { parameters: sendList({ listRows: { row: eleven } }) })).message).toMatch(
			/^Rows .* has 11 rows; WhatsApp shows at most 10\. Nothing was sent\. \[item 0\]$/,
		);
		expect(stopError(await runMessaging(fake, { parameters: sendList({ listRows: {} }) })).message).toMatch(/^Rows .* is empty: a list needs at least one row/);
		expect(fake.requests).toEqual([]);
	});

	it("refuses, before sending, the rows a Cloud API instance fails on (no description), naming them", async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { continueOnFail: true, parameters: sendList({ instanceName: instance('cloud') }) });
		expect(fake.requests.map((r) => [r.method, r.path])).toEqual([['GET', '/instance/fetchInstances?instanceName=cloud']]);
		expect(result.items.map((item) => [item.json, item.pairedItem])).toEqual([
			[
				{
					error: 'Rows has row 2 ("San Isidro") with no description, which instance "cloud" needs on every row: it is a WhatsApp Business Cloud API instance. Nothing was sent. [item 0]',
				},
				{ item: 0 },
			],
		]);
		const two = [{ section: 'Lima', title: 'Miraflores' }, { section: 'Lima', title: 'Barranco', description: 'Av. Grau 300' }, { section: 'Lima', title: 'San Isidro' }];
		const both = stopError(await runMessaging(fake, { parameters: sendList({ instanceName: instance('cloud'), listRows: { row: two } }) }));
		expect([both.message, both.description]).toEqual([
			'Rows has rows 1 ("Miraflores") and 3 ("San Isidro") with no description, which instance "cloud" needs on every row: it is a WhatsApp Business Cloud API instance. Nothing was sent. [item 0]',
			"Give every row a Description (Evolution's Cloud API channel reads each row's and fails on one without it), or send the list through a Baileys instance.",
		]);
		// Every row described: sent as it is, with no question about the channel.
		fake.requests.length = 0;
		const described = rows.map((row) => ({ ...row, description: row.description ?? 'Av. Javier Prado 500' }));
		expect((await runMessaging(fake, { parameters: sendList({ instanceName: instance('cloud'), listRows: { row: described } }) })).error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path])).toEqual([['POST', '/message/sendList/cloud']]);
	});

	it("the fake fails as Evolution's Cloud API channel does on a row with no description (500 reading 'substring')", async () => {
		const { fake } = state;
		const answer = await askFake(fake, 'POST', '/message/sendList/cloud', {
			number: '51987654321',
			title: 'Sedes',
			description: 'Elija',
			buttonText: 'Ver',
			footerText: '',
			sections: [{ title: 'Lima', rows: [{ title: 'San Isidro', rowId: 'sis' }] }],
		});
		expect(answer).toEqual({ status: 500, error: 'Internal Server Error', response: { message: "Cannot read properties of undefined (reading 'substring')" } });
	});

	it("keeps the Cloud API channel's refusal of repeated section titles", async () => {
		const { fake } = state;
		fake.failNext(400, { status: 400, error: 'Bad Request', response: { message: ['Section tiles cannot be repeated'] } });
		const repeated = await runMessaging(fake, { parameters: sendList({ instanceName: instance('cloud') }) });
		expect(stopError(repeated).message).toBe('The server rejected the request to instance "cloud" (400: Section tiles cannot be repeated) [item 0]');
	});

	it("keeps the server's schema message when it rejects the request", async () => {
		const { fake } = state;
		fake.failNext(400, { status: 400, error: 'Bad Request', response: { message: [['footerText is a required property']] } });
		const result = await runMessaging(fake, { parameters: sendList() });
		expect(stopError(result).message).toBe(
			'The server rejected the request to instance "sales" (400: footerText is a required property) [item 0]',
		);
	});
});

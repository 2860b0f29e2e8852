import { describe, expect, it } from 'vitest';

import { instance, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake();
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const sendSticker = (overrides: Record<string, unknown> = {}) => ({
	resource: 'message',
	operation: 'sendSticker',
	instanceName: instance('sales'),
	number: '+51 987 654 321',
	mediaSource: 'base64',
	mediaBase64: `data:image/png;base64,${PNG_BASE64}`,
	...overrides,
});

describe('Send Sticker', () => {
	it('sends the image as raw base64 with the quoted message, and outputs the sticker message', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: sendSticker({ options: { quotedMessageId: 'INCOMINGTEXT0001' } }) });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.path, r.body])).toEqual([
			['/message/sendSticker/sales', { number: '51987654321', sticker: PNG_BASE64, quoted: { key: { id: 'INCOMINGTEXT0001' } } }],
		]);
		expect(result.items[0].json).toMatchObject({ messageType: 'stickerMessage', key: { remoteJid: '51987654321@s.whatsapp.net' } });
	});

	it('refuses text that is not base64 before any request', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: sendSticker({ mediaBase64: 'not base64 at all!' }) });
		expect(stopError(result).message).toMatch(/^Media \(base64\) "not base64 at all!" .*Nothing was sent\. \[item 0\]$/);
		expect(fake.requests).toEqual([]);
	});

	it("keeps the server's reason when it rejects the request", async () => {
		const { fake } = state;
		fake.failNext(400, { status: 400, error: 'Bad Request', response: { message: [['sticker is not of a type(s) string']] } });
		const result = await runMessaging(fake, { parameters: sendSticker() });
		expect(stopError(result).message).toBe(
			'The server rejected the request to instance "sales" (400: sticker is not of a type(s) string) [item 0]',
		);
	});
});

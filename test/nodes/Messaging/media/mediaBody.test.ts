import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';

import { readAnswer, sendMediaAsBuffer } from '../../../../nodes/Messaging/media/mediaBody';
import { sendMedia } from '../../../../nodes/Messaging/resources/message/sendMedia';

const answer = JSON.stringify({
	key: { id: 'ABC' },
	message: { imageMessage: { caption: 'say \\"base64\\":\\"x' }, base64: 'QUJD'.repeat(5000) },
	messageType: 'imageMessage',
});

/** The answer cut into chunks of `size` bytes, as a socket may deliver it. */
const chunked = (text: string, size: number) => {
	const bytes = Buffer.from(text);
	const chunks: Buffer[] = [];
	for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
	return Readable.from(chunks);
};

describe('readAnswer', () => {
	it.each([1, 3, 7, 10, 11, 64, 100_000])('drops the echoed base64 whatever the chunk size (%i bytes)', async (size) => {
		const parsed = (await readAnswer(chunked(answer, size))) as { message: Record<string, unknown>; messageType: string };
		expect(parsed.message.base64).toBe('');
		expect(parsed.message.imageMessage).toEqual({ caption: 'say \\"base64\\":\\"x' });
		expect(parsed.messageType).toBe('imageMessage');
	});

	it('gives text that is not JSON as text, an empty answer as empty text, other values as they are', async () => {
		expect(await readAnswer(chunked('<html><title>Bad Gateway</title></html>', 5))).toBe('<html><title>Bad Gateway</title></html>');
		expect(await readAnswer(Readable.from([]))).toBe('');
		expect(await readAnswer({ a: 1 })).toEqual({ a: 1 });
		expect(await readAnswer(Buffer.from('x'))).toEqual(Buffer.from('x'));
	});
});

describe('sendMediaAsBuffer', () => {
	it('sends large media as one JSON buffer the server parses to the same body', () => {
		const media = 'A'.repeat(70_000);
		const request = { body: { number: '51987654321', mediatype: 'image', media, caption: 'Hola "tú"' }, headers: { accept: 'application/json' } };
		sendMediaAsBuffer(request);
		expect(Buffer.isBuffer(request.body)).toBe(true);
		expect(JSON.parse((request.body as unknown as Buffer).toString('utf8'))).toEqual({ number: '51987654321', mediatype: 'image', caption: 'Hola "tú"', media });
		expect(request.headers).toEqual({ accept: 'application/json', 'Content-Type': 'application/json' });
		// How the answer is read is the operation's fact (Send Media `answersWithFile`), not the body's.
		expect((request as { encoding?: string }).encoding).toBeUndefined();
	});

	it('leaves small media as a plain JSON body', () => {
		const request = { body: { media: 'https://files.example.com/a.png' } };
		sendMediaAsBuffer(request);
		expect(request.body).toEqual({ media: 'https://files.example.com/a.png' });
		expect((request as { encoding?: string }).encoding).toBeUndefined();
	});

	it('is the Send Media whose answer, which echoes the file, is read as a stream', () => {
		expect(sendMedia.adjustRequest).toBe(sendMediaAsBuffer);
		expect(sendMedia.answersWithFile).toBe(true);
	});
});

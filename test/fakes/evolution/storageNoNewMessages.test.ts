// The server's DATABASE_SAVE_DATA_NEW_MESSAGE off (the fake's `saveNewMessages`), as the source of
// 2.3.6, 2.3.7 and 2.4.0-rc2 has it (docs/evolution-api.md, "Media"): a message received or sent is
// not written to the database, so getBase64FromMediaMessage by its id, findMessages and the S3 rows
// do not find it and no file goes to the bucket; the delivery goes all the same, with the file in it
// when the webhook asks for Base64, and a received video even with S3 on and S3_SAVE_VIDEO off.
import { describe, expect, it } from 'vitest';

import { SEEDED_MESSAGES, SEEDED_PNG, type EvolutionFake } from '../../../fakes/evolution';
import { mediaMessageData } from '../../../fakes/evolution/events';
import { callFake } from './call';
import { useWebhookReceiver } from './webhookReceiver';
import { useEvolutionFake, withEvolutionFakes } from '../../harness/evolutionFake';

const state = useEvolutionFake({ s3: true });
const TO = '51987654321';
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2')]);
const MESSAGE_NOT_FOUND = { status: 400, body: { status: 400, error: 'Bad Request', response: { message: ['Message not found'] } } };

const receiver = useWebhookReceiver();

const listen = async (fake: EvolutionFake, events: string[], base64 = false) =>
	expect((await callFake(fake, 'POST', '/webhook/set/sales', { webhook: { enabled: true, url: receiver.url, events, base64 } })).status).toBe(201);

/** What the database gives of a message: getBase64FromMediaMessage by its id alone, its findMessages page, its Media rows. */
async function lookedUp(fake: EvolutionFake, id: string) {
	const file = await callFake(fake, 'POST', '/chat/getBase64FromMediaMessage/sales', { message: { key: { id } } });
	const found = await callFake(fake, 'POST', '/chat/findMessages/sales', { where: { key: { id } } });
	const rows = await callFake(fake, 'POST', '/s3/getMedia/sales', {});
	const rowIds = rows.status === 201 ? rows.body.map((row: { Message: { key: { id: string } } }) => row.Message.key.id) : [];
	return { file, found: found.body, hasRow: rowIds.includes(id) };
}

const image = (id: string) => mediaMessageData({ id, mediaType: 'image', mimetype: 'image/png' });

describe('Evolution fake: DATABASE_SAVE_DATA_NEW_MESSAGE off', () => {
	it('is on by default (as Evolution’s .env.example sets it), switchable until reset()', async () => {
		expect(state.fake.saveNewMessages).toBe(true);
		state.fake.saveNewMessages = false;
		state.fake.reset();
		expect(state.fake.saveNewMessages).toBe(true);
		await withEvolutionFakes([{}, { saveNewMessages: false }], async ([fresh, off]) => {
			expect(fresh.saveNewMessages).toBe(true);
			expect(off.saveNewMessages).toBe(false);
			off.saveNewMessages = true;
			off.reset();
			expect(off.saveNewMessages).toBe(false);
			// The seeds are the server's history (DATABASE_SAVE_DATA_HISTORIC): there all the same.
			expect((await callFake(off, 'POST', '/chat/getBase64FromMediaMessage/sales', { message: { key: { id: SEEDED_MESSAGES.image } } })).status).toBe(201);
		});
	});

	it('a received media message is not stored: getBase64FromMediaMessage by its id answers 400 "Message not found", findMessages has no row, S3 no Media row; its delivery goes without a link', async () => {
		const { fake } = state;
		fake.saveNewMessages = false;
		await listen(fake, ['MESSAGES_UPSERT']);
		const id = fake.storeMedia({ mediaType: 'image', bytes: SEEDED_PNG, mimetype: 'image/png' });
		expect(fake.messages.has(id)).toBe(false);
		expect(await lookedUp(fake, id)).toEqual({ file: MESSAGE_NOT_FOUND, found: { messages: { total: 0, pages: 0, currentPage: 1, records: [] } }, hasRow: false });
		const outcome = await fake.deliver('sales', 'messages.upsert', image(id));
		expect(outcome.statuses).toEqual([200]);
		expect(Object.keys((outcome.envelope.data as { message: object }).message)).toEqual(['imageMessage']);
	});

	it('with the webhook’s Base64 on, the delivery still carries the file (downloaded from WhatsApp, not the database)', async () => {
		const { fake } = state;
		fake.saveNewMessages = false;
		fake.s3 = false;
		await listen(fake, ['MESSAGES_UPSERT'], true);
		const id = fake.storeMedia({ mediaType: 'image', bytes: SEEDED_PNG, mimetype: 'image/png' });
		const outcome = await fake.deliver('sales', 'messages.upsert', image(id));
		expect(outcome.statuses).toEqual([200]);
		expect((outcome.envelope.data as { message: { base64?: string } }).message.base64).toBe(SEEDED_PNG.toString('base64'));
		expect(fake.messages.has(id)).toBe(false);
	});

	it('delivers a received video with S3 on and S3_SAVE_VIDEO off: the server returns before the webhook only inside the store block', async () => {
		const { fake } = state;
		fake.saveNewMessages = false;
		await listen(fake, ['MESSAGES_UPSERT']);
		const id = fake.storeMedia({ mediaType: 'video', bytes: MP4, mimetype: 'video/mp4' });
		const outcome = await fake.deliver('sales', 'messages.upsert', mediaMessageData({ id, mediaType: 'video', mimetype: 'video/mp4' }));
		expect([outcome.statuses, outcome.skipped]).toEqual([[200], undefined]);
	});

	it('a media message sent through the API is answered and announced (send.message) without a link, and not stored', async () => {
		const { fake } = state;
		fake.saveNewMessages = false;
		await listen(fake, ['SEND_MESSAGE']);
		const sent = await callFake(fake, 'POST', '/message/sendMedia/sales', { number: TO, mediatype: 'image', media: SEEDED_PNG.toString('base64') });
		expect([sent.status, Object.keys(sent.body.message)]).toEqual([201, ['imageMessage']]);
		await fake.pendingDeliveries();
		expect(fake.webhookAttempts.map((attempt) => [attempt.event, Object.keys((attempt.body.data as { message: object }).message)])).toEqual([['send.message', ['imageMessage']]]);
		const { id } = sent.body.key as { id: string };
		expect(fake.messages.has(id)).toBe(false);
		expect(await lookedUp(fake, id)).toEqual({ file: MESSAGE_NOT_FOUND, found: { messages: { total: 0, pages: 0, currentPage: 1, records: [] } }, hasRow: false });
	});

	it('turned on again, stores what comes next, as before', async () => {
		const { fake } = state;
		fake.saveNewMessages = false;
		const unsaved = fake.storeMedia({ mediaType: 'image', bytes: SEEDED_PNG, mimetype: 'image/png' });
		fake.saveNewMessages = true;
		const saved = fake.storeMedia({ mediaType: 'image', bytes: SEEDED_PNG, mimetype: 'image/png' });
		expect((await lookedUp(fake, unsaved)).file).toEqual(MESSAGE_NOT_FOUND);
		const found = await lookedUp(fake, saved);
		expect([found.file.status, found.file.body.base64, found.found.messages.total, found.hasRow]).toEqual([201, SEEDED_PNG.toString('base64'), 1, true]);
	});
});

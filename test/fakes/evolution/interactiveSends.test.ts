// The sends added for issue 26 (sendPtv, sendStatus, sendList, sendButtons) answer as
// docs/evolution-api.md says Evolution 2.3.6 does: schema messages, the services' refusals in
// their order, and the Cloud API channel's own refusals for lists and buttons.
import { describe, expect, it } from 'vitest';

import { callFake } from './call';
import { useEvolutionFake } from '../../harness/evolutionFake';

const TO = '51987654321';
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2')]).toString('base64');

const state = useEvolutionFake({
	contacts: { [TO]: 'Ana Torres' },
	instances: [
		{ name: 'sales', connectionStatus: 'open' },
		{ name: 'cloud', connectionStatus: 'open', integration: 'WHATSAPP-BUSINESS' },
	],
});

const call = (path: string, body: unknown) => callFake(state.fake, 'POST', path, body);

const bad = (message: unknown) => ({ status: 400, body: { status: 400, error: 'Bad Request', response: { message } } });
const failed = (message: string) => ({ status: 500, body: { status: 500, error: 'Internal Server Error', response: { message } } });

describe('Evolution API fake: sendPtv', () => {
	it('sends an MP4 as ptvMessage; a URL and an unreadable file fail on the video length', async () => {
		const sent = await call('/message/sendPtv/sales', { number: TO, video: MP4 });
		expect(sent).toMatchObject({ status: 201, body: { messageType: 'ptvMessage', message: { ptvMessage: { mimetype: 'video/mp4' } } } });
		expect(await call('/message/sendPtv/sales', { number: TO, video: 'https://x.example.com/a.mp4' })).toEqual(
			failed("Error: Failed to get video duration: ENOENT: no such file or directory, stat 'https://x.example.com/a.mp4'"),
		);
		expect(await call('/message/sendPtv/sales', { number: TO, video: 'AAAA' })).toEqual(failed('Error: Failed to get video duration: Invalid media duration'));
		expect(await call('/message/sendPtv/sales', { number: TO, video: 'not media' })).toEqual(bad(['Owned media must be a url or base64']));
		expect(await call('/message/sendPtv/sales', { number: 51987654321, video: MP4 })).toEqual(bad([['Invalid format']]));
	});
});

describe('Evolution API fake: sendStatus', () => {
	it("refuses in formatStatusMessage's order and sends to status@broadcast", async () => {
		expect(await call('/message/sendStatus/sales', { content: 'x' })).toEqual(bad([['instance requires property "type"']]));
		expect(await call('/message/sendStatus/sales', { type: 'text', allContacts: true })).toEqual(bad(['Content is required']));
		expect(await call('/message/sendStatus/sales', { type: 'text', content: 'x' })).toEqual(bad(['StatusJidList is required']));
		expect(await call('/message/sendStatus/sales', { type: 'text', content: 'x', allContacts: true })).toEqual(bad(['Background color is required']));
		expect(await call('/message/sendStatus/sales', { type: 'text', content: 'x', allContacts: true, backgroundColor: '#000000', font: 0 })).toEqual(
			bad(['Font is required']),
		);
		expect(await call('/message/sendStatus/sales', { type: 'image', content: 'AAAA', statusJidList: [`${TO}@s.whatsapp.net`] })).toEqual(
			failed("ENOENT: no such file or directory, open 'AAAA'"),
		);
		const sent = await call('/message/sendStatus/sales', { type: 'video', content: 'https://x.example.com/v.mp4', caption: 'Hola', allContacts: true });
		expect(sent).toMatchObject({ status: 201, body: { key: { remoteJid: 'status@broadcast' }, messageType: 'videoMessage', message: { videoMessage: { caption: 'Hola' } } } });
		state.fake.contacts.clear();
		expect(await call('/message/sendStatus/sales', { type: 'text', content: 'x', allContacts: true })).toEqual(bad(['Contacts not found']));
	});
});

describe('Evolution API fake: sendList and sendButtons', () => {
	const sections = [{ title: 'Lima', rows: [{ title: 'Miraflores', rowId: 'mir' }] }];

	it('checks the list schema, then answers the listMessage; the Cloud channel refuses repeated sections', async () => {
		expect(await call('/message/sendList/sales', { number: TO, title: 'T', buttonText: 'Ver', sections })).toEqual(
			bad([['instance requires property "footerText"']]),
		);
		const sent = await call('/message/sendList/sales', { number: TO, title: 'T', footerText: '', buttonText: 'Ver', sections });
		expect(sent).toMatchObject({ status: 201, body: { messageType: 'listMessage', message: { listMessage: { listType: 2, sections } } } });
		expect(await call('/message/sendList/cloud', { number: TO, title: 'T', footerText: '', buttonText: 'Ver', sections: [sections[0], { ...sections[0], rows: [{ title: 'B', rowId: 'b' }] }] })).toEqual(
			bad(['Section tiles cannot be repeated']),
		);
	});

	it("refuses Baileys' button mixes and Cloud's repeated texts; an empty ID passes the schema", async () => {
		const reply = (displayText: string) => ({ type: 'reply', displayText, id: displayText });
		expect(await call('/message/sendButtons/sales', { number: TO, title: 'T', buttons: [] })).toEqual(bad(['At least one button is required']));
		expect(await call('/message/sendButtons/sales', { number: TO, title: 'T', buttons: ['A', 'B', 'C', 'D'].map(reply) })).toEqual(
			bad(['Maximum of 3 reply buttons allowed']),
		);
		expect(await call('/message/sendButtons/sales', { number: TO, title: 'T', buttons: [reply('A'), { type: 'url', displayText: 'U', url: 'https://x.example.com' }] })).toEqual(
			bad(['Reply buttons cannot be mixed with other button types']),
		);
		expect(await call('/message/sendButtons/cloud', { number: TO, title: 'T', buttons: [reply('A'), reply('A')] })).toEqual(
			bad(['Button texts cannot be repeated', 'Button IDs cannot be repeated.']),
		);
		// isNotEmpty('id', 'url', 'phoneNumber') applies only when every key is one of those: never, with `type`.
		expect((await call('/message/sendButtons/sales', { number: TO, title: 'T', buttons: [{ type: 'reply', displayText: 'A', id: '' }] })).status).toBe(201);
	});
});

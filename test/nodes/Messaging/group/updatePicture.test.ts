import { describe, expect, it } from 'vitest';

import { SEEDED_PNG } from '../../../../fakes/evolution/seeds';
import { runMessaging, stopError, useEvolutionFake } from '../helpers';
import { groupLocator, groupParameters, query, requestsOf, SOPORTE, VENTAS } from './groupHelpers';

const state = useEvolutionFake();

const picture = (parameters: Record<string, unknown>) => groupParameters('updatePicture', { groupJid: groupLocator(SOPORTE), ...parameters });

describe('Group → Update Picture', () => {
	it('POSTs a URL as it is and a binary image as raw base64, as `image`', async () => {
		const { fake } = state;
		const url = await runMessaging(fake, { parameters: picture({ mediaSource: 'url', mediaUrl: 'https://example.com/logo.png' }) });
		expect(url.error).toBeUndefined();
		const binary = await runMessaging(fake, {
			parameters: picture({ mediaSource: 'binary', binaryPropertyName: 'data' }),
			items: [{ json: {}, binary: { data: { data: SEEDED_PNG.toString('base64'), mimeType: 'image/png', fileName: 'logo.png' } } }],
		});
		expect(binary.error).toBeUndefined();
		expect(requestsOf(fake)).toEqual([
			['POST', `/group/updateGroupPicture/sales?${query(SOPORTE)}`, { image: 'https://example.com/logo.png' }],
			['POST', `/group/updateGroupPicture/sales?${query(SOPORTE)}`, { image: SEEDED_PNG.toString('base64') }],
		]);
		expect(binary.items.map((item) => [item.json, item.pairedItem])).toEqual([[{ groupJid: SOPORTE, update: 'success' }, { item: 0 }]]);
		expect(fake.profilePictures.get('120363111111111111')).toMatch(/^https:\/\/pps\.whatsapp\.net\//);
	});

	it.each([
		[{ mediaSource: 'url', mediaUrl: 'http://localhost:8080/logo.png' }, 'Media URL "http://localhost:8080/logo.png" has a host without a domain ending (such as localhost): the server refuses it. Nothing was sent. [item 0]'],
		[{ mediaSource: 'base64', mediaBase64: 'data:application/pdf;base64,JVBERi0=' }, 'File "application/pdf" is not an image: a picture is a JPEG or PNG. Nothing was sent. [item 0]'],
	])('refuses %j before any request', async (parameters, message) => {
		const { fake } = state;
		expect(stopError(await runMessaging(fake, { parameters: picture(parameters) })).message).toBe(message);
		expect(fake.requests).toEqual([]);
	});

	it('says a member may not change the picture of a locked group; Continue On Fail keeps the item paired', async () => {
		const { fake } = state;
		fake.groups.get(VENTAS)!.restrict = true;
		const result = await runMessaging(fake, {
			parameters: picture({ groupJid: groupLocator(VENTAS), mediaSource: 'url', mediaUrl: 'https://example.com/logo.png' }),
			continueOnFail: true,
		});
		expect(result.items.map((item) => [item.json.error, item.pairedItem])).toEqual([
			[`The number of instance "sales" may not do this in group ${VENTAS}: it is not an admin (500: Error update group picture; Error: not-authorized) [item 0]`, { item: 0 }],
		]);
	});
});

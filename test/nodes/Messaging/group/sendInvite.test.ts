import { describe, expect, it } from 'vitest';

import { itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';
import { groupLocator, groupParameters, requestsOf, SOPORTE, SOPORTE_CODE, VENTAS } from './groupHelpers';

const state = useEvolutionFake({ unregistered: ['51911111111'] });

const invite = (parameters: Record<string, unknown>) =>
	groupParameters('sendInvite', { groupJid: groupLocator(SOPORTE), text: 'Únete al grupo de soporte', ...parameters });
const LINK = `https://chat.whatsapp.com/${SOPORTE_CODE}`;
const invitesSent = () => [...state.fake.messages.values()].filter((message) => message.text?.endsWith(LINK)).map((message) => [message.key.remoteJid, message.text]);

describe('Group → Send Invite', () => {
	it('POSTs the group, the numbers and the text in the body, and outputs the link sent and to whom', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: invite({ participants: '+51 987 654 321\n51912345678' }) });
		expect(result.error).toBeUndefined();
		expect(requestsOf(fake)).toEqual([
			['POST', '/group/sendInvite/sales', { groupJid: SOPORTE, numbers: ['51987654321', '51912345678'], description: 'Únete al grupo de soporte' }],
		]);
		expect(result.items.map((item) => [item.json, item.pairedItem])).toEqual([
			[{ groupJid: SOPORTE, send: true, inviteUrl: LINK, numbers: ['+51 987 654 321', '51912345678'] }, { item: 0 }],
		]);
		expect(invitesSent()).toEqual([
			['51987654321@s.whatsapp.net', `Únete al grupo de soporte\n\n${LINK}`],
			['51912345678@s.whatsapp.net', `Únete al grupo de soporte\n\n${LINK}`],
		]);
	});

	it('sends one invite request for the numbers of every input item with All Items Together', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: invite({ participantsFrom: 'allItems', participants: '={{ $json.phone }}' }),
			items: itemsOf({ phone: '51987654321' }, { phone: '51912345678' }),
		});
		expect(result.error).toBeUndefined();
		expect(requestsOf(fake)).toEqual([
			['POST', '/group/sendInvite/sales', { groupJid: SOPORTE, numbers: ['51987654321', '51912345678'], description: 'Únete al grupo de soporte' }],
		]);
		expect(result.items).toEqual([
			{ json: { groupJid: SOPORTE, send: true, inviteUrl: LINK, numbers: ['51987654321', '51912345678'] }, pairedItem: [{ item: 0 }, { item: 1 }] },
		]);
	});

	it('refuses an empty text before any request', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: invite({ participants: '51987654321', text: '={{ "" }}' }) });
		expect(stopError(result).message).toBe('Text "" is empty: WhatsApp does not send empty messages. Nothing was sent. [item 0]');
		expect(fake.requests).toEqual([]);
	});

	it('says the invite did not reach every number (the server gives no reason); Continue On Fail keeps each item paired', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: invite({ groupJid: groupLocator('={{ $json.group }}', 'id'), participants: '={{ $json.phones }}' }),
			items: itemsOf({ group: VENTAS, phones: '51987654321' }, { group: SOPORTE, phones: '51987654321, 51911111111' }, { group: SOPORTE, phones: '51912345678' }),
			continueOnFail: true,
		});
		expect(result.items.map((item) => [item.pairedItem, item.json.error ?? item.json.send])).toEqual([
			[{ item: 0 }, `The invite to group ${VENTAS} was not sent to every number (404: No send invite) [item 0]`],
			[{ item: 1 }, `The invite to group ${SOPORTE} was not sent to every number (404: No send invite) [item 1]`],
			[{ item: 2 }, true],
		]);
		// The number before the one not on WhatsApp got it.
		expect(invitesSent().map(([jid]) => jid).sort()).toEqual(['51912345678@s.whatsapp.net', '51987654321@s.whatsapp.net']);
	});
});

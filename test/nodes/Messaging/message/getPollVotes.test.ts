// Message → Get Poll Votes (Evolution 2.4's chat/getPollVote): a poll's votes as the server counts
// them from the votes it stored, the poll given by its key (by default the input item's: Send Poll's output).
import { describe, expect, it } from 'vitest';

import { instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake({ release: '2.4.0-rc2' });

const getVotes = (overrides: Record<string, unknown> = {}) => ({ resource: 'message', operation: 'getPollVotes', instanceName: instance('sales'), ...overrides });

/** Sends a poll through the node and returns Send Poll's output item. */
async function sentPoll() {
	const { fake } = state;
	const sent = await runMessaging(fake, {
		parameters: { resource: 'message', operation: 'sendPoll', instanceName: instance('sales'), number: '51987654321', question: '¿Qué día entregamos?', pollOptions: 'Lunes\nMartes\nMiércoles' },
	});
	expect(sent.error).toBeUndefined();
	fake.requests.length = 0;
	return sent.items[0].json as { key: { remoteJid: string; fromMe: boolean; id: string } };
}

describe('Message → Get Poll Votes', () => {
	it("POSTs the input item's poll key as message.key.id and remoteJid, and outputs the poll's count with its key", async () => {
		const { fake } = state;
		const sent = await sentPoll();
		fake.storePollVote({ pollId: sent.key.id, pollChat: sent.key.remoteJid, voter: '51987654321@s.whatsapp.net', selected: ['Martes'], messageTimestamp: 1_760_000_000 });
		const result = await runMessaging(fake, { parameters: getVotes(), items: [{ json: sent }] });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', '/chat/getPollVote/sales', { message: { key: { id: sent.key.id } }, remoteJid: '51987654321@s.whatsapp.net' }],
		]);
		// 2.4.0-rc2 names the instance's own number as the voter of every stored vote.
		expect(result.items).toEqual([
			{
				json: {
					messageId: sent.key.id,
					remoteJid: '51987654321@s.whatsapp.net',
					name: '¿Qué día entregamos?',
					totalVotes: 1,
					results: { Lunes: { votes: 0, voters: [] }, Martes: { votes: 1, voters: ['51900000001@s.whatsapp.net'] }, Miércoles: { votes: 0, voters: [] } },
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	it('counts only the latest vote on 2.4.0-rc2 (every vote read as the instance\'s), and takes the poll by Chat and ID too', async () => {
		const { fake } = state;
		const sent = await sentPoll();
		fake.storePollVote({ pollId: sent.key.id, pollChat: sent.key.remoteJid, voter: '51987654321@s.whatsapp.net', selected: ['Lunes'], messageTimestamp: 1_760_000_002 });
		fake.storePollVote({ pollId: sent.key.id, pollChat: sent.key.remoteJid, voter: '51912345678@s.whatsapp.net', selected: ['Martes'], messageTimestamp: 1_760_000_001 });
		fake.storePollVote({ pollId: 'OTHERPOLL01', pollChat: sent.key.remoteJid, voter: '51912345678@s.whatsapp.net', selected: ['Martes'], messageTimestamp: 1_760_000_009 });
		const result = await runMessaging(fake, { parameters: getVotes({ messageBy: 'fields', chat: '+51 987 654 321', messageId: sent.key.id, fromMe: true }) });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => r.body)).toEqual([{ message: { key: { id: sent.key.id } }, remoteJid: '51987654321@s.whatsapp.net' }]);
		expect(result.items[0].json).toMatchObject({ totalVotes: 1, results: { Lunes: { votes: 1 }, Martes: { votes: 0 } } });
	});

	it('refuses a bad key before any request', async () => {
		const { fake } = state;
		expect(stopError(await runMessaging(fake, { parameters: getVotes(), items: itemsOf({ text: 'no key' }) })).message).toBe(
			'Message is missing: the input item has no message key (key). Nothing was sent. [item 0]',
		);
		const badId = await runMessaging(fake, { parameters: getVotes({ messageBy: 'fields', chat: '51987654321', messageId: 'no id!' }) });
		expect(stopError(badId).message).toMatch(/^Message .* has the message ID "no id!", which is not a message ID .*\[item 0\]$/);
		expect(fake.requests).toEqual([]);
	});

	it("says the instance has no such poll stored (the server's 500 [object Object]), per item with Continue On Fail", async () => {
		const { fake } = state;
		const sent = await sentPoll();
		const result = await runMessaging(fake, {
			parameters: getVotes({ messageBy: 'fields', chat: '51987654321', messageId: '={{ $json.id }}' }),
			items: itemsOf({ id: 'NOSUCHPOLL01' }, { id: sent.key.id }),
			continueOnFail: true,
		});
		expect(result.items.map((item) => [item.pairedItem, item.json.error ?? item.json.totalVotes])).toEqual([
			[{ item: 0 }, 'Instance "sales" has no stored poll with ID NOSUCHPOLL01 (500: Error decrypting poll votes; [object Object]) [item 0]'],
			[{ item: 1 }, 0],
		]);
	});

	it('says the route came with 2.4.0 when the server is older', async () => {
		const { fake } = state;
		fake.release = '2.3.7';
		const old = stopError(await runMessaging(fake, { parameters: getVotes({ messageBy: 'fields', chat: '51987654321', messageId: 'ABCDEF123456' }) }));
		expect(old.message).toBe('The server has no route for Message → Get Poll Votes: it is older than Evolution API 2.4.0 (404: Cannot POST /chat/getPollVote/sales) [item 0]');
	});
});

// POST /chat/getPollVote (2.4): a poll's votes counted from the instance's stored messages, as
// 2.4.0-rc2's baileysDecryptPollVote does. 2.4 stores a vote (pollUpdateMessage) already decrypted
// when it arrives (its `vote.selectedOptions` the option names), and this route reads such a vote as
// cast by the first of its voter candidates, the instance's own JID (`instance.wuid`): every vote
// counts as the instance's, so only the latest one is counted. The fake stores votes so
// (storePollVote) and counts them as the server does.
import { schemaFailure, wrapped } from './answers.ts';
import type { JsonSchema } from './schema.ts';
import type { CannedAnswer, FakeInstance, FakeState } from './types.ts';

/** message.schema.ts decryptPollVoteSchema (2.4). */
const POLL_VOTE_SCHEMA: JsonSchema = {
	type: 'object',
	properties: {
		message: {
			type: 'object',
			properties: { key: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } },
			required: ['key'],
		},
		remoteJid: { type: 'string' },
	},
	required: ['message', 'remoteJid'],
};

/** Baileys' jidNormalizedUser: the JID without its device; what is not a JID becomes ''. */
const normalised = (jid: string) => (jid.includes('@') ? jid.replace(/:\d+@/, '@').replace('@c.us', '@s.whatsapp.net') : '');

/**
 * 200 `{poll: {name, totalVotes, results: {<option>: {votes, voters}}}}`: the poll found by its ID
 * alone (getMessage), its votes by the poll's ID and normalised chat; each voter's latest vote that
 * picks something counts (a withdrawn vote, with none picked, is skipped, so the one before it
 * stays), the voter being the instance itself whenever it has a number (above).
 * No poll of that ID stored, or not a poll: the service's own NotFoundException, which its catch
 * turns into text: 500 `["Error decrypting poll votes", "[object Object]"]`. No WhatsApp call.
 */
export function getPollVote(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, POLL_VOTE_SCHEMA);
	if (invalid) return invalid;
	const pollId = (body.message as { key: { id: string } }).key.id;
	const remoteJid = body.remoteJid as string;
	const poll = [...state.fake.messages.values()].find((stored) => stored.instance === instance.name && stored.key.id === pollId);
	if (!poll?.poll || poll.poll.options.length === 0) return wrapped(500, 'Internal Server Error', ['Error decrypting poll votes', '[object Object]']);
	const latest = new Map<string, { timestamp: number; selected: string[] }>();
	for (const stored of state.fake.messages.values()) {
		const vote = stored.pollVote;
		if (stored.instance !== instance.name || !vote || vote.pollId !== pollId || normalised(vote.pollChat) !== normalised(remoteJid)) continue;
		const selected = vote.selected.filter((option) => poll.poll!.options.includes(option));
		if (selected.length === 0) continue;
		// The voter candidates in the service's order: the instance's wuid, then the key's participant and remoteJid.
		const voter = normalised(instance.ownerJid ?? stored.key.participant ?? stored.key.remoteJid);
		const timestamp = stored.messageTimestamp ?? 0;
		const before = latest.get(voter);
		if (!before || timestamp > before.timestamp) latest.set(voter, { timestamp, selected });
	}
	const results: Record<string, { votes: number; voters: string[] }> = {};
	for (const option of poll.poll.options) results[option] = { votes: 0, voters: [] };
	for (const [voter, { selected }] of latest) {
		for (const option of selected) {
			results[option].votes++;
			if (!results[option].voters.includes(voter)) results[option].voters.push(voter);
		}
	}
	return { status: 200, body: { poll: { name: poll.poll.name || 'Enquete sem nome', totalVotes: latest.size, results } } };
}

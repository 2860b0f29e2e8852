import type { IDataObject } from 'n8n-workflow';

import { operation, type Field } from '../../../shared/contract';
import { intoBody } from '../../../shared/fields';
import { instance } from '../../fields';
import { messageKey } from '../../messageKey';
import type { MessageKey } from '../../validation/messageKeys';

/** The poll's key, as Edit and Delete for Everyone take a message's, sent as decryptPollVoteSchema names it: `message.key.id` and `remoteJid`. */
const poll: Field<'key', MessageKey> = {
	...messageKey,
	to: (request, key) => intoBody(request, { message: { key: { id: key.id } }, remoteJid: key.remoteJid }),
};

export const getPollVotes = operation({
	name: 'Get Poll Votes',
	value: 'getPollVotes',
	action: 'Get poll votes',
	description: 'Count the votes of a poll from the stored votes (Evolution 2.4+)',
	notice:
		'Evolution 2.4.0-rc2 counts only the latest vote and names the instance itself as its voter (it reads the votes it stored as cast by its own number). The counts are right only for a poll with one vote.',
	request: { method: 'POST', path: '/chat/getPollVote/{instanceName}' },
	fields: [instance, poll],
	subject: ({ key }) => `poll ${key.id}`,
	toItems: (answer, { key }) => [{ messageId: key.id, remoteJid: key.remoteJid, ...((answer as { poll?: IDataObject }).poll ?? {}) }],
});

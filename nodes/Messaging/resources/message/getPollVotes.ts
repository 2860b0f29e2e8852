import type { IDataObject } from 'n8n-workflow';

import { operation, type Field } from '../../../shared/contract';
import { detail } from '../../../shared/errors';
import { instanceOf, serverReason } from '../../errors';
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
	since: '2.4.0',
	fields: [instance, poll],
	subject: ({ key }) => `poll ${key.id}`,
	// 2.4's chat/getPollVote catches every error, its own NotFoundExceptions included, and answers
	// their text, which for those reads "[object Object]": no stored poll of that ID, no options in
	// it, or no key to decrypt its votes.
	answers({ statusCode, body }, context) {
		if (statusCode !== 500) return undefined;
		const reason = serverReason(body);
		if (!/^Error decrypting poll votes; \[object Object\]$/.test(reason)) return undefined;
		return {
			message: `${instanceOf(context)} has no stored poll with ID ${context.about.messageId ?? ''} ${detail(String(statusCode), reason)}`,
			description:
				"Evolution API finds the poll in its database by its ID: give the key of a poll this instance sent or received (Send Poll's output key), on a server that stores messages (DATABASE_SAVE_DATA_NEW_MESSAGE=true).",
			httpCode: String(statusCode),
		};
	},
	toItems: (answer, { key }) => [{ messageId: key.id, remoteJid: key.remoteJid, ...((answer as { poll?: IDataObject }).poll ?? {}) }],
});

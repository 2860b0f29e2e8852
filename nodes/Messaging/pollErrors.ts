// What Get Poll Votes' refusals mean (Evolution 2.4's chat/getPollVote): its service catches every
// error, its own NotFoundExceptions included, and answers their text, which for those reads
// "[object Object]": no stored poll of that ID, no options in it, or no key to decrypt its votes.
import { detail, type Failure } from '../shared/errors';
import type { RequestContext } from '../shared/contract';

/** The failure of Get Poll Votes' answer, or undefined to let the general table say it. */
export function pollVotesFailure(context: RequestContext, statusCode: number, reason: string, instance: string): Failure | undefined {
	if (context.operation !== 'getPollVotes' || statusCode !== 500 || !/^Error decrypting poll votes; \[object Object\]$/.test(reason)) return undefined;
	return {
		message: `${instance} has no stored poll with ID ${context.about.messageId ?? ''} ${detail(String(statusCode), reason)}`,
		description:
			"Evolution API finds the poll in its database by its ID: give the key of a poll this instance sent or received (Send Poll's output key), on a server that stores messages (DATABASE_SAVE_DATA_NEW_MESSAGE=true).",
		httpCode: String(statusCode),
	};
}

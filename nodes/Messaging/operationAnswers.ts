// The answers only some operations get, each kept beside its operation: errors.ts asks here before
// its general table, so a new operation's own answers add no branch there.
import type { RequestContext } from '../shared/contract';
import type { Failure } from '../shared/errors';
import { pollVotesFailure } from './pollErrors';
import { storageFailure } from './resources/storage/storageAnswers';

/** The failure an operation's own answer means, or undefined for the general table. */
export const operationAnswerFailure = (context: RequestContext, statusCode: number, reason: string, instance: string): Failure | undefined =>
	pollVotesFailure(context, statusCode, reason, instance) ?? storageFailure(context, statusCode, reason, instance);

// What the S3 routes' answers mean. The server writes a Media row only when it puts the file in its
// bucket, which it does only with S3_ENABLED=true in its .env: without S3 there are no rows, and
// both routes answer 400 "Media not found" (S3Service.getMedia), the same as for a filter that
// matches nothing. A row written while S3 was on is still found after it is turned off, but the
// link is then left out of the answer (getObjectUrl returns nothing without a MinIO client).
import type { Answer, RequestContext } from '../../../shared/contract';
import { detail, type Failure } from '../../../shared/errors';
import { instanceOf, serverReason } from '../../errors';

/** The server's settings that store media in S3, for the errors' advice. */
export const S3_SETTINGS = 'S3_ENABLED=true (with S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY)';

const STORES_ONLY_WITH_S3 = `The server keeps media in S3 only with ${S3_SETTINGS} in its .env, and only for media received or sent after that.`;

/** Nothing stored matches: the server has S3 off, or the filters match no row; `why` in brackets (the server's answer, or what was found). */
export function noMediaFailure(instance: string, subject: string, why: string, httpCode?: string): Failure {
	return {
		message: `${instance} has no ${subject} stored in S3 ${why}`,
		description: `${STORES_ONLY_WITH_S3} Check the filters (Get Media without any lists what is stored), or download a message's file with Chat → Download Media.`,
		...(httpCode ? { httpCode } : {}),
	};
}

/** Get Media URL's 200 without `mediaUrl`: the row is stored, but the server has S3 turned off now. */
export function noLinkFailure(instance: string, mediaId: string, httpCode: string): Failure {
	return {
		message: `the server has S3 storage turned off: it found media ${mediaId} of ${instance} but made no link (${httpCode})`,
		description: `The file was stored in S3 while it was on. Set ${S3_SETTINGS} in the server's .env and restart it, or download the message's file with Chat → Download Media.`,
		httpCode,
	};
}

/** The storage operations' own answers (`answers`): the failure of an S3 route's answer, or undefined for errors.ts's table. */
export function storageAnswers({ statusCode, body }: Answer, context: RequestContext): Failure | undefined {
	if (statusCode !== 400) return undefined;
	const reason = serverReason(body);
	if (!/^Media not found$/.test(reason)) return undefined;
	return noMediaFailure(instanceOf(context), context.subject, detail(String(statusCode), reason), String(statusCode));
}

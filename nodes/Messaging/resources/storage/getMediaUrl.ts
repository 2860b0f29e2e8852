import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { apiError } from '../../../shared/errors';
import { checkedField, inBody } from '../../../shared/fields';
import { instance } from '../../fields';
import { noLinkFailure, storageAnswers } from './storageAnswers';
import { checkMediaId, instanceIdOf, mediaItem } from './storageFields';

const mediaId = checkedField(
	{
		displayName: 'Media ID',
		name: 'mediaId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. cm4x8k2p10001abcd1234efgh',
		description: "The stored media's ID, as Get Media gives it",
	},
	checkMediaId,
	inBody('id'),
);

/**
 * When the link stops working, from the link itself: a presigned URL carries when it was signed
 * (`X-Amz-Date`, `20261128T225500Z`) and for how long (`X-Amz-Expires`, seconds).
 */
export function linkExpiry(link: string): { expiresAt: string | null; expiresInSeconds: number | null } {
	try {
		const query = new URL(link).searchParams;
		const seconds = Number(query.get('X-Amz-Expires'));
		const signed = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(query.get('X-Amz-Date') ?? '');
		if (!Number.isInteger(seconds) || seconds <= 0) return { expiresAt: null, expiresInSeconds: null };
		const signedAt = signed ? Date.UTC(+signed[1], +signed[2] - 1, +signed[3], +signed[4], +signed[5], +signed[6]) : NaN;
		return { expiresAt: Number.isNaN(signedAt) ? null : new Date(signedAt + seconds * 1000).toISOString(), expiresInSeconds: seconds };
	} catch {
		return { expiresAt: null, expiresInSeconds: null };
	}
}

export const getMediaUrl = operation({
	name: 'Get Media URL',
	value: 'getMediaUrl',
	action: 'Get link to media stored in S3',
	description: 'A presigned link to one media file in the S3 bucket, valid 7 days',
	// The server signs every link for 7 days (MinIO's longest): 2.3.6 to 2.4.0-rc2 cannot be asked for
	// another expiry (docs/evolution-api.md); the item's expiresAt says when it stops working.
	request: { method: 'POST', path: '/s3/getMediaUrl/{instanceName}' },
	fields: [instance, mediaId],
	subject: ({ mediaId: id }) => `media with ID ${id}`,
	answers: storageAnswers,
	// The instance's id first, as Get Media: without it the route would find another instance's media by its ID.
	async send(send, { instanceName, mediaId: id }, fns) {
		const instanceId = await instanceIdOf(send, instanceName, fns, 'Get Media URL');
		const answer = (await send({ qs: { instanceId } })) as IDataObject;
		if (typeof answer?.mediaUrl !== 'string' || !answer.mediaUrl) throw apiError(fns.getNode(), fns.getItemIndex(), noLinkFailure(`instance "${instanceName}"`, id, '200'));
		return answer;
	},
	toItems(answer) {
		const { mediaUrl, ...row } = answer as IDataObject & { mediaUrl: string };
		return [{ mediaUrl, ...linkExpiry(mediaUrl), ...mediaItem(row) }];
	},
});

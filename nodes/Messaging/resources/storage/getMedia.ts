import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { apiError } from '../../../shared/errors';
import { instance } from '../../fields';
import { noMediaFailure, storageAnswers } from './storageAnswers';
import { instanceIdOf, mediaFilters, mediaItem, type MediaFilters } from './storageFields';

/** What errors call the media asked for: "media imageMessage with ID cm…". */
function mediaAsked({ mediaId, mediaType, messageId }: MediaFilters): string {
	const parts = [mediaType ? `${mediaType} media` : 'media'];
	if (mediaId) parts.push(`with ID ${mediaId}`);
	if (messageId) parts.push(`of message ${messageId}`);
	return parts.join(' ');
}

export const getMedia = operation({
	name: 'Get Media',
	value: 'getMedia',
	action: 'Get media stored in S3',
	// No notice (a property RoutingNode visits per item): the error says what S3 needs, the README the rest.
	description: 'Media files the server keeps in S3 (needs S3_ENABLED), each with its message',
	request: { method: 'POST', path: '/s3/getMedia/{instanceName}' },
	fields: [instance, mediaFilters],
	subject: ({ filters }) => mediaAsked(filters),
	answers: storageAnswers,
	// Two requests: the instance's id (the route reads it only from the query, and answers every
	// instance's media without it), then the media.
	async send(send, { instanceName, filters }, fns) {
		const instanceId = await instanceIdOf(send, instanceName, fns, 'Get Media');
		const rows = (await send({ qs: { instanceId } })) as unknown[];
		const items = (Array.isArray(rows) ? rows : [rows]).map(mediaItem);
		const matching = filters.messageId ? items.filter((item) => item.messageId === filters.messageId) : items;
		if (matching.length === 0) {
			throw apiError(fns.getNode(), fns.getItemIndex(), noMediaFailure(`instance "${instanceName}"`, mediaAsked(filters), `(the ${items.length} found are of other messages)`));
		}
		return matching;
	},
	toItems: (answer) => answer as IDataObject[],
});

// What the S3 routes (src/api/integrations/storage/s3/ at 2.3.6 to 2.4.0-rc2, unchanged between
// them) take and answer: the Media rows the server writes when it puts a received or sent media
// file in its bucket (with S3_ENABLED=true), each with its Message row.
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { bad, ok, trimmedText, type Checked } from '../../../shared/checks';
import type { Field, SendRequest } from '../../../shared/contract';
import { apiError } from '../../../shared/errors';
import { filtersCollection, inBody } from '../../../shared/fields';
import { instanceRowOf } from '../../fields';
import { checkMessageId } from '../../validation/messageKeys';

/** The server's Media.type: the media's proto key, as getBase64FromMediaMessage names it (wa.types.ts TypeMediaMessage). */
export const MEDIA_TYPES = [
	{ name: 'Image', value: 'imageMessage' },
	{ name: 'Video', value: 'videoMessage' },
	{ name: 'Audio', value: 'audioMessage' },
	{ name: 'Document', value: 'documentMessage' },
	{ name: 'Sticker', value: 'stickerMessage' },
	{ name: 'Video Note', value: 'ptvMessage' },
];

/**
 * s3UrlSchema's `id` pattern `\d+` (unanchored: the ID must hold a digit). Media IDs are Prisma
 * cuids, which almost always do; one without a digit cannot be asked for.
 */
export function checkMediaId(raw: unknown): Checked<string> {
	const id = trimmedText(raw);
	if (!id) return bad('is empty', "Give the media's ID: the id of a Get Media item.");
	if (/\s/.test(id) || id.length > 64) return bad('is not a media ID (letters and digits, no spaces)', "Give the media's ID: the id of a Get Media item.");
	if (!/\d/.test(id)) return bad('has no digit, which the server requires of a media ID', "Give the media's ID as Get Media output it.");
	return ok(id);
}

/** Get Media's filters: the row's id and type go to the server; a message's key.ID is matched here (the route's own `messageId` cannot match). */
export interface MediaFilters {
	mediaId?: string;
	mediaType?: string;
	messageId?: string;
}

const TYPE_VALUES = MEDIA_TYPES.map((type) => type.value);

export const mediaFilters: Field<'filters', MediaFilters> = {
	name: 'filters',
	properties: [
		filtersCollection([
			{ displayName: 'Media ID', name: 'mediaId', type: 'string', default: '', description: "The stored media's ID, as Get Media gives it" },
			{ displayName: 'Media Type', name: 'mediaType', type: 'options', options: MEDIA_TYPES, default: 'imageMessage' },
			{
				displayName: 'Message ID',
				name: 'messageId',
				type: 'string',
				default: '',
				description: "The media message's key.ID, from the trigger or a send's output",
			},
		]),
	],
	read(item) {
		const given = (item.parameter('filters', {}) ?? {}) as IDataObject;
		const filters: MediaFilters = {};
		if (given.mediaId !== undefined && trimmedText(given.mediaId) !== '') filters.mediaId = item.require('Media ID', given.mediaId, checkMediaId(given.mediaId));
		if (given.mediaType !== undefined) {
			const type = trimmedText(given.mediaType);
			filters.mediaType = item.require(
				'Media Type',
				given.mediaType,
				TYPE_VALUES.includes(type) ? ok(type) : bad(`is not one of ${TYPE_VALUES.join(', ')}`, 'Pick the type from the list.'),
			);
		}
		if (given.messageId !== undefined && trimmedText(given.messageId) !== '') filters.messageId = item.require('Message ID', given.messageId, checkMessageId(given.messageId));
		return filters;
	},
	// s3Schema: `id` and `type` (strings). Its `messageId` is an integer, matched against a text
	// column (the Message row's database id), so the server can never find by it.
	to: (request, filters) => {
		inBody('id')(request, filters.mediaId);
		inBody('type')(request, filters.mediaType);
	},
};

/**
 * The instance's database id. The S3 routes look rows up by `instanceId`, which they read only
 * from the query string (the path gives the name): without it they answer every instance's media.
 */
export async function instanceIdOf(send: SendRequest, instanceName: string, fns: IExecuteSingleFunctions, operationName: string): Promise<string> {
	// Only the instance of that very name: another's id would hand out that instance's media.
	const row = await instanceRowOf(send, instanceName);
	if (typeof row?.id === 'string' && row.id) return row.id;
	throw apiError(fns.getNode(), fns.getItemIndex(), {
		message: `the server did not give the id of instance "${instanceName}", which ${operationName} needs to keep to its media: nothing was asked`,
		description: "Get Many of the Instance resource shows the server's answer for it. Check the Server URL and the instance name.",
	});
}

/** A Media row as an item, with its message's key.ID beside it. */
export function mediaItem(row: unknown): IDataObject {
	const media = (row && typeof row === 'object' ? row : {}) as IDataObject;
	const message = media.Message as IDataObject | undefined;
	const key = message?.key as IDataObject | undefined;
	return { ...media, messageId: typeof key?.id === 'string' ? key.id : null };
}

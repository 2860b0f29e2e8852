// The options Evolution's send routes take (delay, quoted message, mentions, link preview), each
// offered only where the route honours it, and read into body keys the same way for every send.
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { Field, ItemReader } from '../shared/contract';
import { intoBody, optionsCollection } from '../shared/fields';
import { PAUSE_BETWEEN_MESSAGES_OPTION } from './pace';
import { checkDelay, checkNumberList } from './validation/recipients';

/** The delay: the recipient sees the activity ("typing...") this long, and the server answers only after it. */
export const delayOption = (activity: string): INodeProperties => ({
	displayName: 'Delay (Ms)',
	name: 'delay',
	type: 'number',
	typeOptions: { minValue: 0, maxValue: 300000 },
	default: 0,
	description: `How long the recipient sees "${activity}" before the message arrives. The server answers only after it.`,
});

export const LINK_PREVIEW_OPTION: INodeProperties = {
	displayName: 'Link Preview',
	name: 'linkPreview',
	type: 'boolean',
	default: true,
	description: 'Whether to show a preview of the first link in the text',
};

export const MENTION_OPTIONS: INodeProperties[] = [
	{
		displayName: 'Mention Everyone',
		name: 'mentionsEveryOne',
		type: 'boolean',
		default: false,
		description: 'Whether to mention every member (groups only)',
	},
	{
		displayName: 'Mentioned Numbers',
		name: 'mentioned',
		type: 'string',
		default: '',
		placeholder: 'e.g. 51987654321, 51912345678',
		description: 'Numbers to mention (groups), separated by commas, semicolons or new lines, or an array from an expression',
	},
];

export const QUOTED_OPTION: INodeProperties = {
	displayName: 'Quoted Message ID',
	name: 'quotedMessageId',
	type: 'string',
	default: '',
	description: 'The ID of the message to reply to (its key.ID in the answer that sent it, or in the trigger)',
};

/** What the media, sticker, location and poll routes take: delay, mentions and a quoted message. */
export const MESSAGE_OPTIONS: INodeProperties[] = [delayOption('typing...'), ...MENTION_OPTIONS, QUOTED_OPTION];

interface SendOptionValues {
	delay?: number | string;
	linkPreview?: boolean;
	quotedMessageId?: string;
	mentionsEveryOne?: boolean;
	mentioned?: unknown;
}

/** The options set, as the route's body keys; only the options the operation offers can be set. */
function readSendOptions(item: ItemReader, options: SendOptionValues): IDataObject {
	const body: IDataObject = {};
	const delay = item.require('Delay', options.delay, checkDelay(options.delay));
	if (delay !== undefined) body.delay = delay;
	if (options.linkPreview !== undefined) body.linkPreview = options.linkPreview;
	const quoted = typeof options.quotedMessageId === 'string' ? options.quotedMessageId.trim() : '';
	if (quoted) body.quoted = { key: { id: quoted } };
	if (options.mentionsEveryOne !== undefined) body.mentionsEveryOne = options.mentionsEveryOne;
	if (options.mentioned !== undefined && options.mentioned !== '') {
		const mentioned = item.require('Mentioned Numbers', options.mentioned, checkNumberList(options.mentioned));
		body.mentioned = mentioned.map((entry) => entry.number);
	}
	return body;
}

/**
 * A send's Options: the route's options given, and Pause Between Messages (read by the pace of
 * sends, pace.ts), in the order the editor lists them (by name).
 */
export function sendOptionsField(routeOptions: INodeProperties[], extra: INodeProperties[] = []): Field<'options', IDataObject> {
	const options = [...routeOptions, ...extra, PAUSE_BETWEEN_MESSAGES_OPTION].sort((a, b) => a.displayName.localeCompare(b.displayName));
	const routeKeys = new Set(routeOptions.map((option) => option.name));
	return {
		name: 'options',
		properties: [optionsCollection(options)],
		read(item) {
			const set = item.parameter('options', {}) as IDataObject;
			const offered = Object.fromEntries(Object.entries(set).filter(([key]) => routeKeys.has(key)));
			return readSendOptions(item, offered);
		},
		to: intoBody,
	};
}

import type { IDataObject } from 'n8n-workflow';

import { bad, ok, type Checked } from '../../../shared/checks';
import { operation, type Field } from '../../../shared/contract';
import { instanceOf } from '../../errors';
import { checkedField, inBody, optionsCollection } from '../../../shared/fields';
import { instance } from '../../fields';
import { checkTypebotPublicId, TYPEBOT_PUBLIC_ID, TYPEBOT_URL } from '../chatbot/bots';
import { sessionChat } from './chatbotFields';
import { integrationKind } from './integrations';

function checkTypebotUrl(raw: unknown): Checked<string> {
	const url = typeof raw === 'string' ? raw.trim().replace(/\/+$/, '') : '';
	try {
		if (/^https?:$/.test(new URL(url).protocol)) return ok(url);
	} catch {
		// not a URL: said below
	}
	return bad('is not an http or https URL', "Give the address of your Typebot's viewer, e.g. https://typebot.example.com.");
}

// The Typebot's parameters as Chatbot → Create has them (the bot table's); the URL without a trailing slash.
const typebotUrl = checkedField({ ...TYPEBOT_URL.property, name: 'typebotUrl', required: true }, checkTypebotUrl, inBody('url'));
const typebotPublicId = checkedField({ ...TYPEBOT_PUBLIC_ID.property, name: 'typebotPublicId', required: true }, checkTypebotPublicId, inBody('typebot'));

interface StartOptions {
	startSession: boolean;
	variables: Array<{ name: string; value: string }>;
}

/** Start Session and the prefilled variables: what the server keeps, and what the bot starts with. */
const startOptions: Field<'typebotStart', StartOptions> = {
	name: 'typebotStart',
	properties: [
		optionsCollection([
			{
				displayName: 'Start Session',
				name: 'startSession',
				type: 'boolean',
				default: false,
				description:
					'Whether the server keeps a session (and the bot, made if new) so the contact goes on talking with the bot; off: it only sends the bot\'s first messages',
			},
			{
				displayName: 'Variables',
				name: 'variables',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				placeholder: 'Add Variable',
				default: {},
				description: "Values the bot starts with (its prefilled variables), e.g. the customer's name",
				options: [
					{
						displayName: 'Variable',
						name: 'variable',
						values: [
							{ displayName: 'Name', name: 'name', type: 'string', default: '', placeholder: 'e.g. nombre' },
							{ displayName: 'Value', name: 'value', type: 'string', default: '' },
						],
					},
				],
			},
		]),
	],
	read(item) {
		const options = (item.parameter('options', {}) ?? {}) as IDataObject;
		const rows = ((options.variables as IDataObject | undefined)?.variable ?? []) as Array<{ name?: unknown; value?: unknown }>;
		const variables = rows.map((row, index) => {
			const name: string = item.require<string>(`Variables → Variable ${index + 1} → Name`, row.name, typeof row.name === 'string' && row.name.trim() !== '' ? ok(row.name.trim()) : bad('is empty', 'Give the name of a variable of the bot.'));
			return { name, value: row.value === undefined || row.value === null ? '' : String(row.value) };
		});
		return { startSession: options.startSession === true, variables };
	},
	to(request, { startSession, variables }) {
		request.body = { ...(request.body as IDataObject), startSession, ...(variables.length ? { variables } : {}) };
	},
};

export const startTypebot = operation({
	name: 'Start Typebot',
	value: 'startTypebot',
	action: 'Start Typebot for contact',
	description: 'Hand a contact to a Typebot: it sends its first messages and may keep a session',
	subtitle: 'Start Typebot',
	request: { method: 'POST', path: '/typebot/start/{instanceName}' },
	fields: [instance, sessionChat, typebotUrl, typebotPublicId, startOptions],
	routeKindOf: () => integrationKind('typebot'),
	subject: ({ chat }) => `the chat ${chat}`,
	// Without Start Session, startBot asks the Typebot itself, and answers nothing when that fails.
	answers({ statusCode, body }, context) {
		if (statusCode < 200 || statusCode >= 300 || (body !== undefined && body !== '')) return undefined;
		return {
			message: `the server did not start the Typebot for ${context.subject}: it answered ${instanceOf(context)} with nothing (${statusCode})`,
			description:
				"Without Start Session, Evolution asks the Typebot itself and answers nothing when it cannot: check the Typebot URL and Public ID (the server's log says why), or turn Start Session on.",
			httpCode: String(statusCode),
		};
	},
	// `{typebot: {instanceName, typebot: {url, remoteJid, typebot, prefilledVariables}}}`: one flat item.
	toItems: (answer) => {
		const outer = ((answer as IDataObject).typebot ?? {}) as IDataObject;
		const { typebot: inner, ...rest } = outer;
		return [{ ...rest, ...(inner && typeof inner === 'object' ? (inner as IDataObject) : {}) }];
	},
});

import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { apiError } from '../../../shared/errors';
import { instance } from '../../fields';
import { itemsWithoutSecrets } from '../../secrets';
import { integrationKind } from '../integration/integrations';
import { bot, botKind, BOTS, SETTINGS_DEFAULTS, settingKeysOf } from './bots';
import { settingsFailure } from './chatbotErrors';
import { settingsChanges } from './configFields';

export const updateSettings = operation({
	name: 'Update Settings',
	value: 'updateSettings',
	action: 'Update chatbot settings of instance',
	description: "Change the instance's defaults for a kind of bot; the rest stays as stored",
	subtitle: 'Update Chatbot Settings',
	request: { method: 'POST', path: '/{bot}/settings/{instanceName}' },
	fields: [instance, bot, settingsChanges],
	routeKindOf: ({ bot }) => integrationKind(bot),
	subject: ({ bot }) => `the ${BOTS[bot].name} settings`,
	/**
	 * The route requires every setting its schema lists: the stored ones are read first and sent
	 * back with the changes; one stored empty gets what the server reports as its default. The
	 * fallback goes as `fallbackId` (2.3) and as the bot's own key (2.2).
	 */
	async send(send, values, fns) {
		const { instanceName, settingsChanges: given } = values;
		// Named `bot` in the path below: the route coverage test reads it as the Bot picker's values.
		const bot = values.bot;
		const stored = ((await send({ method: 'GET', url: `/${bot}/fetchSettings/${encodeURIComponent(instanceName)}`, body: undefined })) ?? {}) as IDataObject;
		const body: IDataObject = {};
		for (const key of settingKeysOf(bot)) if (stored[key] !== null && stored[key] !== undefined) body[key] = stored[key];
		Object.assign(body, given);
		for (const key of BOTS[bot].settings.required) if (body[key] === undefined && key in SETTINGS_DEFAULTS) body[key] = SETTINGS_DEFAULTS[key];
		if (bot === 'openai' && !body.openaiCredsId) {
			throw apiError(fns.getNode(), fns.getItemIndex(), {
				message: `the OpenAI settings of instance "${instanceName}" need an OpenAI credential, and none is given or stored: nothing was changed`,
				description: 'Add OpenAI Credential ID under Update Fields (Get Many OpenAI Credentials lists them).',
			});
		}
		const { fallbackKey } = botKind(bot);
		if (fallbackKey && typeof given.fallbackId === 'string') body[fallbackKey] = given.fallbackId;
		return await send({ body });
	},
	toItems: itemsWithoutSecrets,
	answers: ({ statusCode, body }, context, { bot }) => settingsFailure(context, statusCode, body, bot),
});

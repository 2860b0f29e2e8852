import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { apiError, invalidInputError } from '../../../shared/errors';
import { instance } from '../../fields';
import { itemsWithoutSecrets } from '../../secrets';
import { integrationKind } from '../integration/integrations';
import { bot, botKeysOf, BOTS } from './bots';
import { updateFailure } from './chatbotErrors';
import { botChanges, triggerProblem } from './configFields';
import { chatbotId } from './locators';

export const update = operation({
	name: 'Update',
	value: 'update',
	action: 'Update chatbot',
	description: "Change a bot's trigger, settings or address; what is not set stays as stored",
	subtitle: 'Update Chatbot',
	request: { method: 'PUT', path: '/{bot}/update/{chatbotId}/{instanceName}' },
	fields: [instance, bot, chatbotId, botChanges],
	routeKindOf: ({ bot }) => integrationKind(bot),
	subject: ({ bot, chatbotId }) => `${BOTS[bot].name} bot ${chatbotId}`,
	/**
	 * The route takes the whole bot (its schema requires `enabled`, its address and its trigger):
	 * the stored bot is read first and sent back with the changes (two requests).
	 */
	async send(send, values, fns) {
		const { instanceName, chatbotId: id, botChanges: given } = values;
		// Named `bot` in the path below: the route coverage test reads it as the Bot picker's values.
		const bot = values.bot;
		const stored = await send({ method: 'GET', url: `/${bot}/fetch/${encodeURIComponent(id)}/${encodeURIComponent(instanceName)}`, body: undefined }, undefined, { nullIsAnswer: true });
		if (stored === null) {
			throw apiError(fns.getNode(), fns.getItemIndex(), {
				message: `instance "${instanceName}" has no ${BOTS[bot].name} bot with ID ${id}: nothing was changed`,
				description: 'Pick the bot from the list, or check its ID with Get Many.',
			});
		}
		const body: IDataObject = {};
		for (const key of botKeysOf(bot)) if ((stored as IDataObject)[key] !== null && (stored as IDataObject)[key] !== undefined) body[key] = (stored as IDataObject)[key];
		Object.assign(body, given);
		const problem = triggerProblem(body);
		if (problem) throw invalidInputError(fns.getNode(), fns.getItemIndex(), 'Trigger Type', body.triggerType, problem.problem, problem.hint);
		return await send({ body });
	},
	toItems: itemsWithoutSecrets,
	answers: ({ statusCode, body }, context, { bot, chatbotId }) => updateFailure(context, statusCode, body, bot, chatbotId),
});

// What the chatbot configuration routes answer that only they say, in the real server's words
// (base-chatbot.controller.ts and each bot's controller at 2.3.7; 2.2's per-bot controllers where
// they differ): a trigger another bot has (configFields.ts' configFailure), a bot or credential that
// is not there, settings not made yet. Each operation reads its answers with these before the API's table (a bot switched off
// and a release without the bot are the integration table's: integrationErrors.ts); the runner asks
// an operation's answers for every answer, so each leaves a success to the API.
import type { RequestContext } from '../../../shared/contract';
import { detail, type Failure } from '../../../shared/errors';
import { instanceOf, isMessagingSuccess, serverReason } from '../../errors';
import { BOTS, type Bot } from './bots';
import { configFailure } from './configFields';

/** A bot the ID does not name: fetch answers `null` (2.3) or 500 `… not found` (2.2). */
export function botNotFound(context: RequestContext, statusCode: number, body: unknown, bot: Bot, id: string): Failure | undefined {
	if (isMessagingSuccess(statusCode, body, context)) return undefined;
	const reason = serverReason(body);
	const nothing = statusCode >= 200 && statusCode < 300 && body === null;
	if (!nothing && !(statusCode === 500 && /not found$/i.test(reason))) return undefined;
	return {
		message: `${instanceOf(context)} has no ${BOTS[bot].name} bot with ID ${id} ${detail(String(statusCode), nothing ? 'null' : reason)}`,
		description: `Pick the bot from the list, or check its ID with Get Many (the ID of a ${BOTS[bot].name} bot: another kind of bot has its own IDs).`,
		httpCode: String(statusCode),
	};
}

/** Update: every failure after the route's guard is `Error updating <Bot>` (2.3 hides the cause). */
export function updateFailure(context: RequestContext, statusCode: number, body: unknown, bot: Bot, id: string): Failure | undefined {
	if (isMessagingSuccess(statusCode, body, context)) return undefined;
	const reason = serverReason(body);
	const own = botNotFound(context, statusCode, body, bot, id) ?? configFailure(context, statusCode, reason, bot);
	if (own || statusCode !== 500 || !/^Error updating /i.test(reason)) return own;
	const name = BOTS[bot].name;
	return {
		message: `the server refused to update ${name} bot ${id} of ${instanceOf(context)} ${detail('500', reason)}`,
		description: `Evolution hides why: the ID is a bot of another instance, another ${name} bot has this trigger (or takes all messages while enabled), or one has ${BOTS[bot].sameBot}. Check with Get Many.`,
		httpCode: '500',
	};
}

/** Delete: 500 `Error deleting <Bot> bot` when the ID is not one of the instance's bots (2.2: `… not found`). */
export function deleteFailure(context: RequestContext, statusCode: number, body: unknown, bot: Bot, id: string): Failure | undefined {
	if (isMessagingSuccess(statusCode, body, context)) return undefined;
	const reason = serverReason(body);
	if (statusCode === 500 && /^Error deleting .*bot$/i.test(reason)) {
		return {
			message: `${instanceOf(context)} has no ${BOTS[bot].name} bot with ID ${id} ${detail('500', reason)}`,
			description: 'Evolution answers this when the ID is not one of its bots of this kind (Get Many lists them). Nothing was deleted.',
			httpCode: '500',
		};
	}
	return botNotFound(context, statusCode, body, bot, id);
}

/** The ignore list lives in the instance's settings for that kind of bot: none yet, nothing to change. */
export function ignoreFailure(context: RequestContext, statusCode: number, body: unknown, bot: Bot): Failure | undefined {
	if (isMessagingSuccess(statusCode, body, context)) return undefined;
	const reason = serverReason(body);
	if (statusCode !== 500 || !/^Error setting default settings$|^Settings not found$/.test(reason)) return undefined;
	return {
		message: `${instanceOf(context)} has no ${BOTS[bot].name} settings yet, where the ignored chats are kept ${detail('500', reason)}`,
		description: `Evolution makes them with the instance's first ${BOTS[bot].name} bot, or with Update Settings: run Update Settings once, then try again.`,
		httpCode: '500',
	};
}

/** Update Settings: the row refused, which happens for a fallback that is no bot of this kind (or an unknown OpenAI credential). */
export function settingsFailure(context: RequestContext, statusCode: number, body: unknown, bot: Bot): Failure | undefined {
	if (isMessagingSuccess(statusCode, body, context)) return undefined;
	const reason = serverReason(body);
	if (statusCode !== 500 || !/^Error setting default settings$/.test(reason)) return undefined;
	return {
		message: `the server refused the ${BOTS[bot].name} settings of ${instanceOf(context)} ${detail('500', reason)}`,
		description:
			bot === 'openai'
				? "Evolution refuses an OpenAI credential it does not have, or one another instance's settings use. Check the ID with Get Many OpenAI Credentials."
				: `Evolution refuses a Fallback Bot ID that is not one of its ${BOTS[bot].name} bots. Check the ID with Get Many.`,
		httpCode: '500',
	};
}

/** The OpenAI credential routes and Get Models, in their words. */
export function openAiFailure(context: RequestContext, statusCode: number, body: unknown): Failure | undefined {
	if (isMessagingSuccess(statusCode, body, context)) return undefined;
	const reason = serverReason(body);
	const httpCode = String(statusCode);
	const said = detail(httpCode, reason);
	const instance = instanceOf(context);
	const cases: Array<[RegExp, string, string]> = [
		[/^This API key is already registered/, `the server already stores this OpenAI API key ${said}`, 'A key is stored once per server. Use that credential (Get Many OpenAI Credentials), or another key.'],
		[/^This credential name is already in use/, `${instance} already has an OpenAI credential with this name ${said}`, 'Pick another name, or use that credential (Get Many OpenAI Credentials).'],
		[/^Error creating openai creds$/, `the server could not store the OpenAI credential for ${instance} ${said}`, 'Credential names and keys are unique across the whole server: another instance may have this name or key. Pick another name.'],
		[/^Openai Creds not found$|^OpenAI credentials not found for the provided ID$/, `${instance} has no OpenAI credential with ID ${context.subject} ${said}`, 'Pick the credential from the list (Get Many OpenAI Credentials lists them).'],
		[/^Error deleting openai creds$/, `the server refused to delete the OpenAI credential ${context.subject} of ${instance} ${said}`, "An OpenAI bot or the instance's OpenAI settings use it: delete the bot, or set another credential with Update Settings (Bot: OpenAI), first."],
		[/^Settings not found$|^OpenAI credentials not found\. Please create/, `${instance} has no OpenAI credential in its OpenAI settings ${said}`, 'Pick the credential whose models to list, or set one with Update Settings (Bot: OpenAI).'],
		[/^Error fetching models$/, `the server could not get the model list from OpenAI ${said}`, "OpenAI refused the credential's key, or the Evolution server cannot reach api.openai.com. Check the key in your OpenAI account."],
	];
	const found = cases.find(([pattern]) => pattern.test(reason));
	return found && statusCode >= 400 ? { message: found[1], description: found[2], httpCode } : undefined;
}

import type { Resource } from '../../../shared/contract';
import { create } from './create';
import { deleteChatbot } from './delete';
import { get } from './get';
import { getMany } from './getMany';
import { getSettings } from './getSettings';
import { ignoreChat, stopIgnoringChat } from './ignoreChat';
import { createOpenAiCredential, deleteOpenAiCredential, getOpenAiCredentials, getOpenAiModels } from './openAiCredentials';
import { update } from './update';
import { updateSettings } from './updateSettings';

/** A bot's configuration on the server: one resource, the kind of bot picked by the Bot field. */
export const chatbot: Resource = {
	name: 'Chatbot',
	value: 'chatbot',
	operations: [
		create,
		get,
		getMany,
		update,
		deleteChatbot,
		getSettings,
		updateSettings,
		ignoreChat,
		stopIgnoringChat,
		createOpenAiCredential,
		getOpenAiCredentials,
		deleteOpenAiCredential,
		getOpenAiModels,
	],
	default: 'create',
};

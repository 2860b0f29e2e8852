// Fills the Chatbot list (Chatbot → Get, Update, Delete) and the OpenAI Credential lists: the
// picked instance's bots of the picked kind, by description or trigger, and its OpenAI credentials.
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { BOTS, type Bot } from '../resources/chatbot/bots';
import { listRequest } from '../transport';
import { checkInstanceName } from '../validation/recipients';

function pickedInstance(fns: ILoadOptionsFunctions, what: string): string {
	const instance = checkInstanceName(fns.getNodeParameter('instanceName', '', { extractValue: true }));
	if (!instance.valid) throw new NodeOperationError(fns.getNode(), `Pick the instance first: the ${what} listed are those of the instance`, { description: instance.hint });
	return instance.value;
}

function listed(rows: unknown, label: (row: IDataObject) => string, filter?: string): INodeListSearchResult {
	const needle = filter?.trim().toLowerCase() ?? '';
	const results: INodeListSearchItems[] = [];
	for (const row of (Array.isArray(rows) ? rows : []) as IDataObject[]) {
		const id = typeof row.id === 'string' ? row.id : '';
		const name = label(row);
		if (!id || (needle && !name.toLowerCase().includes(needle) && !id.includes(needle))) continue;
		results.push({ name, value: id });
	}
	results.sort((a, b) => a.name.localeCompare(b.name));
	return { results };
}

/** A bot as the list shows it: its description, else its trigger; "(off)" when disabled. */
function botLabel(row: IDataObject): string {
	const trigger = row.triggerType === 'keyword' ? `keyword ${String(row.triggerOperator ?? '')} "${String(row.triggerValue ?? '')}"` : `trigger ${String(row.triggerType ?? 'none')}`;
	const name = typeof row.description === 'string' && row.description.trim() ? row.description.trim() : trigger;
	return `${name}${row.enabled === false ? ' (off)' : ''}`;
}

export async function getChatbots(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const instance = pickedInstance(this, 'bots');
	const picked = this.getNodeParameter('bot', 'typebot') as Bot;
	if (!(picked in BOTS)) return { results: [] };
	const rows = await listRequest(this, `/${picked}/find/${encodeURIComponent(instance)}`, undefined, {
		operation: 'listChatbots',
		subject: `the ${BOTS[picked].name} bots`,
		about: { instance },
	});
	return listed(rows, botLabel, filter);
}

export async function getOpenAiCredentials(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const instance = pickedInstance(this, 'OpenAI credentials');
	const rows = await listRequest(this, `/openai/creds/${encodeURIComponent(instance)}`, undefined, {
		operation: 'listOpenAiCredentials',
		subject: 'the OpenAI credentials',
		about: { instance },
	});
	return listed(rows, (row) => String(row.name ?? row.id), filter);
}

// Fills the group lists (a group as recipient, Group → Get): the groups the picked instance's
// number is in, with their size.
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { listRequest } from '../transport';
import { checkInstanceName } from '../validation/recipients';

export async function getGroups(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const rawInstance = this.getNodeParameter('instanceName', '', { extractValue: true });
	const instance = checkInstanceName(rawInstance);
	if (!instance.valid) {
		throw new NodeOperationError(this.getNode(), 'Pick the instance first: the groups listed are those of its number', {
			description: instance.hint,
		});
	}
	const body = await listRequest(this, `/group/fetchAllGroups/${encodeURIComponent(instance.value)}`, { getParticipants: 'false' }, {
		operation: 'listGroups',
		subject: 'the groups',
		about: { instance: instance.value },
	});
	const needle = filter?.trim().toLowerCase() ?? '';
	const results: INodeListSearchItems[] = [];
	for (const group of (Array.isArray(body) ? body : []) as IDataObject[]) {
		const id = typeof group.id === 'string' ? group.id : '';
		const subject = typeof group.subject === 'string' && group.subject ? group.subject : id;
		if (!id || (needle && !subject.toLowerCase().includes(needle) && !id.includes(needle))) continue;
		const size = typeof group.size === 'number' ? ` (${group.size} members)` : '';
		results.push({ name: `${subject}${size}`, value: id });
	}
	results.sort((a, b) => a.name.localeCompare(b.name));
	return { results };
}

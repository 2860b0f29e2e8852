// Fills the Label list (Label → Add to Chat, Remove from Chat): the labels of the picked
// instance's WhatsApp Business account, by name.
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { listRequest } from '../transport';
import { checkInstanceName } from '../validation/recipients';

export async function getLabels(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const rawInstance = this.getNodeParameter('instanceName', '', { extractValue: true });
	const instance = checkInstanceName(rawInstance);
	if (!instance.valid) {
		throw new NodeOperationError(this.getNode(), 'Pick the instance first: the labels listed are those of its account', {
			description: instance.hint,
		});
	}
	const body = await listRequest(this, `/label/findLabels/${encodeURIComponent(instance.value)}`, undefined, {
		operation: 'listLabels',
		subject: 'the labels',
		about: { instance: instance.value },
	});
	const needle = filter?.trim().toLowerCase() ?? '';
	const results: INodeListSearchItems[] = [];
	for (const label of (Array.isArray(body) ? body : []) as IDataObject[]) {
		const id = typeof label.id === 'string' || typeof label.id === 'number' ? String(label.id) : '';
		const name = typeof label.name === 'string' && label.name ? label.name : id;
		if (!id || (needle && !name.toLowerCase().includes(needle) && id !== needle)) continue;
		results.push({ name, value: id });
	}
	results.sort((a, b) => a.name.localeCompare(b.name));
	return { results };
}

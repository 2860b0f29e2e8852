// Fills the group lists (a group as recipient, Group → Get): the groups the picked instance's
// number is in, with their size.
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { messagingServerUrl } from '../../../credentials/MessagingApi.credentials';
import { requestOutsideRouting } from '../../shared/runItem';
import { checkInstanceName } from '../validation/recipients';
import { MESSAGING_CREDENTIAL, messagingApi, messagingRequestDefaults } from '../transport';

export async function getGroups(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const rawInstance = this.getNodeParameter('instanceName', '', { extractValue: true });
	const instance = checkInstanceName(rawInstance);
	if (!instance.valid) {
		throw new NodeOperationError(this.getNode(), 'Pick the instance first: the groups listed are those of its number', {
			description: instance.hint,
		});
	}
	const credentials = await this.getCredentials(MESSAGING_CREDENTIAL);
	const baseURL = messagingServerUrl.apply(credentials.serverUrl);
	const body = await requestOutsideRouting(
		this,
		messagingApi,
		MESSAGING_CREDENTIAL,
		{
			method: 'GET',
			baseURL,
			url: `/group/fetchAllGroups/${encodeURIComponent(instance.value)}`,
			qs: { getParticipants: 'false' },
			headers: { ...messagingRequestDefaults.headers },
			json: true,
		},
		{ operation: 'listGroups', routeKind: 'group', subject: 'the groups', values: { instanceName: instance.value }, serverUrl: baseURL },
	);
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

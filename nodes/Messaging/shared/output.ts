// postReceive steps: fail on an error answer (see the transport), else shape the answer into items
// paired with their input item.
import type { IDataObject, IExecuteSingleFunctions, IN8nHttpFullResponse, INodeExecutionData } from 'n8n-workflow';

import { readAnswer } from '../../shared/messaging/mediaBody';
import { assertMessagingSuccess } from '../../shared/messaging/transport';
import { checkNumberList } from '../../shared/validation';

/** The sent message as the server describes it, minus the echo of the media's base64 (up to 20 MB). */
export async function toMessageItem(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	// Send Media reads its answer as a stream, leaving the echoed base64 out (mediaBody.ts).
	const answer = (await readAnswer(response.body)) as IN8nHttpFullResponse['body'];
	const body = assertMessagingSuccess({ ...response, body: answer }) as IDataObject;
	const message = body.message as IDataObject | undefined;
	let json = body;
	if (message && typeof message === 'object' && 'base64' in message) {
		const rest = { ...message };
		delete rest.base64;
		json = { ...body, message: rest };
	}
	return [{ json, pairedItem: { item: this.getItemIndex() } }];
}

/** One item per checked number: jid, exists, the number as the user gave it, and name when known. */
export async function toNumberItems(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const body = assertMessagingSuccess(response);
	const results = (Array.isArray(body) ? body : [body]) as IDataObject[];
	// The server echoes each number as sent; map it back to the user's spelling.
	const checked = checkNumberList(this.getNodeParameter('numbers'));
	const given = new Map(checked.valid ? checked.value.map((entry) => [entry.number, entry.given]) : []);
	const sentInOrder = checked.valid ? checked.value : [];
	const itemIndex = this.getItemIndex();
	return results.map((result, index) => {
		const sent = String(result.number ?? '');
		const json: IDataObject = {
			jid: result.jid,
			exists: result.exists,
			number: given.get(sent) ?? sentInOrder[index]?.given ?? sent,
		};
		if (result.name !== undefined && result.name !== null && result.name !== '') json.name = result.name;
		return { json, pairedItem: { item: itemIndex } };
	});
}

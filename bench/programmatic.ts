// A prototype, for measurement only, of Taxpayer Lookup `get` as a programmatic node (execute())
// instead of a declarative one: the same description, checks, error mapping and output, but each
// item's RUC is read once, the credential and base URL once per run, and the requests go straight
// to n8n's httpRequest helper, all started at once like RoutingNode does. It shows what the engine's
// declarative path costs; it is not a proposal to ship as is (only `get` is implemented).
import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type IN8nHttpFullResponse,
	type INodeExecutionData,
	type INodeType,
} from 'n8n-workflow';

import { apiError, requireValid } from '../nodes/shared/errors';
import type { RequestContext } from '../nodes/shared/contract';
import { checkRuc } from '../nodes/shared/ruc';
import { isLookupSuccess, lookupAnswerFailure, lookupNoAnswerFailure } from '../nodes/TaxpayerLookup/errors';
import { normaliseRecord, recordsOf, type OutputOptions } from '../nodes/TaxpayerLookup/output';
import { lookupRequestDefaults } from '../nodes/TaxpayerLookup/transport';
import { nodeTypesRegistry } from '../test/harness/engine';

export function programmaticTaxpayerLookup(): INodeType {
	const shipped = nodeTypesRegistry.getByName('n8n-nodes-taxpayer-messaging.taxpayerLookup') as INodeType;
	const { requestDefaults: _routing, ...description } = shipped.description;
	return {
		description,
		async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
			const items = this.getInputData();
			const operation = this.getNodeParameter('operation', 0);
			if (operation !== 'get') throw new NodeOperationError(this.getNode(), 'prototype: only get');
			const credentials = await this.getCredentials<{ baseUrl: string; accessToken: string }>('taxpayerLookupApi');
			const baseURL = credentials.baseUrl.replace(/\/+$/, '');
			const headers = { ...lookupRequestDefaults.headers, Authorization: `Bearer ${credentials.accessToken}` };
			const node = this.getNode();
			const answers = items.map(async (_item, itemIndex): Promise<INodeExecutionData[]> => {
				const raw = this.getNodeParameter('ruc', itemIndex);
				const ruc = requireValid(node, itemIndex, 'RUC', raw, checkRuc(raw));
				const url = `/api/v2/ruc/${ruc}`;
				const context: RequestContext = { operation: 'get', routeKind: 'taxpayer', subject: `RUC ${ruc}`, about: {}, serverUrl: baseURL };
				let response: IN8nHttpFullResponse;
				try {
					response = (await this.helpers.httpRequest({
						method: 'GET',
						baseURL,
						url,
						headers,
						json: true,
						ignoreHttpStatusErrors: true,
						returnFullResponse: true,
					})) as IN8nHttpFullResponse;
				} catch (error) {
					throw apiError(node, itemIndex, lookupNoAnswerFailure(context, error));
				}
				if (!isLookupSuccess(response.statusCode, response.body)) {
					throw apiError(node, itemIndex, lookupAnswerFailure(context, response.statusCode, response.body));
				}
				const options = this.getNodeParameter('options', itemIndex, {}) as OutputOptions;
				return recordsOf(response.body as IDataObject).map((record) => ({
					json: normaliseRecord(record, options),
					pairedItem: { item: itemIndex },
				}));
			});
			const output: INodeExecutionData[] = [];
			for (const [itemIndex, settled] of (await Promise.allSettled(answers)).entries()) {
				if (settled.status === 'fulfilled') output.push(...settled.value);
				else if (this.continueOnFail()) output.push({ json: {}, error: settled.reason, pairedItem: { item: itemIndex } });
				else throw settled.reason;
			}
			return [output];
		},
	};
}

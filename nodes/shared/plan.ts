// An operation as the runner runs it: its plan, made once per operation (never per item: its fields
// listed, its own facts bound), and where one of its items runs (RoutingNode's request hook or a
// custom operation's execute function). runner.ts runs an item with them.
import type { ICredentialDataDecryptedObject, IExecuteFunctions, IExecuteSingleFunctions, IN8nHttpFullResponse, INodeExecutionData } from 'n8n-workflow';

import { apiFieldsOf, type Api, type Field, type ItemReader, type Operation, type OwnFacts, type RequestOptions, type Resource, type Values } from './contract';
import type { RunFunctions } from './itemReader';
import type { RunServer } from './server';
import { ownFieldsOf } from './simplify';

/** The fields an operation reads, in order: its own (with Simplify, before its Options), then those of its API (when it sends). */
export const fieldsOf = (api: Api, op: Operation): readonly Field[] => [...ownFieldsOf(op), ...apiFieldsOf(api, op)];

/** An operation's own facts, from its resource's name and its definition. */
export const ownFactsOf = (resourceName: string, op: Operation): OwnFacts => ({
	title: `${resourceName} → ${op.name}`,
	...(op.since ? { since: op.since } : {}),
	...(op.answers ? { answers: op.answers.bind(op) } : {}),
});

/** Where one item runs: RoutingNode's request hook, or an execute function (n8n's custom operation). */
export interface ItemRun {
	fns: RunFunctions;
	item: ItemReader;
	continueOnFail: boolean;
	/** The request as prepared so far (the route, the node's request defaults); the fields fill it. */
	request: RequestOptions;
	/** Reads where the run's requests go (the credential); the run's state asks it once per run. */
	readServer(): Promise<RunServer>;
	/** Sends a request once, with the run's copy of the credential when given (Api.token); resolves to n8n's full response. */
	transmit(request: RequestOptions, credentials?: ICredentialDataDecryptedObject): Promise<IN8nHttpFullResponse>;
	/** The item's own functions, for an operation's `send` and `toBinary` (RoutingNode's runs). */
	single?: IExecuteSingleFunctions;
	/** The execution's functions, for a custom operation's `completeRequest` (custom operations' runs). */
	execute?: IExecuteFunctions;
}

/** An operation as the runner runs it, made once per operation (never per item). */
export interface OperationPlan {
	api: Api;
	op: Operation;
	/** Its fields, then its API's (fieldsOf). */
	fields: readonly Field[];
	/** Its case of the API's error table unless `routeKindOf` says otherwise: its own, or its resource's. */
	routeKind: string;
	own: OwnFacts;
}

/** The plan of one of a resource's operations. */
export const planOf = (api: Api, resource: Pick<Resource, 'name' | 'value'>, op: Operation): OperationPlan => ({
	api,
	op,
	fields: fieldsOf(api, op),
	routeKind: op.routeKind ?? resource.value,
	own: ownFactsOf(resource.name, op),
});

/** What one item made: its output items, and its values when its request succeeded. */
export interface ItemOutcome {
	items: INodeExecutionData[];
	sent?: Values;
}

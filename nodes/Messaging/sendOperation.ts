// Every send is built here, so none can be written without its instance, its Options (with Pause
// Between Messages) and its place in the instance's order: through one instance, messages go one
// at a time, in item order (pace.ts).
import type { INodeProperties } from 'n8n-workflow';

import { operation, valueOf, type Field, type Operation, type ValuesOf } from '../shared/contract';
import { instance } from './fields';
import { drawPause, pauseBetweenMessages } from './pace';
import { sendOptionsField } from './sendOptions';

/** A send's fields: the instance, the send's own, then its Options and the pause they hold. */
type SendFields<Fields extends readonly Field[]> = readonly [
	typeof instance,
	...Fields,
	ReturnType<typeof sendOptionsField>,
	typeof pauseBetweenMessages,
];

export interface SendDefinition<Fields extends readonly Field[]>
	extends Omit<Operation<ValuesOf<SendFields<Fields>>>, 'request' | 'fields' | 'inOrder'> {
	/** The route, POSTed: `/message/<send>/{instanceName}`. */
	path: string;
	/** The send's own fields, between the instance and the Options. */
	fields: Fields;
	/** The options the route honours, as body keys (delay, quoted message, mentions...). */
	routeOptions: INodeProperties[];
	/** Options of the send's own, read by its own fields (a document's file name...). */
	ownOptions?: INodeProperties[];
}

export function sendOperation<const Fields extends readonly Field[]>({
	path,
	fields,
	routeOptions,
	ownOptions,
	...definition
}: SendDefinition<Fields>): Operation<ValuesOf<SendFields<Fields>>> {
	const sendFields: SendFields<Fields> = [instance, ...fields, sendOptionsField(routeOptions, ownOptions), pauseBetweenMessages];
	return operation({
		...definition,
		request: { method: 'POST', path },
		fields: sendFields,
		inOrder: (values) => ({ lane: valueOf(values, instance), pauseMs: drawPause(valueOf(values, pauseBetweenMessages)) }),
	});
}

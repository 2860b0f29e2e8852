// Every send is built here, so none can be written without its instance, its Options (with Pause
// Between Messages) and its place in the instance's order: through one instance, messages go one
// at a time, in item order (pace.ts). A send that carries a file declares it (`upload`), and gets
// its upload's hooks here (media/upload.ts).
import type { INodeProperties } from 'n8n-workflow';

import { operation, valueOf, type Field, type Operation, type ValuesOf } from '../shared/contract';
import { instance } from './fields';
import { uploadHooks, type FileUpload } from './media/upload';
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
	/**
	 * The file the send carries, declared: a binary file goes as a form upload streamed from n8n's
	 * binary store, or as base64 under its key where a form cannot carry the body (media/upload.ts).
	 * Its hooks (`requestAsSent`, `send`: a refused form sent again as JSON) are made here.
	 */
	upload?: FileUpload<ValuesOf<SendFields<Fields>>>;
}

export function sendOperation<const Fields extends readonly Field[]>({
	path,
	fields,
	routeOptions,
	ownOptions,
	upload,
	...definition
}: SendDefinition<Fields>): Operation<ValuesOf<SendFields<Fields>>> {
	const hooks = upload && uploadHooks(upload, definition.adjustRequest);
	if (hooks && (definition.requestAsSent || definition.send)) throw new Error(`${definition.name}: an upload makes the send's requestAsSent and send`);
	// The item's upload record comes after the fields that make the body; no callback of the send reads it by type.
	const own = hooks ? [...fields, hooks.attempt] : fields;
	const sendFields: SendFields<Fields> = [instance, ...(own as unknown as Fields), sendOptionsField(routeOptions, ownOptions), pauseBetweenMessages];
	return operation({
		...definition,
		...(hooks ? { requestAsSent: hooks.requestAsSent, send: hooks.send } : {}),
		request: { method: 'POST', path },
		fields: sendFields,
		inOrder: (values) => ({ lane: valueOf(values, instance), pauseMs: drawPause(valueOf(values, pauseBetweenMessages)) }),
	});
}

// A prototype, for measurement only, of the change proposed for Send Media's memory (BENCHMARKS.md,
// "Send Media"): once the prepare steps have built the request body, serialise it ONCE into a Buffer
// whose `media` field is written straight from the base64 string, and hand n8n's HTTP client that
// Buffer (with Content-Type: application/json). n8n's client (axios) sends a Buffer body as it is;
// given an object it runs JSON.stringify (a 20 MB string for a 15 MB file) and then copies that
// string into a Buffer (another 20 MB). The bytes on the wire are the same JSON document.
//
// In the shipped code the change belongs in nodes/shared/messaging/transport.ts, `sendWith`: after
// the prepare steps, `return await this.makeRoutingRequest({ ...requestData, options: withJsonBuffer(requestData.options) })`
// (withJsonBuffer below; it leaves bodies without a large `media` string alone). Here the same is applied around the shipped routing function.
import type { DeclarativeRestApiSettings, IDataObject, IExecutePaginationFunctions, INodeProperties, INodeType } from 'n8n-workflow';

import { nodeTypesRegistry } from '../test/harness/engine';

/** Request body as one Buffer (change 1). */
export const BUFFER_BODY_MESSAGING = 'bench.messagingBufferBody';
/** Change 1, and the answer read as a Buffer whose echoed `message.base64` is skipped (change 2). */
export const BUFFER_BOTH_MESSAGING = 'bench.messagingBufferBoth';

type Options = DeclarativeRestApiSettings.HttpRequestOptions;

/** Bodies whose `media` is at least this long go out as one Buffer (small ones are not worth it). */
const BUFFER_BODY_FROM = 64 * 1024;

/**
 * The request with its JSON body as one Buffer: `{...other fields,"media":"<base64>"}`. Base64 needs
 * no JSON escaping, so the string is copied in byte for byte (latin1) without a JSON string of it.
 */
export function withJsonBuffer(options: Options): Options {
	const body = options.body as IDataObject | undefined;
	if (!body || typeof body !== 'object' || Buffer.isBuffer(body) || typeof body.media !== 'string' || body.media.length < BUFFER_BODY_FROM) {
		return options;
	}
	const { media, ...rest } = body;
	const others = JSON.stringify(rest);
	const head = Buffer.from(`${others.slice(0, -1)}${others === '{}' ? '' : ','}"media":"`, 'utf8');
	const tail = Buffer.from('"}', 'utf8');
	const buffer = Buffer.allocUnsafe(head.length + media.length + tail.length);
	head.copy(buffer, 0);
	buffer.write(media, head.length, 'latin1');
	tail.copy(buffer, head.length + media.length);
	return { ...options, body: buffer as unknown as IDataObject, headers: { ...options.headers, 'Content-Type': 'application/json' } };
}

/**
 * Change 2: the Evolution API answers Send Media with the message, `message.base64` included (the
 * whole file again, 20 MB). Read as JSON, n8n's client keeps the raw chunks, concatenates them,
 * decodes them to a string and parses it: three more copies, and the parsed one lives until the
 * output is built (toMessageItem drops it). Asked for as `encoding: 'arraybuffer'`, the client stops
 * at the concatenated Buffer; the JSON is parsed with the base64 value cut out.
 */
export function parseSkippingBase64(body: Buffer): unknown {
	const key = Buffer.from('"base64":"');
	const start = body.indexOf(key);
	const end = start < 0 ? -1 : body.indexOf('"', start + key.length);
	const text = end < 0 ? body.toString('utf8') : Buffer.concat([body.subarray(0, start + key.length), body.subarray(end)]).toString('utf8');
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

type PostReceive = (this: unknown, items: unknown[], response: { body: unknown }) => Promise<unknown>;

type Pagination = (this: IExecutePaginationFunctions, requestData: DeclarativeRestApiSettings.ResultOptions) => Promise<unknown>;

export function bufferBodyMessaging(readAnswerAsBuffer = false): INodeType {
	const shipped = nodeTypesRegistry.getByName('n8n-nodes-taxpayer-messaging.messaging') as INodeType;
	const properties = shipped.description.properties.map((property): INodeProperties => {
		if (property.name !== 'operation' || !property.options?.some((option) => 'value' in option && option.value === 'sendMedia')) return property;
		return {
			...property,
			options: property.options.map((option) => {
				if (!('value' in option) || option.value !== 'sendMedia' || !option.routing?.operations) return option;
				const original = option.routing.operations.pagination as Pagination;
				const pagination: Pagination = async function (requestData) {
					const self = Object.create(this, {
						makeRoutingRequest: {
							value: async (data: DeclarativeRestApiSettings.ResultOptions) =>
								await this.makeRoutingRequest({
									...data,
									options: readAnswerAsBuffer ? { ...withJsonBuffer(data.options), encoding: 'arraybuffer' } : withJsonBuffer(data.options),
								}),
						},
					}) as IExecutePaginationFunctions;
					return await original.call(self, requestData);
				};
				const output = option.routing.output ?? {};
				const postReceive = readAnswerAsBuffer
					? ((output.postReceive ?? []) as unknown as PostReceive[]).map(
							(step): PostReceive =>
								async function (items, response) {
									const body = Buffer.isBuffer(response.body) ? parseSkippingBase64(response.body) : response.body;
									return await step.call(this, items, { ...response, body });
								},
						)
					: output.postReceive;
				return {
					...option,
					routing: { ...option.routing, operations: { ...option.routing.operations, pagination }, output: { ...output, postReceive } },
				};
			}),
		} as INodeProperties;
	});
	return Object.assign(Object.create(Object.getPrototypeOf(shipped)), shipped, {
		description: { ...shipped.description, properties },
	}) as INodeType;
}

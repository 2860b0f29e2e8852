// The envelopes Evolution answers errors in (wrapped, unwrapped), and a failed schema as the
// server answers it.
import { validateSchema, type JsonSchema } from './schema.ts';
import type { CannedAnswer } from './types.ts';

/** The wrapped envelope of message routes and guards. */
export const wrapped = (status: number, error: string, message: unknown): CannedAnswer => ({
	status,
	body: { status, error, response: { message } },
});
/** The unwrapped envelope of whatsappNumbers (since 2.3.0 it answers the raw exception). */
export const unwrapped = (message: unknown[]): CannedAnswer => ({
	status: 400,
	body: { status: 400, error: 'Bad Request', message },
});
export const badRequest = (message: unknown) => wrapped(400, 'Bad Request', message);
export const notFound = (message: unknown) => wrapped(404, 'Not Found', message);
/** What an uncaught error (a TypeError, or Baileys' closed socket) becomes: 500 with a string message. */
export const internalError = (message: string) => wrapped(500, 'Internal Server Error', message);
export const CONNECTION_CLOSED = 'Connection Closed';
/**
 * A send to an instance that never had a WhatsApp socket (FakeInstance.socket false), as the real
 * 2.3.7 answers it: the number check's TypeError (sendText, sendWhatsAppAudio…), or, where the media
 * is prepared before the check (sendMedia, sendPtv), the upload's, in an array.
 */
export const NO_SOCKET_CHECK = "Cannot read properties of undefined (reading 'onWhatsApp')";
export const noSocketUpload = () => wrapped(500, 'Internal Server Error', ["TypeError: Cannot read properties of undefined (reading 'waUploadToServer')"]);

/** dataValidate: a failed schema is a 400 whose message is the list of errors inside a list. */
export function schemaFailure(body: Record<string, unknown>, schema: JsonSchema): CannedAnswer | undefined {
	const errors = validateSchema(body, schema);
	return errors.length ? badRequest([errors.map((error) => error.message)]) : undefined;
}

/** The group validators spread their `{property, message}` errors into a flat list. */
export function groupSchemaFailure(body: Record<string, unknown>, schema: JsonSchema): CannedAnswer | undefined {
	const errors = validateSchema(body, schema);
	return errors.length ? badRequest(errors) : undefined;
}

/** What a Meta error, or any error, carries into the envelope below (Graph API's `error` object). */
export interface MetaError {
	message: unknown;
	code?: string | number;
	type?: string;
	error_subcode?: number;
	error_user_title?: string;
	error_user_msg?: string;
	fbtrace_id?: string;
}

/**
 * createMetaErrorResponse: how the business and template routes answer any error they catch, their
 * schema's included: 400, the message at the top, Meta's fields (or defaults) in `details`.
 */
export function metaErrorResponse(error: MetaError, context: string): CannedAnswer {
	const title = error.error_user_title || error.message || 'Unknown error';
	const userMessage = error.error_user_msg || error.message || 'Unknown error';
	return {
		status: 400,
		body: {
			status: 400,
			error: 'Bad Request',
			message: title,
			details: {
				whatsapp_error: userMessage,
				whatsapp_code: error.code || 'UNKNOWN_ERROR',
				error_user_title: title,
				error_user_msg: userMessage,
				error_type: error.type || 'UNKNOWN',
				error_subcode: error.error_subcode || null,
				fbtrace_id: error.fbtrace_id || null,
				context,
				type: 'whatsapp_api_error',
			},
			timestamp: new Date().toISOString(),
		},
	};
}

/** The Cloud API channel's answer to a Baileys-only method (a label, a call). */
export const NOT_ON_CLOUD_API = 'Method not available on WhatsApp Business API';

// The call route (the node's Chat → Offer Call): call/offer, as the Baileys channel answers it.
// 2.3.0 to 2.3.6 have the call commented out and answer a fixed id whatever the connection; 2.2
// rang through Baileys' offerCall and hung up after `callDuration` seconds (`callRelease: '2.2'`).
import { randomBytes } from 'node:crypto';

import { badRequest, CONNECTION_CLOSED, NOT_ON_CLOUD_API, schemaFailure } from './answers.ts';
import { isCloudApi } from './instance.ts';
import { createJid } from './numbers.ts';
import { numberSchema, type JsonSchema } from './schema.ts';
import { isOpen } from './state.ts';
import type { CannedAnswer, FakeInstance, FakeState } from './types.ts';

/** src/validate/message.schema.ts's offerCallSchema. */
const OFFER_CALL_SCHEMA: JsonSchema = {
	type: 'object',
	properties: {
		number: numberSchema,
		isVideo: { type: 'boolean', enum: [true, false] },
		callDuration: { type: 'integer', minimum: 1, maximum: 15 },
	},
	required: ['number', 'callDuration'],
};

/** The service's catch returns the error itself: Baileys' Boom for a closed socket, serialised. */
const closedSocket = () => ({
	data: null,
	isBoom: true,
	isServer: false,
	output: { statusCode: 428, payload: { statusCode: 428, error: 'Precondition Required', message: CONNECTION_CLOSED }, headers: {} },
});

/** POST /call/offer (201). */
export function offerCall(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, OFFER_CALL_SCHEMA);
	if (invalid) return invalid;
	if (isCloudApi(instance)) return badRequest([NOT_ON_CLOUD_API]);
	const jid = createJid(String(body.number));
	const isVideo = body.isVideo as boolean | undefined;
	const callDuration = body.callDuration as number;
	if (state.options.callRelease !== '2.2') return { status: 201, body: { id: '123', jid, isVideo, callDuration } };
	if (!isOpen(instance)) return { status: 201, body: closedSocket() };
	state.fake.calls.push({ instance: instance.name, jid, isVideo: isVideo === true, callDuration });
	return { status: 201, body: { id: randomBytes(16).toString('hex').toUpperCase(), to: jid } };
}

import { checkNumberInRange } from '../../../shared/checks';
import { operation, type Answer, type RequestContext } from '../../../shared/contract';
import { detail, type Failure } from '../../../shared/errors';
import { asBody, isNotOnCloudApi, notOnCloudApi } from '../../businessErrors';
import { instanceOf, isMessagingSuccess, recipientOf, serverReason } from '../../errors';
import { checkedField, inBody, pickerField } from '../../../shared/fields';
import { instance, recipient } from '../../fields';

const callType = pickerField(
	{
		displayName: 'Call Type',
		name: 'callType',
		type: 'options',
		options: [
			{ name: 'Voice', value: 'voice' },
			{ name: 'Video', value: 'video' },
		],
		default: 'voice',
		description: 'Whether the call rings as a voice or a video call',
	},
	{ problem: 'is not Voice or Video', hint: 'Pick one from the list.' },
	inBody('isVideo', (type) => type === 'video'),
);

/** The schema's bounds: a whole number of seconds from 1 to 15. */
const callDuration = checkedField(
	{
		displayName: 'Ring For (Seconds)',
		name: 'callDuration',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 15 },
		default: 10,
		description: 'How long the call rings before the server ends it, 1 to 15 seconds',
	},
	(raw) => checkNumberInRange(raw, 1, 15, 'seconds', true),
	inBody('callDuration'),
);

/** Evolution 2.3.0 to 2.4.0-rc2 answer Offer Call with this, without calling (the call is commented out in their code). */
const isOfferCallStub = (answer: Record<string, unknown>) => answer.id === '123' && 'jid' in answer && !('to' in answer);

/** The stub's answer, a caught error as a 2xx (2.2: Baileys' Boom, serialised), and a Cloud API instance's refusal. */
function offerCallAnswers({ statusCode, body }: Answer, context: RequestContext): Failure | undefined {
	const httpCode = String(statusCode);
	const instance = instanceOf(context);
	if (statusCode >= 200 && statusCode < 300) {
		const answer = asBody(body);
		if (isOfferCallStub(answer)) {
			return {
				message: `${instance} did not call ${recipientOf(context)}: this Evolution API answers Offer Call without placing the call ${detail(httpCode, 'id "123"')}`,
				description: 'Evolution API 2.3.0 to 2.4.0-rc2 have the call switched off in their code and answer a fixed id; only 2.2.x rings. Send a message instead, or run a 2.2 server for calls.',
				httpCode,
			};
		}
		if (answer.isBoom !== true && isMessagingSuccess(statusCode, body, context)) return undefined;
		const boom = asBody(asBody(answer.output).payload);
		return {
			message: `${instance} could not call ${recipientOf(context)} ${detail(httpCode, String(boom.message ?? 'the call failed'))}`,
			description: 'Check in the Evolution API manager that the instance is connected, then try again.',
			httpCode,
		};
	}
	const reason = serverReason(body);
	return isNotOnCloudApi(reason) ? notOnCloudApi(instance, 'calls', httpCode, reason) : undefined;
}

export const offerCall = operation({
	name: 'Offer Call',
	value: 'offerCall',
	action: 'Ring a number with a WhatsApp call',
	description: 'Ring a number with a voice or video call that ends by itself (Evolution 2.2)',
	subtitle: 'Offer Call',
	request: { method: 'POST', path: '/call/offer/{instanceName}' },
	fields: [instance, recipient, callType, callDuration],
	answers: offerCallAnswers,
});

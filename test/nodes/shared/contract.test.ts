// The typed contract between fields, operations and error tables: an operation's values are typed
// by its fields (a callback that reads what no field gives does not compile), a send cannot be
// written without its instance, Options, pause and order, and errors read named slots that the
// fields carrying them fill.
import { describe, expect, expectTypeOf, it } from 'vitest';

import { ok } from '../../../nodes/shared/checks';
import { operation, valueOf, type Field, type ValuesOf } from '../../../nodes/shared/contract';
import { checkedField } from '../../../nodes/shared/fields';
import { instance, recipient } from '../../../nodes/Messaging/fields';
import { messageKey } from '../../../nodes/Messaging/messageKey';
import { pauseBetweenMessages } from '../../../nodes/Messaging/pace';
import { chat } from '../../../nodes/Messaging/resources/chat';
import { group } from '../../../nodes/Messaging/resources/group';
import { instanceResource } from '../../../nodes/Messaging/resources/instance';
import { message } from '../../../nodes/Messaging/resources/message';
import { sendOperation } from '../../../nodes/Messaging/sendOperation';

const ruc = checkedField({ displayName: 'RUC', name: 'ruc', type: 'string', default: '' }, (raw) => ok(String(raw)));
const count: Field<'count', number> = { name: 'count', properties: [], read: () => 1 };

describe('an operation typed by its fields', () => {
	it("names a field's value by the field's name, and infers the values from the fields", () => {
		expectTypeOf(ruc.name).toEqualTypeOf<'ruc'>();
		expectTypeOf<ValuesOf<[typeof ruc, typeof count]>>().toEqualTypeOf<{ ruc: string; count: number }>();
		const op = operation({
			name: 'Get',
			value: 'get',
			action: 'Get',
			description: 'Get',
			fields: [ruc, count],
			subject: (values) => {
				expectTypeOf(values).toEqualTypeOf<{ ruc: string; count: number }>();
				return `RUC ${values.ruc}`;
			},
		});
		expect(op.subject?.({ ruc: '20131312955', count: 1 })).toBe('RUC 20131312955');
	});
});

/**
 * What must not compile, checked by the type check of the tests (`npm run typecheck`), where an
 * `@ts-expect-error` with no error under it is itself an error; never run.
 */
export function refusedByTheTypeCheck() {
	operation({
		name: 'Get',
		value: 'get',
		action: 'Get',
		description: 'Get',
		fields: [ruc],
		// @ts-expect-error: no field named "dni"
		subject: ({ dni }) => `DNI ${String(dni)}`,
	});
	// @ts-expect-error: "ruc" is a string, not a number
	const wrong: number = valueOf({ ruc: '1' }, ruc);
	// @ts-expect-error: routeOptions is required, so a send always has its Options (and the pause in them)
	sendOperation({ name: 'Send X', value: 'sendX', action: 'Send X', description: 'X', path: '/message/sendX/{instanceName}', fields: [recipient] });
	return wrong;
}

describe('sends', () => {
	const sends = message.operations.filter((op) => op.request?.path.startsWith('/message/send'));

	it('are all built by sendOperation: the instance first, the Options and the pause last, in order per instance', () => {
		expect(sends.map((op) => op.value).sort()).toEqual(
			[
				'sendAndWait',
				'sendAudio',
				'sendButtons',
				'sendCarousel',
				'sendContact',
				'sendList',
				'sendLocation',
				'sendMedia',
				'sendPoll',
				'sendReaction',
				'sendStatus',
				'sendSticker',
				'sendTemplate',
				'sendText',
				'sendVideoNote',
			],
		);
		for (const op of sends) {
			expect(op.fields[0], op.value).toBe(instance);
			expect(op.fields.at(-2)?.name, op.value).toBe('options');
			expect(op.fields.at(-1), op.value).toBe(pauseBetweenMessages);
			expect(op.request?.method, op.value).toBe('POST');
			expect(op.inOrder?.({ instanceName: 'sales', pause: { minMs: 2000, maxMs: 2000 } }), op.value).toEqual({ lane: 'sales', pauseMs: 2000 });
		}
	});

	it('gets the instance, the Options its route honours and the pause itself (without routeOptions it does not compile: refusedByTheTypeCheck)', () => {
		const send = sendOperation({ name: 'Send X', value: 'sendX', action: 'Send X', description: 'X', path: '/message/sendX/{instanceName}', fields: [recipient], routeOptions: [] });
		expect(send.fields.map((field) => field.name)).toEqual(['instanceName', 'number', 'options', 'pause']);
		expect(send.request).toEqual({ method: 'POST', path: '/message/sendX/{instanceName}' });
	});
});

describe('error slots', () => {
	const operations = [message, chat, group, instanceResource].flatMap((resource) => resource.operations);
	const fields = [...new Set(operations.flatMap((op) => op.fields))];

	it('are filled by every field that carries an instance, a recipient, a message or a group', () => {
		const carriers = fields.filter((field) => ['instanceName', 'number', 'key', 'messageId', 'groupJid'].includes(field.name));
		// Send Invite's group is the same parameter placed in the body: a field of its own, with the slot too.
		expect([...new Set(carriers.map((field) => field.name))].sort()).toEqual(['groupJid', 'instanceName', 'key', 'messageId', 'number']);
		for (const field of carriers) expect(field.about, field.name).toBeTypeOf('function');
	});

	it("name the message of a key, not the field's name", () => {
		expect(messageKey.about?.({ remoteJid: '51987654321@s.whatsapp.net', fromMe: false, id: '3EB0C431C26A1916E07A' })).toEqual({ messageId: '3EB0C431C26A1916E07A' });
		expect(recipient.about?.({ given: '+51 987 654 321', number: '51987654321' })).toEqual({ recipient: { given: '+51 987 654 321', sent: '51987654321' } });
		expect(instance.about?.('sales')).toEqual({ instance: 'sales' });
	});
});

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';

export const generateMessageId = operation({
	name: 'Generate Message ID',
	value: 'generateMessageId',
	action: 'Generate message ID',
	description: "A new message ID, as the instance's WhatsApp client makes them (Evolution 2.4+)",
	subtitle: 'Generate Message ID',
	// baileys.router.ts: the ID Baileys' generateMessageIDV2 makes for the instance's own number; nothing is sent.
	request: { method: 'GET', path: '/baileys/generateMessageID/{instanceName}' },
	since: '2.4.0',
	fields: [instance],
	subject: () => 'a new message ID',
	toItems: (answer) => [{ messageId: (answer as { id?: unknown }).id ?? null }],
});

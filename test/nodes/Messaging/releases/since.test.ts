// Every operation whose route came with a later Evolution release says so (`since`, read by the
// runner): the operations are found in the node's resources, not listed by hand, so an operation
// whose `since` is dropped, wrong or not honoured fails here. Their release is Evolution's, as
// evolutionRoutes.ts holds it for each route 2.3.6 lacks.
import type { IDataObject } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';

import { RELEASES, type EvolutionRelease } from '../../../../fakes/evolution';
import type { Operation } from '../../../../nodes/shared/contract';
import { MESSAGING_RESOURCES } from '../../../../nodes/Messaging/resources';
import { findChannels } from '../../../../nodes/Messaging/resources/chat/findChannels';
import { markAsPlayed } from '../../../../nodes/Messaging/resources/chat/markAsPlayed';
import { updateMemberAddMode } from '../../../../nodes/Messaging/resources/group/updateMemberAddMode';
import { generateMessageId } from '../../../../nodes/Messaging/resources/message/generateMessageId';
import { getPollVotes } from '../../../../nodes/Messaging/resources/message/getPollVotes';
import { sendCarousel } from '../../../../nodes/Messaging/resources/message/sendCarousel';
import { deleteTemplate } from '../../../../nodes/Messaging/resources/template/delete';
import { editTemplate } from '../../../../nodes/Messaging/resources/template/edit';
import { ROUTE_SINCE } from '../evolutionRoutes';
import { instance, itemsOf, runMessaging, useEvolutionFake } from '../helpers';

const state = useEvolutionFake();

/** The operations with `since`, with their resource, as the node has them. */
const laterOnes = MESSAGING_RESOURCES.flatMap((resource) => resource.operations.filter((op) => op.since).map((op) => ({ resource, op })));

/** An operation's route as evolutionRoutes.ts writes it: `POST /chat/findChannels/:instanceName`. */
const routeOf = (op: Operation) => `${op.request!.method} ${op.request!.path.replace(/\{(\w+)\}/g, ':$1')}`;

/** Valid parameters for each operation with `since` (keyed by the operation itself: a typo does not compile). */
const VALID = new Map<Operation, IDataObject>([
	[editTemplate, { templateId: '1122334455667788', options: { components: '[{"type": "BODY", "text": "Hola"}]' } }],
	[deleteTemplate, { templateName: 'pedido_listo' }],
	[markAsPlayed, { messages: { message: [{ chat: '51987654321', messageId: 'AAAA1111' }] } }],
	[findChannels, { returnAll: true }],
	[sendCarousel, { number: '51987654321', text: 'Nuevos', carouselCards: { card: [{ imageUrl: 'https://example.com/polo.jpg', body: 'Polo', buttons: { button: [{ type: 'reply', displayText: 'Lo quiero', id: 'polo' }] } }] } }],
	[getPollVotes, { messageBy: 'fields', chat: '51987654321', messageId: 'ABCDEF123456' }],
	[generateMessageId, {}],
	[updateMemberAddMode, { groupJid: { __rl: true, mode: 'list', value: '120363111111111111@g.us' }, memberAddMode: 'admin_add' }],
]);

/** The newest release the fake plays that is older than `since` (2.4.0 is played by 2.4.0-rc2). */
function olderThan(since: string): EvolutionRelease {
	const first = RELEASES.findIndex((release) => release.startsWith(since));
	expect(first, `the fake plays ${since}`).toBeGreaterThan(0);
	return RELEASES[first - 1];
}

describe("an operation's release (`since`)", () => {
	it('is set on every operation whose route 2.3.6 lacks, and is the release Evolution brought the route with', () => {
		expect(laterOnes.length).toBeGreaterThan(0);
		const withRoute = MESSAGING_RESOURCES.flatMap((resource) => resource.operations.filter((op) => op.request && routeOf(op) in ROUTE_SINCE));
		expect(withRoute.map((op) => [op.value, op.since])).toEqual(withRoute.map((op) => [op.value, ROUTE_SINCE[routeOf(op)]]));
		expect(laterOnes.map(({ op }) => op).filter((op) => !withRoute.includes(op))).toEqual([]);
	});

	it.each(laterOnes.map(({ resource, op }) => [`${resource.name} → ${op.name}`, resource, op] as const))(
		'%s: a server older than its release answers 404, and the error names the operation and the release, per item with Continue On Fail',
		async (title, resource, op) => {
			const { fake } = state;
			const parameters = VALID.get(op);
			expect(parameters, `valid parameters for ${title} in VALID`).toBeDefined();
			fake.release = olderThan(op.since!);
			const result = await runMessaging(fake, {
				parameters: { resource: resource.value, operation: op.value, instanceName: instance('sales'), ...parameters },
				items: itemsOf({}, {}),
				continueOnFail: true,
			});
			// Each item's request went to the operation's route (the one the test above ties to Evolution's release).
			const path = op.request!.path.replace('{instanceName}', 'sales');
			expect(fake.requests.filter((request) => request.path !== '/').map((request) => [request.method, request.path.replace(/\?.*$/, '')])).toEqual([
				[op.request!.method, path],
				[op.request!.method, path],
			]);
			expect(result.items.map((item) => [item.json.error, item.pairedItem])).toEqual(
				[0, 1].map((index) => [
					`The server has no route for ${title}: it is older than Evolution API ${op.since} (404: Cannot ${op.request!.method} ${path}) [item ${index}]`,
					{ item: index },
				]),
			);
		},
	);
});

// The instance routes (the node's instance resource and its instance list): fetchInstances, which
// answers the global key and instance tokens differently, and connectionState.
import type { IncomingHttpHeaders } from 'node:http';

import { notFound, wrapped } from './answers.ts';
import type { CannedAnswer, FakeInstance, FakeState } from './types.ts';

function instanceRow(state: FakeState, instance: FakeInstance) {
	return {
		id: state.idOf(instance.name),
		name: instance.name,
		connectionStatus: instance.connectionStatus,
		ownerJid: instance.ownerJid,
		profileName: instance.profileName,
		profilePicUrl: null,
		integration: 'WHATSAPP-BAILEYS',
		number: null,
		token: instance.token,
		clientName: 'evolution_exchange',
		createdAt: '2026-01-01T00:00:00.000Z',
		updatedAt: '2026-01-01T00:00:00.000Z',
		Setting: { rejectCall: false, groupsIgnore: false, alwaysOnline: false },
		_count: { Message: 0, Contact: 0, Chat: 0 },
	};
}

/** GET /instance/fetchInstances: no instance in the path; the key decides what is seen. */
export function fetchInstances(state: FakeState, headers: IncomingHttpHeaders, query: URLSearchParams): CannedAnswer {
	const key = headers.apikey;
	const instanceName = query.get('instanceName') || undefined;
	const instanceId = query.get('instanceId') || undefined;
	const number = query.get('number') || undefined;
	const all = [...state.fake.instances.values()];
	if (key !== state.fake.apiKey) {
		// An instance token sees only its own instance, narrowed further by name or id.
		const visible = all.filter(
			(instance) =>
				key === instance.token &&
				(!instanceName || instance.name === instanceName) &&
				(!instanceId || state.idOf(instance.name) === instanceId),
		);
		if (visible.length === 0) return wrapped(401, 'Unauthorized', 'Unauthorized');
		return { status: 200, body: visible.map((instance) => instanceRow(state, instance)) };
	}
	if (instanceId || number) {
		const byId = instanceId ? all.find((instance) => state.idOf(instance.name) === instanceId) : undefined;
		if (!byId) return notFound([`Instance "${instanceId ?? number}" not found`]);
		return { status: 200, body: [instanceRow(state, byId)] };
	}
	if (instanceName) {
		const named = state.fake.instances.get(instanceName);
		if (!named) return notFound([`Instance "${instanceName}" not found`]);
		return { status: 200, body: [instanceRow(state, named)] };
	}
	return { status: 200, body: all.map((instance) => instanceRow(state, instance)) };
}

export function connectionState(_state: FakeState, instance: FakeInstance): CannedAnswer {
	return { status: 200, body: { instance: { instanceName: instance.name, state: instance.connectionStatus } } };
}

import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { operation, type SendRequest, type SharedRun } from '../../../shared/contract';
import { apiError } from '../../../shared/errors';
import { instance } from '../../fields';
import { compareReleases, releaseParts, serverReleaseOfRun } from '../../serverRelease';
import { NEWER_EVENTS } from '../../trigger/events';
import { itemsWithoutSecrets } from '../../secrets';
import { integrationKind, type Transport } from './integrations';
import { enabled, events, transport, transportSettings, type TransportSettings } from './transportFields';

const PUSHER_APP = ['appId', 'key', 'secret', 'cluster'] as const;
const PUSHER_LABELS = { appId: 'App ID', key: 'Key', secret: 'Secret', cluster: 'Cluster' };

/** What the instance has stored for the transport (`null`: never set). */
async function storedOf(send: SendRequest, picked: Transport, instanceName: string): Promise<IDataObject> {
	const url = `/${picked}/find/${encodeURIComponent(instanceName)}`;
	const stored = await send({ method: 'GET', url, body: undefined }, undefined, { nullIsAnswer: true });
	return (stored ?? {}) as IDataObject;
}

/** An item's error about what neither the item nor the stored settings give (nothing was set). */
function missing(fns: IExecuteSingleFunctions, instanceName: string, what: string, hint: string): never {
	throw apiError(fns.getNode(), fns.getItemIndex(), {
		message: `${what} is not given, and instance "${instanceName}" has none stored: nothing was set`,
		description: hint,
	});
}

/**
 * The Webhook's keys: those given, else the stored ones. Headers left out stay stored while the
 * URL stays, and are cleared when it changes, so a new receiver never gets another's secret.
 */
function webhookKeys(given: TransportSettings, stored: IDataObject, on: boolean, fail: (what: string, hint: string) => never): IDataObject {
	const storedUrl = typeof stored.url === 'string' ? stored.url : '';
	const url = given.url ?? storedUrl;
	if (on && !url) fail('Webhook URL', 'Add Webhook URL under Settings to Change: where the events are POSTed.');
	const headers = given.headers ?? (url !== storedUrl ? {} : undefined);
	return { url, ...(given.byEvents !== undefined ? { byEvents: given.byEvents } : {}), ...(given.base64 !== undefined ? { base64: given.base64 } : {}), ...(headers ? { headers } : {}) };
}

/** Pusher's keys, all required by its schema: those given, else the stored ones; a Pusher turned on needs its app. */
function pusherKeys(given: TransportSettings, stored: IDataObject, on: boolean, fail: (what: string, hint: string) => never): IDataObject {
	const keys: IDataObject = {};
	for (const name of PUSHER_APP) {
		keys[name] = given[name] ?? (typeof stored[name] === 'string' ? stored[name] : '');
		if (on && !keys[name]) fail(PUSHER_LABELS[name], "Add it under Settings to Change, from your Pusher app's App Keys page.");
	}
	keys.useTLS = given.useTLS ?? stored.useTLS === true;
	return keys;
}

/**
 * Refuses, before setting anything, events the server's release does not have (it would answer
 * its schema's `is not one of enum values`); the release is read only when such an event is
 * picked, once per run (the run's state keeps it: found here, off the path of every other item).
 * A server that does not name its release is sent the list as it is.
 */
async function checkEventsOfRelease(fns: IExecuteSingleFunctions, run: SharedRun, chosen: string[]): Promise<void> {
	const newer = chosen.filter((name) => NEWER_EVENTS[name]);
	if (!newer.length) return;
	const release = await serverReleaseOfRun(fns, run);
	const parts = releaseParts(release);
	if (!parts) return;
	const refused = newer.filter((name) => compareReleases(parts, releaseParts(NEWER_EVENTS[name])!) < 0);
	if (!refused.length) return;
	throw apiError(fns.getNode(), fns.getItemIndex(), {
		message: `Events holds ${refused.map((name) => `${name} (Evolution ${NEWER_EVENTS[name]} on)`).join(', ')}, which this server (Evolution ${release}) does not have: nothing was set`,
		description: 'Evolution refuses event names its release does not know. Leave those out, or update the server.',
	});
}

export const setEventTransport = operation({
	name: 'Set Event Transport',
	value: 'setEventTransport',
	action: 'Set event transport of instance',
	description: "Turn a transport on or off with its events (Webhook: replaces a trigger's)",
	subtitle: 'Set Event Transport',
	request: { method: 'POST', path: '/{transport}/set/{instanceName}' },
	fields: [instance, transport, enabled, events, transportSettings],
	routeKindOf: ({ transport }) => integrationKind(transport),
	/**
	 * `{<transport>: {enabled, events, …}}`. Pusher's route requires its whole app, and the
	 * Webhook's its URL, even to turn them off: their stored settings are read first and sent back
	 * for what was not given (two requests).
	 */
	async send(send, { instanceName, transport: picked, enabled: on, events: chosen, transportSettings: given }, fns, run) {
		await checkEventsOfRelease(fns, run, chosen);
		const body: IDataObject = { enabled: on, events: chosen };
		if (picked === 'webhook' || picked === 'pusher') {
			const stored = await storedOf(send, picked, instanceName);
			const fail = (what: string, hint: string) => missing(fns, instanceName, what, hint);
			Object.assign(body, picked === 'webhook' ? webhookKeys(given, stored, on, fail) : pusherKeys(given, stored, on, fail));
		}
		return await send({ body: { [picked]: body } });
	},
	toItems: itemsWithoutSecrets,
});

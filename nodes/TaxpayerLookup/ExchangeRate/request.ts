// What the Exchange Rate Trigger's sources share: one request of a poll (within the poll's
// deadline, waiting out a quota refusal only while the poll may run), the dates of its answers,
// and what a source's poll finds.
import { NodeOperationError, type IDataObject, type IPollFunctions } from 'n8n-workflow';

import type { NOT_FOUND } from '../../shared/contract';
import { pollBudgetMs } from '../../shared/n8nReleases';
import type { LookupRouteKind } from '../errors';
import { lookupRequest } from '../transport';

export interface TriggerOptions {
	/** On first activation, emit the latest rate once instead of nothing. */
	emitLatestOnFirstActivation?: boolean;
	/** Turn precio_compra / precio_venta into numbers. */
	numbersAsNumbers?: boolean;
}

/** What one series' poll found: the records to emit and the date to remember. */
export interface Finding {
	records: IDataObject[];
	remember: string;
}

/** The longest one request may take; a poll also stays within the engine's poll budget. */
const REQUEST_TIMEOUT_MS = 60_000;
export const DATE = /^\d{4}-\d{2}-\d{2}$/;

const addDays = (date: string, days: number) =>
	new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export const nextDay = (date: string): string => addDays(date, 1);
export const previousDay = (date: string): string => addDays(date, -1);

/**
 * When this poll must be done by: n8n abandons a poll that outlasts its budget, so each request
 * waits at most for what is left of it (and never more than REQUEST_TIMEOUT_MS).
 */
export type Deadline = number;

export function pollDeadline(fns: IPollFunctions): Deadline {
	return Date.now() + pollBudgetMs(fns, REQUEST_TIMEOUT_MS);
}

const timeLeft = (deadline: Deadline) => Math.max(1, Math.min(REQUEST_TIMEOUT_MS, deadline - Date.now()));

/** A poll waits out a quota refusal if the quota comes back before its deadline; a manual test never waits. */
const quotaWait = (fns: IPollFunctions, deadline: Deadline) => (fns.getMode() === 'manual' ? 0 : deadline - Date.now());

interface PollRequest {
	url: string;
	qs?: IDataObject;
	/** What the request is about, for errors: "latest USD rate". */
	subject: string;
	routeKind: LookupRouteKind;
}

/** GETs one lookup route for this poll; throws the Taxpayer Lookup node's readable error. */
export async function pollRequest(fns: IPollFunctions, deadline: Deadline, request: PollRequest): Promise<IDataObject> {
	return await lookupRequest(fns, { ...request, timeout: timeLeft(deadline), maxQuotaWaitMs: quotaWait(fns, deadline) });
}

/** pollRequest, with a 404 resolving to NOT_FOUND (a day without a rate). */
export async function pollRequestOrNotFound(
	fns: IPollFunctions,
	deadline: Deadline,
	request: PollRequest,
): Promise<IDataObject | typeof NOT_FOUND> {
	return await lookupRequest(fns, {
		...request,
		timeout: timeLeft(deadline),
		maxQuotaWaitMs: quotaWait(fns, deadline),
		notFoundIsAnswer: true,
	});
}

/** A rate record, which must say its date: which day it belongs to decides whether it is new. */
export function checkDated(fns: IPollFunctions, body: IDataObject, what: string): IDataObject {
	if (typeof body.fecha !== 'string' || !DATE.test(body.fecha)) {
		throw new NodeOperationError(fns.getNode(), `The lookup API answered ${what} without a date`, {
			description: `Expected a "fecha" as YYYY-MM-DD, got ${JSON.stringify(body.fecha)}. Try again later; if it persists, the API changed.`,
		});
	}
	return body;
}

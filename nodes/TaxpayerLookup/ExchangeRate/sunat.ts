// The Exchange Rate Trigger's SUNAT source: SUNAT's latest rate and, when days were missed, each
// of them asked one by one (SUNAT has no history route), at most SUNAT_DAYS_PER_POLL a poll.
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { NOT_FOUND } from '../../shared/contract';
import { SUNAT_LATEST_RATE_PATH, SUNAT_RATE_PATH, sunatRecord } from '../rates';
import {
	checkDated,
	nextDay,
	pollRequest,
	pollRequestOrNotFound,
	previousDay,
	type Deadline,
	type Finding,
	type TriggerOptions,
} from './request';

/**
 * The most missed days one poll asks for, a request each. A longer gap (n8n off for weeks) is
 * filled over the next polls, a month at a time, oldest first: a poll stays well within its
 * budget and the plan's 15-minute quota.
 */
export const SUNAT_DAYS_PER_POLL = 31;

/** SUNAT's latest rate, as Get Latest (SUNAT) gives it: `moneda` is "USD" when the API leaves it out. */
export async function fetchSunatLatest(fns: IPollFunctions, deadline: Deadline): Promise<IDataObject> {
	const subject = 'latest SUNAT USD rate';
	const body = await pollRequest(fns, deadline, { url: SUNAT_LATEST_RATE_PATH, subject, routeKind: 'sunatRate' });
	return sunatRecord(checkDated(fns, body, `the ${subject}`));
}

/**
 * The rate SUNAT published on `day`, or null when it published none that day. The API answers such
 * a day with 404, or with the last rate published before it, dated that earlier day: the rate the
 * tax rule carries over, not a new one (docs/lookup-api.md).
 */
async function sunatRatePublishedOn(fns: IPollFunctions, day: string, deadline: Deadline): Promise<IDataObject | null> {
	const subject = `SUNAT USD rate for ${day}`;
	const body = await pollRequestOrNotFound(fns, deadline, { url: SUNAT_RATE_PATH, qs: { fecha: day }, subject, routeKind: 'sunatRate' });
	if (body === NOT_FOUND) return null;
	return checkDated(fns, body, `the ${subject}`).fecha === day ? sunatRecord(body) : null;
}

/**
 * One poll of SUNAT's rate: as the SBS's, the latest rate, and before it the days after the last
 * emitted one that SUNAT published; past SUNAT_DAYS_PER_POLL missed days, only those, and the
 * date remembered is the last day asked (every day up to it is settled: emitted, or without a rate).
 */
export async function pollSunat(
	fns: IPollFunctions,
	lastEmitted: string | undefined,
	options: TriggerOptions,
	deadline: Deadline,
): Promise<Finding> {
	const latest = await fetchSunatLatest(fns, deadline);
	const latestDate = String(latest.fecha);
	if (lastEmitted === undefined) {
		return { records: options.emitLatestOnFirstActivation ? [latest] : [], remember: latestDate };
	}
	if (latestDate <= lastEmitted) return { records: [], remember: lastEmitted };
	const records: IDataObject[] = [];
	for (let day = nextDay(lastEmitted), asked = 0; day < latestDate; day = nextDay(day), asked++) {
		// The rest of the gap, and the latest rate, come with the next polls, in date order.
		if (asked === SUNAT_DAYS_PER_POLL) return { records, remember: previousDay(day) };
		const record = await sunatRatePublishedOn(fns, day, deadline);
		if (record) records.push(record);
	}
	return { records: [...records, latest], remember: latestDate };
}

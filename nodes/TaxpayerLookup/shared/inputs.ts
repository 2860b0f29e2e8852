// Request preparation steps: read a parameter of the current item, check it (nothing is sent when it is bad)
// and put the clean value into the request.
import type { DeclarativeRestApiSettings, IExecuteSingleFunctions } from 'n8n-workflow';

import { requireValid } from '../../shared/invalidInput';
import {
	checkCurrency,
	checkDateRange,
	checkRateDate,
	checkRuc,
	type Checked,
} from '../../shared/validation';

type RequestOptions = DeclarativeRestApiSettings.HttpRequestOptions;

function checked<T>(
	fns: IExecuteSingleFunctions,
	parameter: string,
	label: string,
	check: (raw: unknown) => Checked<T>,
): T {
	const raw = fns.getNodeParameter(parameter);
	return requireValid(fns.getNode(), fns.getItemIndex(), label, raw, check(raw));
}

/** Fills the route's `{ruc}` with the checked RUC: 11 digits, so nothing typed can change the path. */
export async function withRuc(this: IExecuteSingleFunctions, request: RequestOptions) {
	const ruc = checked(this, 'ruc', 'RUC', checkRuc);
	request.url = String(request.url).replace(/\{ruc\}/, ruc);
	return request;
}

export async function withCurrency(this: IExecuteSingleFunctions, request: RequestOptions) {
	const currency = checked(this, 'currency', 'Currency', checkCurrency);
	request.qs = { ...request.qs, moneda: currency };
	return request;
}

export async function withDate(this: IExecuteSingleFunctions, request: RequestOptions) {
	const date = checked(this, 'date', 'Date', (raw) => checkRateDate(raw));
	request.qs = { ...request.qs, fecha: date };
	return request;
}

export async function withDateRange(this: IExecuteSingleFunctions, request: RequestOptions) {
	const start = checked(this, 'startDate', 'Start Date', (raw) => checkRateDate(raw));
	const end = checked(this, 'endDate', 'End Date', (raw) => checkRateDate(raw));
	const range = requireValid(this.getNode(), this.getItemIndex(), 'Date range', `${start} to ${end}`, checkDateRange(start, end));
	request.qs = { ...request.qs, fecha_inicio: range.start, fecha_fin: range.end };
	return request;
}

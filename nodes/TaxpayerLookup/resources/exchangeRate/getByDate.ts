import { operation } from '../../../shared/contract';
import { date, rateRouteKind, sourcedCurrency } from '../../fields';
import { RATE_BY_DATE_PATH, SUNAT_DAYS_LOOKED_BACK, sunatRateOn } from '../../rates';

export const getByDate = operation({
	name: 'Get by Date',
	value: 'getByDate',
	action: 'Get exchange rate for date',
	description: '1 query: the SBS or SUNAT buy and sell rate of one day',
	notice: `SBS: rates exist from 2010 and only for business days, a weekend or holiday has none (use Get History for a span). SUNAT: the rate that applies on the day, the last one published on or before it (up to ${SUNAT_DAYS_LOOKED_BACK} days back, one more query per day looked back).`,
	subtitle: 'Get Rate by Date',
	request: { method: 'GET', path: RATE_BY_DATE_PATH },
	fields: [sourcedCurrency, date],
	subject: ({ rate, date }) => (rate.source === 'sunat' ? `SUNAT USD rate for ${date}` : `${rate.currency} rate for ${date}`),
	routeKindOf: rateRouteKind,
	send: async (send, { rate, date }) => (rate.source === 'sunat' ? await sunatRateOn(send, date) : await send()),
});

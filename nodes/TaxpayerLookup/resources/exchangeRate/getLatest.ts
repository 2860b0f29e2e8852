import { operation } from '../../../shared/operation';
import { currency } from '../../fields';
import { LATEST_RATE_PATH } from '../../rates';

export const getLatest = operation({
	name: 'Get Latest',
	value: 'getLatest',
	action: 'Get the latest exchange rate',
	description:
		'The most recently published SBS rate. New rates appear on business days between 00:00 and 06:00 Lima time.',
	request: { method: 'GET', path: LATEST_RATE_PATH },
	fields: [currency],
	subject: ({ currency }) => `latest ${currency} rate`,
});

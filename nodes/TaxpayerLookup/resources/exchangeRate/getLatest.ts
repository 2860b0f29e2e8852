import { operation } from '../../../shared/operation';
import { currency } from '../../fields';
import { LATEST_RATE_PATH } from '../../rates';

export const getLatest = operation({
	name: 'Get Latest',
	value: 'getLatest',
	action: 'Get latest exchange rate',
	description: '1 query: the most recently published SBS rate',
	notice: 'New rates appear on business days between 00:00 and 06:00 Lima time.',
	subtitle: 'Get Latest Rate',
	request: { method: 'GET', path: LATEST_RATE_PATH },
	fields: [currency],
	subject: ({ currency }) => `latest ${currency} rate`,
});

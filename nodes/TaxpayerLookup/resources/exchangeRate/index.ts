import type { Resource } from '../../../shared/contract';
import { getByDate } from './getByDate';
import { getHistory } from './getHistory';
import { getLatest } from './getLatest';

export const exchangeRate: Resource = {
	name: 'Exchange Rate',
	value: 'exchangeRate',
	operations: [getByDate, getHistory, getLatest],
	default: 'getLatest',
};

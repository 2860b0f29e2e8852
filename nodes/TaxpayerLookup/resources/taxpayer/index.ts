import type { Resource } from '../../../shared/contract';
import { get } from './get';
import { getCoactiveDebt } from './getCoactiveDebt';
import { getEconomicActivity } from './getEconomicActivity';
import { getLegalRepresentatives } from './getLegalRepresentatives';
import { getRealTime } from './getRealTime';
import { getWithActivity } from './getWithActivity';
import { validate } from './validate';

export const taxpayer: Resource = {
	name: 'Taxpayer',
	value: 'taxpayer',
	operations: [get, getCoactiveDebt, getEconomicActivity, getLegalRepresentatives, getRealTime, getWithActivity, validate],
	default: 'get',
};

import { bad, checkNumberInRange, ok, type Checked } from '../../../shared/checks';
import { valueOf, type Field } from '../../../shared/contract';
import { checkedField, inBody } from '../../../shared/fields';
import { recipient } from '../../fields';
import { MESSAGE_OPTIONS } from '../../sendOptions';
import { sendOperation } from '../../sendOperation';

const coordinate = <N extends 'latitude' | 'longitude'>(name: N, limit: number, example: string) =>
	checkedField(
		{
			displayName: name === 'latitude' ? 'Latitude' : 'Longitude',
			name,
			type: 'number',
			typeOptions: { minValue: -limit, maxValue: limit, numberPrecision: 6 },
			required: true,
			default: 0,
			placeholder: `e.g. ${example}`,
			description: `Decimal degrees, from -${limit} to ${limit} (${name === 'latitude' ? 'south is negative' : 'west is negative'})`,
		},
		(raw) => checkNumberInRange(raw, -limit, limit, 'degrees'),
		inBody(name),
	);

const latitude = coordinate('latitude', 90, '-12.046374');
const longitude = coordinate('longitude', 180, '-77.042793');

/** Optional text; the route requires the key, so an unset value goes as an empty string. */
const label = <N extends string>(displayName: string, name: N, example: string, description: string) =>
	checkedField(
		{ displayName, name, type: 'string', default: '', placeholder: `e.g. ${example}`, description },
		(raw): Checked<string> => ok(raw === undefined || raw === null ? '' : String(raw).trim()),
		inBody(name),
	);

/** 0, 0 is the parameters' default, in the ocean: almost surely coordinates not filled in. */
const notBothZero: Field<'coordinatesSet', void> = {
	name: 'coordinatesSet',
	properties: [],
	read(item, before) {
		if (valueOf(before, latitude) === 0 && valueOf(before, longitude) === 0) {
			item.require('Latitude and Longitude', '0, 0', bad('are both 0, a point in the ocean', 'Set the coordinates, e.g. -12.046374 and -77.042793 for Lima.'));
		}
	},
};

export const sendLocation = sendOperation({
	name: 'Send Location',
	value: 'sendLocation',
	action: 'Send location',
	description: 'Send a map pin with a name and an address',
	path: '/message/sendLocation/{instanceName}',
	fields: [
		recipient,
		latitude,
		longitude,
		notBothZero,
		label('Location Name', 'name', 'Oficina Central', 'The place\'s name, shown in bold above the address'),
		label('Address', 'address', 'Av. Javier Prado Este 123, San Isidro, Lima', 'The address shown under the name'),
	],
	routeOptions: MESSAGE_OPTIONS,
});

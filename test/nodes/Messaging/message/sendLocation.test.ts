import { describe, expect, it } from 'vitest';

import { instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake();

const sendLocation = (overrides: Record<string, unknown> = {}) => ({
	resource: 'message',
	operation: 'sendLocation',
	instanceName: instance('sales'),
	number: '51987654321',
	latitude: -12.046374,
	longitude: -77.042793,
	name: 'Oficina Central',
	address: 'Av. Javier Prado Este 123, San Isidro',
	...overrides,
});

describe('Send Location', () => {
	it('sends the coordinates, name and address, and outputs the location message', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: sendLocation({ options: { delay: 500, mentionsEveryOne: false } }) });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.path, r.body])).toEqual([
			[
				'/message/sendLocation/sales',
				{
					number: '51987654321',
					latitude: -12.046374,
					longitude: -77.042793,
					name: 'Oficina Central',
					address: 'Av. Javier Prado Este 123, San Isidro',
					delay: 500,
					mentionsEveryOne: false,
				},
			],
		]);
		expect(result.items[0].json).toMatchObject({
			messageType: 'locationMessage',
			message: { locationMessage: { degreesLatitude: -12.046374, degreesLongitude: -77.042793, name: 'Oficina Central' } },
		});
	});

	it('sends an empty name and address when none is given (the route requires the keys) and takes numeric text', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: sendLocation({ name: '', address: '', latitude: '={{ $json.lat }}', longitude: '={{ $json.lng }}' }),
			items: itemsOf({ lat: '-16.398803', lng: '-71.536883' }),
		});
		expect(result.error).toBeUndefined();
		expect(fake.requests[0].body).toEqual({ number: '51987654321', latitude: -16.398803, longitude: -71.536883, name: '', address: '' });
	});

	it.each([
		[{ latitude: 91 }, 'Latitude 91 is not a number of degrees from -90 to 90. Nothing was sent. [item 0]'],
		[{ longitude: -180.5 }, 'Longitude -180.5 is not a number of degrees from -180 to 180. Nothing was sent. [item 0]'],
		[{ latitude: '={{ "south" }}' }, 'Latitude "south" is not a number of degrees from -90 to 90. Nothing was sent. [item 0]'],
		[{ latitude: 0, longitude: 0 }, 'Latitude and Longitude "0, 0" are both 0, a point in the ocean. Nothing was sent. [item 0]'],
	])('refuses %j before any request', async (overrides, message) => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: sendLocation(overrides) });
		expect(stopError(result).message).toBe(message);
		expect(fake.requests).toEqual([]);
	});
});

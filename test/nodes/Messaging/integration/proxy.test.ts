import { describe, expect, it } from 'vitest';

import { instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake();

const set = (overrides: Record<string, unknown> = {}) => ({
	resource: 'integration',
	operation: 'setProxy',
	instanceName: instance('sales'),
	enabled: true,
	proxyUrl: 'http://proxy.example.com:3128',
	proxyUsername: 'ventas',
	proxyPassword: 'pr0xy-pass',
	...overrides,
});

const requests = () => state.fake.requests.map((r) => [r.method, r.path, r.body]);

describe('Integration → Set Proxy', () => {
	it('POSTs the six keys from the Proxy URL and the login; the password stays out of the item', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: set() });
		expect(result.error).toBeUndefined();
		expect(requests()).toEqual([
			['POST', '/proxy/set/sales', { enabled: true, host: 'proxy.example.com', port: '3128', protocol: 'http', username: 'ventas', password: 'pr0xy-pass' }],
		]);
		expect(result.items).toEqual([
			{ json: { instanceName: 'sales', enabled: true, host: 'proxy.example.com', port: '3128', protocol: 'http', username: 'ventas' }, pairedItem: { item: 0 } },
		]);
		expect(fake.integrations.proxies.get('sales')).toMatchObject({ host: 'proxy.example.com', password: 'pr0xy-pass' });
	});

	it('turns the proxy off with every setting blank, and a socks proxy with its port', async () => {
		const { fake } = state;
		await runMessaging(fake, { parameters: set({ enabled: false }) });
		await runMessaging(fake, { parameters: set({ proxyUrl: 'socks://10.0.0.5:1080', proxyUsername: '', proxyPassword: '' }) });
		expect(requests().map(([, , body]) => body)).toEqual([
			{ enabled: false, host: '', port: '', protocol: '', username: '', password: '' },
			{ enabled: true, host: '10.0.0.5', port: '1080', protocol: 'socks', username: '', password: '' },
		]);
	});

	it.each([
		['https://proxy.example.com:443', /^Proxy URL "https:\/\/proxy\.example\.com:443" has the protocol https, which the server cannot use: only http and socks/],
		['proxy.example.com:3128', /^Proxy URL "proxy\.example\.com:3128" has no protocol \(http:\/\/ or socks:\/\/\)/],
		['http://ventas:secret@proxy.example.com:3128', /^Proxy URL .* holds a login/],
		['socks://10.0.0.5', /^Proxy URL "socks:\/\/10\.0\.0\.5" has no port/],
		// An empty value from an expression (n8n itself refuses the empty parameter).
		['={{ "" }}', /^Proxy URL "" is empty: a proxy is needed to turn it on/],
	])('refuses the Proxy URL %j before any request', async (proxyUrl, message) => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: set({ proxyUrl }) });
		expect(stopError(result).message).toMatch(message);
		expect(fake.requests).toEqual([]);
	});

	it('refuses a password the server would break the address with, without showing it', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: set({ proxyPassword: 'a/b#c' }) });
		expect(stopError(result).message).toBe(
			'Password "(hidden)" holds /, ?, # or a space, which the server puts unencoded into the proxy\'s address. Nothing was sent. [item 0]',
		);
		expect(fake.requests).toEqual([]);
	});

	it("says the server could not use the proxy (400 Invalid proxy), and keeps pairedItem under Continue On Fail", async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: set({ proxyUrl: '={{ $json.proxy }}' }),
			items: itemsOf({ proxy: 'http://dead.invalid:3128' }, { proxy: 'http://proxy.example.com:8080' }),
			continueOnFail: true,
		});
		expect(result.items.map((item) => [item.pairedItem, item.json.error ?? item.json.port])).toEqual([
			[{ item: 0 }, 'The server could not use the proxy for instance "sales" (400: Invalid proxy) [item 0]'],
			[{ item: 1 }, '8080'],
		]);
		expect(result.items[0].error?.description).toMatch(/icanhazip\.com/);
	});
});

describe('Integration → Get Proxy', () => {
	it('GETs the proxy without its password; none set gives enabled false', async () => {
		const { fake } = state;
		const never = await runMessaging(fake, { parameters: { resource: 'integration', operation: 'getProxy', instanceName: instance('Support Team') } });
		expect(never.items[0].json).toEqual({ enabled: false, host: '', port: '', protocol: '', username: '' });
		await runMessaging(fake, { parameters: set() });
		const stored = await runMessaging(fake, { parameters: { resource: 'integration', operation: 'getProxy', instanceName: instance('sales') } });
		expect(requests().filter(([method]) => method === 'GET')).toEqual([
			['GET', '/proxy/find/Support%20Team', undefined],
			['GET', '/proxy/find/sales', undefined],
		]);
		expect(stored.items[0].json).toMatchObject({ enabled: true, host: 'proxy.example.com', port: '3128', protocol: 'http', username: 'ventas' });
		expect(stored.items[0].json).not.toHaveProperty('password');
	});

	it('names an instance the server does not have', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: { resource: 'integration', operation: 'getProxy', instanceName: instance('nope', 'name') } });
		expect(stopError(result).message).toBe('The instance "nope" does not exist on the server (404: The "nope" instance does not exist) [item 0]');
	});
});

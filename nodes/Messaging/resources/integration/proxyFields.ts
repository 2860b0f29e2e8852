// The proxy of Set Proxy as ProxyDto names it (enabled, host, port, protocol, username, password),
// from one Proxy URL and its login. Evolution's proxy agent knows only http and socks.
import { bad, ok, type Checked } from '../../../shared/checks';
import { valueOf, type Field } from '../../../shared/contract';
import { enabled } from './transportFields';

export interface ProxyBody {
	enabled: boolean;
	host: string;
	port: string;
	protocol: string;
	username: string;
	password: string;
}

const URL_HINT = 'Give the proxy as protocol://host:port, e.g. http://proxy.example.com:3128 or socks://10.0.0.5:1080; its login goes in Username and Password.';

/** makeProxyAgent builds `${protocol}://${username}:${password}@${host}:${port}` unencoded: these end the login early. */
const BREAKS_URL = /[/?#\s]/;

function checkProxyUrl(raw: unknown): Checked<Pick<ProxyBody, 'host' | 'port' | 'protocol'>> {
	const text = typeof raw === 'string' ? raw.trim() : '';
	if (text === '') return bad('is empty: a proxy is needed to turn it on', URL_HINT);
	if (!/^[a-z][a-z\d+.-]*:\/\//i.test(text)) return bad('has no protocol (http:// or socks://)', URL_HINT);
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return bad('is not a URL', URL_HINT);
	}
	const protocol = url.protocol.slice(0, -1);
	if (protocol !== 'http' && protocol !== 'socks')
		return bad(`has the protocol ${protocol}, which the server cannot use: only http and socks`, URL_HINT);
	if (url.username || url.password) return bad('holds a login', 'Put the login in Username and Password, where the password stays hidden.');
	if ((url.pathname !== '' && url.pathname !== '/') || url.search || url.hash) return bad('has a path, query or fragment', URL_HINT);
	// The URL parser drops http's default port; socks has none.
	const port = url.port || (protocol === 'http' ? '80' : '');
	if (!port) return bad('has no port', URL_HINT);
	return ok({ protocol, host: url.hostname.replace(/^\[|\]$/g, ''), port });
}

const checkLogin = (label: string, colon: boolean) => (raw: unknown): Checked<string> => {
	if (raw === undefined || raw === null) return ok('');
	if (typeof raw !== 'string' && typeof raw !== 'number') return bad('is not text', `Give the proxy's ${label}, or leave it empty.`);
	const value = String(raw);
	if (BREAKS_URL.test(value) || (colon && value.includes(':')))
		return bad(`holds ${colon ? ':, ' : ''}/, ?, # or a space, which the server puts unencoded into the proxy's address`, `Use a ${label} without those characters.`);
	return ok(value);
};

/** The proxy, on (from Proxy URL, Username, Password) or off (the server blanks every setting). */
export const proxy: Field<'proxy', ProxyBody> = {
	name: 'proxy',
	properties: [
		{
			displayName: 'Proxy URL',
			name: 'proxyUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. http://proxy.example.com:3128',
			description: 'The proxy the instance reaches WhatsApp through: http or socks, host and port',
			displayOptions: { show: { enabled: [true] } },
		},
		{
			displayName: 'Username',
			name: 'proxyUsername',
			type: 'string',
			default: '',
			description: "The proxy's login, if it asks for one (used only with a password)",
			displayOptions: { show: { enabled: [true] } },
		},
		{
			displayName: 'Password',
			name: 'proxyPassword',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: "The proxy login's password; it never appears in the output",
			displayOptions: { show: { enabled: [true] } },
		},
	],
	read(item, before) {
		if (!valueOf(before, enabled)) return { enabled: false, host: '', port: '', protocol: '', username: '', password: '' };
		const raw = item.parameter('proxyUrl', '');
		const address = item.require('Proxy URL', raw, checkProxyUrl(raw));
		const username = item.parameter('proxyUsername', '');
		const password = item.parameter('proxyPassword', '');
		return {
			enabled: true,
			...address,
			username: item.require('Username', username, checkLogin('username', true)(username)),
			// Shown as "(hidden)" in an error: the password itself never is.
			password: item.require('Password', password === '' ? '' : '(hidden)', checkLogin('password', false)(password)),
		};
	},
	// Every key, username and password too: with only the four required ones the schema refuses empty ones.
	to(request, value) {
		request.body = { ...value };
	},
};

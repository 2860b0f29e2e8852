// The server's welcome route, `GET /` (Get Server Info, and the credential test's release): no
// instance, no key, as index.router.ts answers it.
import type { IncomingHttpHeaders } from 'node:http';

import { versionOf } from './release.ts';
import type { CannedAnswer, FakeState } from './types.ts';

/** What fetchLatestWaWebVersion finds (web.whatsapp.com's client revision), fixed. */
export const FAKE_WA_WEB_VERSION = '2.3000.1028450000';

/** 2.3.0 added `whatsappWebVersion`; `manager` is left out when the server disables it. */
export function serverInfo(state: FakeState, headers: IncomingHttpHeaders): CannedAnswer {
	const version = state.options.serverVersion ?? versionOf(state.fake.release);
	const [major, minor] = version.split('.').map(Number);
	const since23 = major > 2 || (major === 2 && minor >= 3);
	return {
		status: 200,
		body: {
			status: 200,
			message: 'Welcome to the Evolution API, it is working!',
			version,
			clientName: 'evolution_exchange',
			manager: `http://${headers.host ?? `127.0.0.1:${state.fake.port}`}/manager`,
			documentation: 'https://doc.evolution-api.com',
			...(since23 ? { whatsappWebVersion: FAKE_WA_WEB_VERSION } : {}),
		},
	};
}

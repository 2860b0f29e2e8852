// The server's welcome route, `GET /` (Get Server Info, and the credential test's release): no
// instance, no key, as index.router.ts answers it.
import type { IncomingHttpHeaders } from 'node:http';

import { versionOf } from './release.ts';
import type { CannedAnswer, FakeState } from './types.ts';

/** What fetchLatestWaWebVersion finds (web.whatsapp.com's client revision), fixed. */
export const FAKE_WA_WEB_VERSION = '2.3000.1028450000';

/** 2.3.0 added `whatsappWebVersion`; `manager` is left out when the server disables it. */
export function serverInfo(state: FakeState, headers: IncomingHttpHeaders): CannedAnswer {
	const version = playedVersion(state);
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

/** The version `GET /` names: `serverVersion` when given, else the release the fake plays. */
const playedVersion = (state: FakeState) => state.options.serverVersion ?? versionOf(state.fake.release);

/** Whether the release the fake plays (as `GET /` names it) is `release` or later. */
export function releaseAtLeast(state: FakeState, release: string): boolean {
	const played = playedVersion(state).split(/[.-]/).map(Number);
	const wanted = release.split('.').map(Number);
	for (let index = 0; index < wanted.length; index++) {
		const part = played[index] || 0;
		if (part !== wanted[index]) return part > wanted[index];
	}
	return true;
}

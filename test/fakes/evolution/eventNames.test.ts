// The event names the node offers and checks (nodes/Messaging/trigger/events.ts) agree with the names
// the fake accepts as each release (fakes/evolution/release.ts), both read in Evolution's
// EventController.events of that release: a name added to one list and not the other fails here, so
// the trigger's and transports' release checks cannot drift from what the fake plays.
import { describe, expect, it } from 'vitest';

import { RELEASES, eventsOf, versionOf } from '../../../fakes/evolution/release';
import { compareReleases, releaseParts } from '../../../nodes/Messaging/serverRelease';
import { ALL_EVOLUTION_EVENTS, NEWER_EVENTS } from '../../../nodes/Messaging/trigger/events';

describe('event names, node and fake', () => {
	it.each(RELEASES)('Evolution %s: the node knows exactly the names the fake accepts', (release) => {
		const parts = releaseParts(versionOf(release))!;
		const newer = Object.keys(NEWER_EVENTS).filter((name) => compareReleases(parts, releaseParts(NEWER_EVENTS[name])!) >= 0);
		expect([...ALL_EVOLUTION_EVENTS, ...newer].sort()).toEqual([...eventsOf(release)].sort());
	});

	it('2.4 has one name more than 2.3, MESSAGING_HISTORY_SET', () => {
		expect(eventsOf('2.4.0-rc2').filter((name) => !eventsOf('2.3.7').includes(name))).toEqual(['MESSAGING_HISTORY_SET']);
	});
});

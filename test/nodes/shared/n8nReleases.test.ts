// What nodes/shared/n8nReleases.ts does with each release's n8n-workflow: the module is swapped for
// the real n8n-workflow of n8n 1.123.0 (1.120.0), 1.123.81 (1.120.31) and 2.0.0 (2.0.0), installed
// as dev dependencies named after their n8n, beside the one installed for n8n 2.41 (2.41.0).
import { createRequire } from 'node:module';

import type { ICredentialDataDecryptedObject, INode } from 'n8n-workflow';
import { afterEach, describe, expect, it, vi } from 'vitest';

const requireHere = createRequire(__filename);

const node: INode = {
	id: 'node',
	name: 'Messaging',
	type: 'n8n-nodes-taxpayer-messaging.messaging',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

const restricted = (allowedDomains: string): ICredentialDataDecryptedObject => ({
	apiKey: 'key',
	allowedHttpRequestDomains: 'domains',
	allowedDomains,
});

/** n8nReleases.ts loaded with `workflowPackage` as its n8n-workflow. */
async function releasesWith(workflowPackage: string) {
	vi.resetModules();
	vi.doMock('n8n-workflow', () => requireHere(workflowPackage) as object);
	return await import('../../../nodes/shared/n8nReleases');
}

afterEach(() => {
	vi.doUnmock('n8n-workflow');
	vi.resetModules();
});

describe("the domains a credential allows, as each release's RoutingNode derives them", () => {
	it('n8n 2.41 (options form): the list, with the node\'s own host added (the credential owns it)', async () => {
		const releases = await releasesWith('n8n-workflow');
		expect(releases.credentialAllowedDomains(node, restricted('example.com'), 'https://evolution.example.org')).toBe(
			'evolution.example.org, example.com',
		);
		expect(releases.credentialAllowedDomains(node, restricted('*.example.org'), 'https://evolution.example.org')).toBe('*.example.org');
		expect(releases.credentialAllowedDomains(node, { apiKey: 'key' }, 'https://evolution.example.org')).toBeUndefined();
	});

	it('n8n 1.123.81 (positional form, n8n-workflow 1.120.31): the list, with the node\'s own host added', async () => {
		const releases = await releasesWith('n8n-workflow-n8n-1.123.81');
		expect(releases.credentialAllowedDomains(node, restricted('example.com'), 'https://evolution.example.org')).toBe(
			'evolution.example.org, example.com',
		);
		expect(releases.credentialAllowedDomains(node, { apiKey: 'key' }, 'https://evolution.example.org')).toBeUndefined();
	});

	it.each(['n8n-workflow-n8n-2.0.0', 'n8n-workflow-n8n-1.123.0'])(
		'%s (no such function, RoutingNode restricts nothing): no restriction, and no TypeError',
		async (workflowPackage) => {
			expect('getCredentialAllowedDomains' in (requireHere(workflowPackage) as object)).toBe(false);
			const releases = await releasesWith(workflowPackage);
			expect(releases.credentialAllowedDomains(node, restricted('example.com'), 'https://evolution.example.org')).toBeUndefined();
		},
	);
});

describe("what each release's RoutingNode refuses of a credential's restriction, before any request (for custom operations)", () => {
	const NO_ALLOWED_DOMAINS = 'No allowed domains specified. Configure allowed domains or change restriction setting.';
	const none = { apiKey: 'key', allowedHttpRequestDomains: 'none' };

	it('n8n 2.41 (options form, the node\'s own surface): domains with none listed, in its words; None and a list pass', async () => {
		const releases = await releasesWith('n8n-workflow');
		expect(releases.routingNodeDomainRefusal(node, restricted(''))?.message).toBe(NO_ALLOWED_DOMAINS);
		expect(releases.routingNodeDomainRefusal(node, none)).toBeUndefined();
		expect(releases.routingNodeDomainRefusal(node, restricted('example.com'))).toBeUndefined();
		expect(releases.routingNodeDomainRefusal(node, { apiKey: 'key' })).toBeUndefined();
	});

	it('n8n 1.123.81 (positional form; its RoutingNode refuses an empty answer itself): domains with none listed; None passes', async () => {
		const releases = await releasesWith('n8n-workflow-n8n-1.123.81');
		expect(releases.routingNodeDomainRefusal(node, restricted(''))?.message).toBe(NO_ALLOWED_DOMAINS);
		expect(releases.routingNodeDomainRefusal(node, none)).toBeUndefined();
		expect(releases.routingNodeDomainRefusal(node, restricted('example.com'))).toBeUndefined();
	});

	it.each(['n8n-workflow-n8n-2.0.0', 'n8n-workflow-n8n-1.123.0'])('%s (no such function): nothing refused', async (workflowPackage) => {
		const releases = await releasesWith(workflowPackage);
		expect(releases.routingNodeDomainRefusal(node, restricted(''))).toBeUndefined();
	});
});

describe('signed resume links', () => {
	it('asks n8n to check the signature where the release has the switch (1.123, 2.0 to 2.13)', async () => {
		const { requireSignedResumeLinks } = await import('../../../nodes/shared/n8nReleases');
		const fns = { setSignatureValidationRequired: vi.fn() };
		requireSignedResumeLinks(fns);
		expect(fns.setSignatureValidationRequired).toHaveBeenCalledOnce();
	});

	it('does nothing where every link is checked and the switch is gone (2.14 on)', async () => {
		const { requireSignedResumeLinks } = await import('../../../nodes/shared/n8nReleases');
		expect(() => requireSignedResumeLinks({})).not.toThrow();
	});
});

describe("what a failure's texts are", () => {
	it("a wrapped error's own words, along its causes and in n8n's messages", async () => {
		const { failureTexts } = await import('../../../nodes/shared/n8nReleases');
		const error = Object.assign(new Error('The service refused the connection', { cause: new Error('inner') }), { messages: ['connect ECONNREFUSED'] });
		expect(failureTexts(error)).toEqual(['The service refused the connection', 'connect ECONNREFUSED', 'inner']);
	});
});

describe("n8n's refusal of a URL outside a credential's allowed domains", () => {
	it("is read from n8n-workflow's own words, where n8n kept them (2.25 to 2.35 refuse the node's own server so)", async () => {
		const { assertUrlAllowed } = (await import('n8n-workflow')) as unknown as { assertUrlAllowed: (options: { url: string; allowedDomains: string }) => void };
		const { domainRefusal } = await import('../../../nodes/shared/n8nReleases');
		let refusal: unknown;
		try {
			assertUrlAllowed({ url: 'http://127.0.0.1:5701/api/v2/ruc/20131312955', allowedDomains: 'example.com, *.example.org' });
		} catch (error) {
			refusal = error;
		}
		expect(refusal).toBeInstanceOf(Error);
		// Before n8n-workflow 2.36 the wrapper n8n throws keeps the refusal's words only among its messages.
		const wrapped = Object.assign(new Error('The connection cannot be established'), { messages: [(refusal as Error).message] });
		// 2.33 names the whole URL, 2.41 its host and port: either way, the host.
		const expected = { host: '127.0.0.1', allowedDomains: 'example.com, *.example.org' };
		expect(domainRefusal(refusal)).toEqual(expected);
		expect(domainRefusal(wrapped)).toEqual(expected);
		expect(domainRefusal(new Error('connect ECONNREFUSED 127.0.0.1:5701'))).toBeUndefined();
	});
});

// The GitHub workflows cannot run here (no GitHub), so their structure is checked: CI runs the same
// `.ci/run` (which runs the README's test command) on pushes and pull requests, in Debian with Node 20
// as this project's CI machines; publishing runs that CI first, then publishes with npm provenance
// (n8n verifies only packages published so), with the OIDC token permission provenance needs, only
// for a version tag that matches package.json and has its CHANGELOG section.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const workflow = (name: string) => parse(read(`.github/workflows/${name}`)) as Workflow;

interface Step {
	name?: string;
	uses?: string;
	run?: string;
	with?: Record<string, unknown>;
	env?: Record<string, string>;
}
interface Job {
	'runs-on'?: string;
	container?: string | { image: string };
	'timeout-minutes'?: number;
	permissions?: Record<string, string>;
	needs?: string | string[];
	uses?: string;
	steps?: Step[];
}
interface Workflow {
	name: string;
	on: Record<string, unknown>;
	permissions?: Record<string, string>;
	jobs: Record<string, Job>;
}

/** Every shell line the job's steps run. */
const commands = (job: Job) => (job.steps ?? []).flatMap((step) => (step.run ?? '').split('\n').map((line) => line.trim()).filter(Boolean));

describe('.github/workflows/ci.yml', () => {
	const ci = workflow('ci.yml');
	const [jobName, job] = Object.entries(ci.jobs)[0];

	it('runs on pushes to main, on pull requests, and when publish.yml calls it', () => {
		expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push', 'workflow_call']);
		expect(ci.on.push).toEqual({ branches: ['main'] });
		expect(ci.permissions).toEqual({ contents: 'read' });
	});

	it("runs .ci/run in Debian 12 with Node 20, as root, within CI's 90 minutes", () => {
		expect(Object.keys(ci.jobs)).toEqual([jobName]);
		expect(job.container).toBe('node:20-bookworm');
		expect(job['timeout-minutes']).toBeLessThanOrEqual(90);
		expect(job.steps?.[0].uses).toMatch(/^actions\/checkout@v\d+$/);
		expect(commands(job)).toEqual(['bash .ci/run']);
	});

	it('keeps .cache/ (Node 24, the scanner, Verdaccio) keyed on the files that pin their versions', () => {
		const cache = job.steps?.find((step) => step.uses?.startsWith('actions/cache@') && step.with?.path === '.cache');
		expect(cache).toBeDefined();
		for (const pin of ['scripts/node24.sh', 'test/harness/n8n.mjs', 'test/harness/scanner.mjs', 'test/harness/verdaccio.mjs']) {
			expect(String(cache?.with?.key)).toContain(pin);
		}
	});

	it("keeps the n8n releases' cache folder (outside the clone) keyed on their lockfiles and their installer", () => {
		const cache = job.steps?.find((step) => step.uses?.startsWith('actions/cache@') && step.with?.path === '~/.cache/n8n-nodes-taxpayer-messaging');
		expect(cache).toBeDefined();
		for (const pin of ['test/n8n-releases/**', 'scripts/node24.sh', 'scripts/n8n/install.mjs']) {
			expect(String(cache?.with?.key)).toContain(pin);
		}
	});

	it(".ci/run runs the README's test command first", () => {
		const readmeTest = /```sh\n(npm test)\n```/.exec(read('README.md'))?.[1];
		expect(readmeTest).toBe('npm test');
		const run = read('.ci/run')
			.split('\n')
			.filter((line) => line.trim() && !line.startsWith('#') && !/^(set|cd) /.test(line));
		expect(run[0]).toBe(readmeTest);
	});
});

describe('.github/workflows/publish.yml', () => {
	const publish = workflow('publish.yml');

	it('runs only for version tags', () => {
		expect(publish.on).toEqual({ push: { tags: ['v*.*.*'] } });
	});

	it('runs CI first (ci.yml itself), then publishes', () => {
		expect(publish.jobs.ci).toEqual({ uses: './.github/workflows/ci.yml' });
		expect(publish.jobs.publish.needs).toBe('ci');
	});

	it('publishes with npm provenance: the OIDC token permission, npm publish --provenance, the npm registry', () => {
		const job = publish.jobs.publish;
		expect(publish.permissions).toEqual({ contents: 'read' });
		expect(job.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
		expect(job['runs-on']).toBe('ubuntu-latest');
		const node = job.steps?.find((step) => step.uses?.startsWith('actions/setup-node@'));
		expect(node?.with).toEqual({ 'node-version': 20, 'registry-url': 'https://registry.npmjs.org' });
		const lines = commands(job);
		expect(lines).toContain('npm publish --provenance --access public');
		expect(lines.indexOf('npm run build')).toBeGreaterThan(-1);
		expect(lines.indexOf('npm run build')).toBeLessThan(lines.indexOf('npm publish --provenance --access public'));
		const publishStep = job.steps?.find((step) => step.run?.includes('npm publish'));
		expect(publishStep?.env).toEqual({ NODE_AUTH_TOKEN: '${{ secrets.NPM_TOKEN }}' });
	});

	it("refuses a tag that is not package.json's version, or a version without its CHANGELOG section", () => {
		const check = commands(publish.jobs.publish).join('\n');
		expect(check).toContain('test "v$version" = "$GITHUB_REF_NAME"');
		expect(check).toContain('grep -q "^## \\[$version\\]" CHANGELOG.md');
	});
});

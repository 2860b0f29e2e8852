// `npm run test:browser`: a real Chromium, driven by playwright-core, against `npm start`'s sandbox
// (n8n 2.41.1 with this package, the two API fakes, their credentials and the examples), as a new
// user would meet the nodes: sign in, find the nodes and credentials by the words users type, open
// every example and each of our nodes' panels, run one step of each node (Get History as it opens),
// open the instance list and test both credentials; add a Messaging Trigger to a new workflow, make
// it listen on the sandbox's `playground` instance, deliver it a message through the Evolution
// fake's `/_fake/deliver` and answer the sender with Send Text; read the trigger's canvas subtitle;
// and listen on `sales`, which the published RUC bot holds, to read the toast that says the way
// out. Any other error toast or page error fails the step. A screenshot per step goes to
// test-results/browser/ (ignored by git).
//
// Chromium is Debian's `chromium` package (CHROMIUM_PATH to use another): installed with apt-get when
// missing and running as root, as CI does; otherwise the test stops and says how to install it.
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';

import { chromium } from 'playwright-core';

import { aptInstall, canInstall } from '../test/harness/debian.mjs';
import { PACKAGE_NAME, SANDBOX_CREDENTIALS, SANDBOX_PLAYGROUND_INSTANCE, repoRoot } from '../test/harness/n8n.mjs';
import { freePort, startProcess, stopProcess, waitUntilReady } from '../test/harness/processes.mjs';

const screenshotDir = path.join(repoRoot, 'test-results', 'browser');
const sandboxDir = path.join(repoRoot, '.cache', 'browser-sandbox');
const owner = { email: 'sandbox@example.com', password: 'Sandbox-n8n-1' };
const log = (line) => console.log(line);

/** The words users type, and the nodes each must find (display names as the node creator shows them). */
const NODE_SEARCHES = [
	['whatsapp', ['Messaging']],
	['evolution', ['Messaging']],
	['message', ['Messaging']],
	['mensaje', ['Messaging']],
	['ruc', ['Taxpayer Lookup']],
	['sunat', ['Taxpayer Lookup']],
	['sbs', ['Taxpayer Lookup', 'Exchange Rate']],
	['dni', ['Taxpayer Lookup']],
	['taxpayer', ['Taxpayer Lookup']],
	['contribuyente', ['Taxpayer Lookup']],
	['peru', ['Taxpayer Lookup']],
	['exchange rate', ['Taxpayer Lookup', 'Exchange Rate']],
	['tipo de cambio', ['Taxpayer Lookup', 'Exchange Rate']],
	// SUNAT's registers (issue 48): the words an accountant types, found by the SUNAT node's aliases.
	['sire', ['SUNAT']],
	['registro de compras', ['SUNAT']],
	['rvie', ['SUNAT']],
	['factura', ['SUNAT']],
];

/** A node panel's credential picker. */
const CREDENTIAL_PICKER = '[data-test-id="ndv"] [data-test-id="node-credentials-select"]';

/** The words the credential picker must answer with our credentials. */
const CREDENTIAL_SEARCHES = [
	['evolution', 'Messaging (WhatsApp Evolution) API'],
	['whatsapp', 'Messaging (WhatsApp Evolution) API'],
	['ruc', 'Taxpayer Lookup (MIGO RUC) API'],
	['migo', 'Taxpayer Lookup (MIGO RUC) API'],
	['taxpayer', 'Taxpayer Lookup (MIGO RUC) API'],
];

function chromiumPath() {
	const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
	const found = candidates.find((file) => existsSync(file));
	if (found) return found;
	if (canInstall()) {
		aptInstall(['chromium'], log);
		if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
	}
	throw new Error(
		'No Chromium found. Install Debian\'s package (sudo apt-get install chromium), or set CHROMIUM_PATH to a Chromium or Chrome binary.',
	);
}

/** `npm start`'s sandbox on free ports, with its data in a fresh folder; resolves once it says it is ready. */
async function startSandbox() {
	await rm(sandboxDir, { recursive: true, force: true });
	const port = await freePort();
	const env = {
		...process.env,
		PORT: String(port),
		LOOKUP_FAKE_PORT: String(await freePort()),
		MESSAGING_FAKE_PORT: String(await freePort()),
		SANDBOX_DIR: sandboxDir,
	};
	delete env.SANDBOX;
	// Its own process group (`detached`), so that a last SIGKILL reaches n8n too.
	const { child, output } = startProcess(process.execPath, [path.join(repoRoot, 'scripts', 'start.mjs')], {
		cwd: repoRoot,
		env,
		detached: true,
		onLine: (line) => {
			if (/^== |is ready|warning|failed/i.test(line.trim())) log(`   [npm start] ${line.trim()}`);
		},
	});
	const isReady = async () => /n8n [\d.]+ is ready:/.test(output());
	const stop = () => stopProcess(child, { graceMs: 30_000, group: true });
	try {
		await waitUntilReady(child, 'npm start', isReady, output, 600_000);
	} catch (error) {
		// npm start may be gone already, n8n (its child, same group) not.
		try {
			process.kill(-child.pid, 'SIGKILL');
		} catch {
			// the group is gone too
		}
		throw error;
	}
	// The fake's URL as the banner prints it (start.mjs takes another port if the one given is taken).
	const messagingUrl = /messaging API fake (http:\/\/\S+)/.exec(output())?.[1];
	return { url: `http://localhost:${port}`, messagingUrl, stop };
}

/** Steps run in order; a failing step is reported and the next one still runs. */
function stepRunner(page) {
	const failures = [];
	const pageErrors = [];
	page.on('pageerror', (error) => pageErrors.push(error.message));
	let count = 0;

	async function errorToasts() {
		return await page
			.locator('.el-notification:has(.el-notification--error)')
			.evaluateAll((toasts) => toasts.map((toast) => toast.textContent?.replace(/\s+/g, ' ').trim() ?? ''));
	}

	async function closeToasts() {
		for (const close of await page.locator('.el-notification .el-notification__closeBtn').all()) {
			await close.click({ timeout: 2_000 }).catch(() => {});
		}
	}

	return {
		failures,
		/** A screenshot in the middle of a step (a list open, a panel before it closes). */
		async snap(label) {
			const file = `${String(count).padStart(2, '0')}${label}.png`;
			await page.screenshot({ path: path.join(screenshotDir, file) }).catch(() => {});
		},
		async step(name, body) {
			count += 1;
			const file = `${String(count).padStart(2, '0')}-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}.png`;
			const start = Date.now();
			pageErrors.length = 0;
			let problem;
			try {
				await body();
				const toasts = await errorToasts();
				if (toasts.length) problem = `error toast: ${toasts.join(' | ')}`;
				else if (pageErrors.length) problem = `page error: ${pageErrors.join(' | ')}`;
			} catch (error) {
				problem = error.message.split('\n').slice(0, 6).join('\n   ');
			}
			await page.screenshot({ path: path.join(screenshotDir, file) }).catch(() => {});
			const seconds = ((Date.now() - start) / 1000).toFixed(1);
			if (problem) {
				failures.push(`${name}: ${problem}`);
				log(`✗ ${name} (${seconds} s): ${problem}  [${file}]`);
				await closeToasts();
			} else {
				log(`✓ ${name} (${seconds} s)  [${file}]`);
			}
		},
	};
}

function expect(condition, message) {
	if (!condition) throw new Error(message);
}

async function main() {
	const executablePath = chromiumPath();
	await rm(screenshotDir, { recursive: true, force: true });
	await mkdir(screenshotDir, { recursive: true });
	log('== starting the sandbox (npm start) on free ports');
	const sandbox = await startSandbox();
	let browser;
	try {
		log(`== Chromium: ${executablePath}`);
		browser = await chromium.launch({
			executablePath,
			headless: true,
			// Without the background-networking flags Chromium reaches for Google's hosts, which a
			// closed network refuses, many times over.
			args: [
				'--no-sandbox',
				'--disable-gpu',
				'--disable-quic',
				'--no-first-run',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
			],
		});
		const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, baseURL: sandbox.url });
		page.setDefaultTimeout(20_000);
		const runner = stepRunner(page);
		await runSteps(page, runner.step, runner.snap, sandbox);
		const { failures } = runner;
		if (failures.length) {
			log(`\n${failures.length} step(s) failed; screenshots in ${path.relative(repoRoot, screenshotDir)}/`);
			process.exitCode = 1;
		} else {
			log(`\nall steps passed; screenshots in ${path.relative(repoRoot, screenshotDir)}/`);
		}
	} finally {
		await browser?.close();
		log('== stopping the sandbox');
		await sandbox.stop();
	}
}

const examples = {
	checkNumbers: 'exCheckNumbers01',
	ratesToWhatsApp: 'exRatesWhatsApp1',
	taxpayerToWhatsApp: 'exRucToWhatsApp1',
	supplierRucs: 'exSupplierRucs01',
	groupEvent: 'exGroupEvent0001',
	aiAgent: 'exAiAgentRucToWa',
};

async function openWorkflow(page, id) {
	await page.goto(`/workflow/${id}`);
	await page.locator('[data-test-id="canvas-node"]').first().waitFor();
}

async function openNode(page, name) {
	await page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`).dblclick();
	await page.locator('[data-test-id="ndv"]').waitFor();
}

async function closeNode(page) {
	await page.locator('[data-test-id="ndv-close-button"]').click();
	await page.locator('[data-test-id="ndv"]').waitFor({ state: 'hidden' });
}

/** Runs the open node's step and waits for its output: items, or the node's error. */
async function executeStep(page, buttonTestId = 'node-execute-button') {
	await page.locator(`[data-test-id="${buttonTestId}"]`).first().click();
	const output = page.locator('[data-test-id="output-panel"]');
	const items = output.locator('[data-test-id="ndv-items-count"]');
	const error = output.locator('[data-test-id="node-error-message"]');
	await items.or(error).first().waitFor({ timeout: 60_000 });
	if (await error.isVisible()) {
		const description = await output.locator('[data-test-id="node-error-description"]').textContent().catch(() => '');
		throw new Error(`the step failed: ${await error.textContent()} ${description ?? ''}`.trim());
	}
	return (await items.textContent())?.trim() ?? '';
}

/** Reads `read()` until `done(value)` holds or `timeoutMs` passes; gives the last value read. */
async function poll(read, done, timeoutMs = 10_000) {
	const deadline = Date.now() + timeoutMs;
	let value = await read();
	while (!done(value) && Date.now() < deadline) {
		await new Promise((resolve) => setTimeout(resolve, 200));
		value = await read();
	}
	return value;
}

/** Whether a name in the node creator is `name` (the creator may add or drop " Trigger"). */
const shownAs = (shown, name) => shown === name || shown === `${name} Trigger`;

/**
 * The node creator's results for `words` (the names shown, nodes and actions alike), once they
 * include every name in `wanted` or 10 s have passed. The search is debounced: a search that finds
 * nothing comes first, so no result of an earlier search is read as this one's.
 */
async function searchNodeCreator(page, words, wanted = []) {
	const search = page.locator('input[data-test-id="node-creator-search-bar"]');
	await search.fill('qqzzxxjj');
	await page.locator('[data-test-id="node-creator-no-results"]').waitFor();
	await search.fill(words);
	const names = page.locator('[data-test-id="node-creator"] [data-test-id="node-creator-item-name"]');
	return await poll(
		async () => (await names.allTextContents()).map((name) => name.trim()),
		(shown) => shown.length > 0 && wanted.every((name) => shown.some((one) => shownAs(one, name))),
	);
}

/** Switches a resource locator to its list mode and opens the list: its items, and their texts. */
async function openLocatorList(page, locator) {
	await locator.locator('[data-test-id="rlc-mode-selector"]').click();
	await page.locator('[data-test-id="mode-list"]:visible').click();
	await locator.locator('[data-test-id="rlc-input"]').click();
	const items = page.locator('[data-test-id="rlc-item"]:visible');
	await items.first().waitFor();
	return { items, shown: (await items.allTextContents()).map((text) => text.trim()) };
}

/**
 * Picks a resource locator's mode and checks that its label is not cut: the label's width in the
 * input's font against the room inside its padding (scrollWidth would count the caret of the
 * focused input). "By Name", a label users saw cut, must measure too wide, or the measure cannot tell.
 */
async function expectModeLabelFits(page, locator, mode, snap) {
	await locator.locator('[data-test-id="rlc-mode-selector"]').click();
	await page.locator(`[data-test-id="mode-${mode}"]:visible`).click();
	const input = locator.locator('[data-test-id="rlc-mode-selector"] input');
	const { label, cut, width, room, oldLabelCut } = await input.evaluate((element) => {
		const style = getComputedStyle(element);
		const context = document.createElement('canvas').getContext('2d');
		context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
		const width = context.measureText(element.value).width;
		const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
		const oldLabelCut = context.measureText('By Name').width > room;
		return { label: element.value, cut: width > room, width: Math.round(width), room: Math.round(room), oldLabelCut };
	});
	expect(oldLabelCut, `the measure of the mode label cannot tell: "By Name" fits in ${room} px`);
	await snap(`mode-${mode}`);
	expect(!cut, `the mode label "${label}" is cut (${width} px of text in ${room} px)`);
}

/** The RUC bot example (published in the sandbox, its trigger on instance `sales`). */
const RUC_BOT = { id: 'exRucBotWhatsAp1', name: "Example: RUC bot on WhatsApp (answer a RUC with the taxpayer's data)", trigger: 'WhatsApp message' };

/** The lines a canvas node shows (its name, its subtitle, ...), once one of them is `wanted` or 10 s have passed. */
async function canvasNodeLines(page, name, wanted) {
	const node = page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`);
	await node.waitFor();
	return await poll(
		async () => (await node.innerText()).split('\n').map((line) => line.trim()).filter(Boolean),
		(lines) => lines.includes(wanted),
	);
}

/** Picks `name` in a resource locator's list (its items read "<name> (<state>)"). */
async function pickFromList(page, locator, name) {
	const { items, shown } = await openLocatorList(page, locator);
	expect(shown.some((text) => text.startsWith(`${name} (`)), `"${name}" is not listed: ${shown.join(' | ')}`);
	await items.filter({ hasText: new RegExp(`^\\s*${name} \\(`) }).first().click();
	// The locator shows the picked name (as the list shows it, or bare) once the list has closed.
	const picked = (value) => value === name || value.startsWith(`${name} (`);
	const value = await poll(
		async () => (await locator.locator('[data-test-id="rlc-input"] input, input[data-test-id="rlc-input"]').first().inputValue().catch(() => '')).trim(),
		picked,
	);
	expect(picked(value), `the locator shows "${value}", not "${name}"`);
	return shown;
}

/** The output panel's first item, from its table: `{column: text}`. */
async function firstOutputRow(page) {
	return await page.locator('[data-test-id="output-panel"] table').first().evaluate((table) => {
		const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
		const cells = [...(table.querySelector('tbody tr')?.querySelectorAll('td') ?? [])].map((td) => td.textContent?.trim() ?? '');
		return Object.fromEntries(headers.map((header, index) => [header, cells[index]]));
	});
}

/** Posts to the Evolution fake's control route and gives its JSON answer. */
async function fakeCall(url, method = 'GET', body) {
	const response = await fetch(url, {
		method,
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${(await response.text()).slice(0, 200)}`);
	return await response.json();
}

async function runSteps(page, step, snap, sandbox) {
	await step('sign in as the sandbox owner', async () => {
		await page.goto('/signin');
		await page.locator('input[name="emailOrLdapLoginId"]').fill(owner.email);
		await page.locator('input[name="password"]').fill(owner.password);
		await page.locator('[data-test-id="form-submit-button"]').click();
		await page.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: 30_000 });
	});

	await step('node creator: our nodes are found by the words users type', async () => {
		await page.goto('/workflow/new');
		await page.locator('[data-test-id="canvas-plus-button"], [data-test-id="canvas-add-first-step-button"]').first().click();
		await page.locator('input[data-test-id="node-creator-search-bar"]').waitFor();
		const missing = [];
		for (const [words, wanted] of NODE_SEARCHES) {
			const names = await searchNodeCreator(page, words, wanted);
			for (const name of wanted) {
				if (!names.some((shown) => shownAs(shown, name))) missing.push(`"${words}" → ${name} (shown: ${names.slice(0, 8).join(', ') || 'nothing'})`);
			}
		}
		// A control: a word none of ours answers to finds none of them (the check can tell).
		const control = await searchNodeCreator(page, 'postgres', ['Postgres']);
		const ours = ['Messaging', 'Taxpayer Lookup', 'Exchange Rate', 'SUNAT'].filter((name) => control.some((shown) => shownAs(shown, name)));
		expect(control.length > 0 && ours.length === 0, `"postgres" shows ${control.join(', ') || 'nothing'}`);
		expect(missing.length === 0, `not found: ${missing.join('; ')}`);
	});

	await step('Get History runs as it opens (default dates)', async () => {
		const names = await searchNodeCreator(page, 'Taxpayer Lookup', ['Taxpayer Lookup']);
		expect(names.includes('Taxpayer Lookup'), `Taxpayer Lookup is not in the results: ${names.join(', ')}`);
		await page.locator('[data-test-id="node-creator-item-name"]', { hasText: /^Taxpayer Lookup$/ }).first().click();
		await page.locator('[data-keyboard-nav-type="action"]', { hasText: 'Get exchange rates for date range' }).first().click();
		await page.locator('[data-test-id="ndv"]').waitFor();
		const count = await executeStep(page);
		await snap('a-panel');
		expect(/\d+ items?/.test(count) && !/^0 /.test(count), `Get History gave "${count}"`);
		// The credential was picked for the new node; Validate's step below must not show it.
		expect((await page.locator(CREDENTIAL_PICKER).count()) > 0, 'Get History shows no credential picker');
		await closeNode(page);
	});

	await step('Validate runs as it opens, with no credential asked', async () => {
		await page.goto('/workflow/new');
		await page.locator('[data-test-id="canvas-plus-button"], [data-test-id="canvas-add-first-step-button"]').first().click();
		await page.locator('input[data-test-id="node-creator-search-bar"]').waitFor();
		await searchNodeCreator(page, 'Taxpayer Lookup', ['Taxpayer Lookup']);
		await page.locator('[data-test-id="node-creator-item-name"]', { hasText: /^Taxpayer Lookup$/ }).first().click();
		await page.locator('[data-keyboard-nav-type="action"]', { hasText: 'Validate RUC or DNI offline' }).first().click();
		await page.locator('[data-test-id="ndv"]').waitFor();
		expect((await page.locator(CREDENTIAL_PICKER).count()) === 0, 'Validate shows a credential picker');
		const count = await executeStep(page);
		await snap('validate');
		expect(/^[1-9]\d* items?/.test(count), `Validate gave "${count}"`);
		await closeNode(page);
	});

	await step('credential picker: our credentials are found by the words users type', async () => {
		const missing = [];
		for (const [words, wanted] of CREDENTIAL_SEARCHES) {
			await page.goto('/home/credentials/create');
			const select = page.locator('[data-test-id="new-credential-type-select"]');
			await select.waitFor();
			await select.locator('input').fill(words);
			// Read once the list is filtered: every option then has the words in its name.
			const options = await poll(
				async () => (await page.locator('[data-test-id="new-credential-type-select-option"]:visible').allTextContents()).map((o) => o.trim()),
				(shown) => shown.length > 0 && shown.every((option) => option.toLowerCase().includes(words)),
			);
			if (!options.every((option) => option.toLowerCase().includes(words))) throw new Error(`the list was not filtered for "${words}": ${options.length} options`);
			if (!options.some((option) => option === wanted)) missing.push(`"${words}" → ${wanted} (shown: ${options.join(', ') || 'nothing'})`);
		}
		expect(missing.length === 0, `not found: ${missing.join('; ')}`);
	});

	for (const [key, credential] of Object.entries(SANDBOX_CREDENTIALS)) {
		await step(`test the ${key} credential`, async () => {
			await page.goto(`/home/credentials/${credential.id}`);
			const modal = page.locator('[data-test-id="editCredential-modal"]');
			await modal.waitFor();
			await modal.locator('[data-test-id="credential-save-button"]').click();
			await modal.locator('[data-test-id="credentials-config-container-test-success"]').waitFor({ timeout: 30_000 });
			await page.keyboard.press('Escape');
		});
	}

	await step('example: check numbers before a campaign runs', async () => {
		await openWorkflow(page, examples.checkNumbers);
		await openNode(page, 'Check on WhatsApp');
		const count = await executeStep(page);
		expect(/[1-9]\d* items?/.test(count), `Check Numbers gave "${count}"`);
		await closeNode(page);
	});

	await step('example: taxpayer to WhatsApp, Taxpayer Lookup step', async () => {
		await openWorkflow(page, examples.taxpayerToWhatsApp);
		await openNode(page, 'Look up taxpayer');
		const count = await executeStep(page);
		expect(/1 item/.test(count), `Get gave "${count}"`);
		await closeNode(page);
	});

	await step('Messaging: the instance list shows the instances with their state', async () => {
		await openNode(page, 'Send as text');
		const locator = page.locator('[data-test-id="resource-locator-instanceName"]');
		const { shown } = await openLocatorList(page, locator);
		await snap('a-list');
		for (const name of ['sales', 'Support Team', 'offline']) {
			expect(shown.some((text) => text.includes(name)), `the instance "${name}" is not listed: ${shown.join(' | ')}`);
		}
		await page.keyboard.press('Escape');
		// Our mode's label fits the mode selector (n8n gives it 92 px); "From list" is n8n's own.
		await expectModeLabelFits(page, locator, 'name', snap);
		await locator.locator('[data-test-id="rlc-mode-selector"]').click();
		await page.locator('[data-test-id="mode-list"]:visible').click();
	});

	await step('example: taxpayer to WhatsApp, Send Text step', async () => {
		const ndv = page.locator('[data-test-id="ndv"]');
		if (!(await ndv.isVisible())) await openNode(page, 'Send as text');
		const count = await executeStep(page);
		expect(/1 item/.test(count), `Send Text gave "${count}"`);
		await closeNode(page);
	});

	await step('example: supplier RUCs opens and runs its lookup', async () => {
		await openWorkflow(page, examples.supplierRucs);
		await openNode(page, 'Look up RUC');
		const count = await executeStep(page);
		expect(/[1-9]\d* items?/.test(count), `Get gave "${count}"`);
		await closeNode(page);
	});

	await step("example: group event, the recipient's group list and the sends", async () => {
		await openWorkflow(page, examples.groupEvent);
		await openNode(page, 'Send the place');
		const locator = page.locator('[data-test-id="resource-locator-number"]');
		const { items, shown } = await openLocatorList(page, locator);
		await snap('a-groups');
		for (const name of ['Ventas Lima (3 members)', 'Soporte Clientes (2 members)']) {
			expect(shown.some((text) => text.includes(name)), `the group "${name}" is not listed: ${shown.join(' | ')}`);
		}
		await items.filter({ hasText: 'Ventas Lima' }).first().click();
		await expectModeLabelFits(page, locator, 'number', snap);
		await openLocatorList(page, locator);
		await items.filter({ hasText: 'Ventas Lima' }).first().click();
		const count = await executeStep(page);
		expect(/1 item/.test(count), `Send Location gave "${count}"`);
		await closeNode(page);
		await openNode(page, 'Ask for the day');
		const pollCount = await executeStep(page);
		expect(/1 item/.test(pollCount), `Send Poll gave "${pollCount}"`);
		await closeNode(page);
	});

	// n8n makes the human-review tool from Messaging's Send and Wait for Response: it must open with
	// our fields, and no node of the AI agent example may show an issue (the run is aiAgent.test.ts's).
	await step('example: AI agent, no node with issues, the human-review tool shows its fields', async () => {
		await openWorkflow(page, examples.aiAgent);
		await page.locator('[data-test-id="canvas-node"][data-node-name="Ask the manager"]').waitFor();
		const withIssues = await page.locator('[data-test-id="canvas-node"]:has([data-test-id="node-issues"])').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-node-name')));
		expect(withIssues.length === 0, `nodes with issues: ${withIssues.join(', ')}`);
		await openNode(page, 'Ask the manager');
		await snap('a-review');
		for (const id of ['resource-locator-instanceName', 'resource-locator-number', 'parameter-input-message']) {
			expect((await page.locator(`[data-test-id="ndv"] [data-test-id="${id}"]`).count()) > 0, `"Ask the manager" shows no ${id}`);
		}
		await closeNode(page);
	});

	await step('example: rates to WhatsApp, the trigger fetches a test event', async () => {
		await openWorkflow(page, examples.ratesToWhatsApp);
		await openNode(page, 'New USD or EUR rate');
		const count = await executeStep(page, 'trigger-execute-button');
		expect(/[1-9]\d* items?/.test(count), `the trigger gave "${count}"`);
		await closeNode(page);
	});

	// A newcomer's first trigger: a new workflow, a Messaging Trigger on the sandbox's free instance,
	// a message delivered through the fake, and an answer to its sender.
	const playground = SANDBOX_PLAYGROUND_INSTANCE;
	const message = { instance: playground, text: 'Hola', from: '51987654321' };
	await step(`Messaging Trigger: a new workflow listens on "${playground}" and receives a message`, async () => {
		expect(sandbox.messagingUrl, 'the banner of npm start names no messaging API fake');
		await page.goto('/workflow/new');
		await page.locator('[data-test-id="canvas-plus-button"], [data-test-id="canvas-add-first-step-button"]').first().click();
		// The first step's creator lists triggers: ours shows as "Messaging" (the creator drops " Trigger").
		const names = await searchNodeCreator(page, 'whatsapp', ['Messaging']);
		expect(names.some((name) => shownAs(name, 'Messaging')), `no Messaging Trigger among the triggers: ${names.join(', ')}`);
		await page.locator('[data-test-id="node-creator-item-name"]', { hasText: /^Messaging( Trigger)?$/ }).first().click();
		await page.locator('[data-keyboard-nav-type="action"]', { hasText: 'On message received' }).first().click();
		await page.locator('[data-test-id="ndv"]').waitFor();
		const credential = await page.locator(`${CREDENTIAL_PICKER} input`).first().inputValue();
		expect(credential === SANDBOX_CREDENTIALS.messaging.name, `the credential picked is "${credential}"`);
		await pickFromList(page, page.locator('[data-test-id="resource-locator-instanceName"]'), playground);
		await snap('a-instance');
		await page.locator('[data-test-id="node-execute-button"]').first().click();
		await page.locator('[data-test-id="trigger-listening"]').waitFor();
		await snap('b-listening');
		// Deliver once the test webhook is registered at the fake and n8n takes it (each try that
		// is not delivered started nothing: no webhook yet, or n8n's 404 before it listens).
		const outcome = await poll(
			() => fakeCall(`${sandbox.messagingUrl}/_fake/deliver`, 'POST', message),
			(answer) => answer.delivered === true,
			30_000,
		);
		expect(outcome.delivered, `the fake could not deliver: ${JSON.stringify({ ...outcome, envelope: undefined })}`);
		const output = page.locator('[data-test-id="output-panel"]');
		const count = (await output.locator('[data-test-id="ndv-items-count"]').textContent({ timeout: 30_000 }))?.trim();
		expect(count === '1 item', `the trigger's output shows "${count}"`);
		const row = await firstOutputRow(page);
		expect(
			row.senderPhone === message.from && row.text === message.text && row.instance === playground,
			`the item shows senderPhone "${row.senderPhone}", text "${row.text}", instance "${row.instance}"`,
		);
	});

	await step('Messaging Trigger: Send Text answers the sender ({{ $json.senderPhone }})', async () => {
		if (await page.locator('[data-test-id="ndv"]').isVisible()) await closeNode(page);
		await page.locator('[data-test-id="canvas-node"][data-node-name="Messaging Trigger"] [data-test-id="canvas-handle-plus"]').click();
		await searchNodeCreator(page, 'Messaging', ['Messaging']);
		await page.locator('[data-test-id="node-creator-item-name"]', { hasText: /^Messaging$/ }).first().click();
		await page.locator('[data-keyboard-nav-type="action"]', { hasText: 'Send text message' }).first().click();
		await page.locator('[data-test-id="ndv"]').waitFor();
		await pickFromList(page, page.locator('[data-test-id="resource-locator-instanceName"]'), playground);
		// Typing "{{" turns the field into an expression.
		const recipient = page.locator('[data-test-id="resource-locator-number"]');
		await recipient.locator('[data-test-id="rlc-input"]').click();
		await page.keyboard.type('{{ $json.senderPhone }}');
		const expression = await poll(
			async () => (await recipient.locator('.cm-content').textContent().catch(() => ''))?.trim(),
			(text) => text === '{{ $json.senderPhone }}',
		);
		expect(expression === '{{ $json.senderPhone }}', `the recipient reads "${expression}"`);
		const reply = `Gracias, le respondemos pronto (${Date.now()})`;
		await page.locator('[data-test-id="parameter-input-text"] textarea').fill(reply);
		const count = await executeStep(page);
		await snap('a-sent');
		expect(count === '1 item', `Send Text gave "${count}"`);
		const sends = await poll(
			() => fakeCall(`${sandbox.messagingUrl}/_fake/sent`),
			(list) => list.some((send) => send.body?.text === reply),
		);
		const send = sends.find((one) => one.body?.text === reply);
		expect(
			send?.route === 'sendText' && send.instance === playground && send.body.number === message.from,
			`the fake got ${JSON.stringify(send ?? sends.slice(-1))}`,
		);
		await closeNode(page);
	});

	await step(`Messaging Trigger: the canvas subtitle reads "Instance ${playground}"`, async () => {
		const lines = await canvasNodeLines(page, 'Messaging Trigger', `Instance ${playground}`);
		expect(lines.includes(`Instance ${playground}`), `the trigger on the canvas reads ${JSON.stringify(lines)}`);
	});

	// The instance the published RUC bot has: listening there must say the way out.
	await step('Messaging Trigger on "sales" (the RUC bot has it): the toast says the way out', async () => {
		await openNode(page, 'Messaging Trigger');
		await pickFromList(page, page.locator('[data-test-id="resource-locator-instanceName"]'), 'sales');
		await page.locator('[data-test-id="node-execute-button"]').first().click();
		const toast = page.locator('.el-notification:has(.el-notification--error)').first();
		await toast.waitFor({ timeout: 30_000 });
		const conflictToast = (await toast.textContent())?.replace(/\s+/g, ' ').trim() ?? '';
		// The toast slides in from the right: the screenshot once it is all in view.
		const width = page.viewportSize()?.width ?? 1440;
		await poll(() => toast.boundingBox(), (box) => box !== null && box.x + box.width <= width);
		await snap('a-toast');
		log(`   the toast: ${conflictToast}`);
		// This toast is the one wanted: close it, so that the step runner does not count it.
		await toast.locator('.el-notification__closeBtn').click();
		await toast.waitFor({ state: 'hidden' });
		const wanted = ['Replace Existing Webhook', `the workflow "${RUC_BOT.name}" of this n8n`];
		const missing = wanted.filter((part) => !conflictToast.includes(part));
		expect(missing.length === 0, `the toast lacks ${missing.map((part) => `"${part}"`).join(' and ')}: "${conflictToast}"`);
		await closeNode(page);
		const lines = await canvasNodeLines(page, 'Messaging Trigger', 'Instance sales');
		expect(lines.includes('Instance sales'), `after picking sales, the trigger reads ${JSON.stringify(lines)}`);
	});

	await step('example: RUC bot, its trigger\'s canvas subtitle reads "Instance sales"', async () => {
		await openWorkflow(page, RUC_BOT.id);
		const lines = await canvasNodeLines(page, RUC_BOT.trigger, 'Instance sales');
		expect(lines.includes('Instance sales'), `the RUC bot's trigger reads ${JSON.stringify(lines)}`);
	});

	await step('a credential that cannot reach its server says why, in words', async () => {
		const closedPort = await freePort(); // free, so nothing listens there
		await page.goto('/home/credentials/create');
		const select = page.locator('[data-test-id="new-credential-type-select"]');
		await select.locator('input').fill('evolution');
		await page.locator('[data-test-id="new-credential-type-select-option"]:visible', { hasText: 'Messaging (WhatsApp Evolution) API' }).click();
		await page.locator('[data-test-id="new-credential-type-button"]').click();
		const modal = page.locator('[data-test-id="editCredential-modal"]');
		await modal.waitFor();
		await modal.locator('[data-test-id="parameter-input-serverUrl"] input').fill(`http://127.0.0.1:${closedPort}`);
		await modal.locator('[data-test-id="parameter-input-apiKey"] input').fill('any-key');
		await modal.locator('[data-test-id="credential-save-button"]').click();
		await modal.getByText('More details').click();
		const wanted = `Nothing answers at 127.0.0.1:${closedPort}: the connection was refused.`;
		await modal.getByText(wanted).waitFor();
		await snap('a-details');
		await page.keyboard.press('Escape');
	});

	await step(`n8n lists the package's nodes (${PACKAGE_NAME})`, async () => {
		const nodes = await page.evaluate(async () => (await (await fetch('/types/nodes.json')).json()).map((node) => node.name));
		for (const name of ['taxpayerLookup', 'messaging', 'exchangeRateTrigger']) {
			expect(nodes.includes(`${PACKAGE_NAME}.${name}`), `${name} is not loaded`);
		}
	});
}

main().catch((error) => {
	console.error(`\nnpm run test:browser failed: ${error.message}`);
	process.exitCode = 1;
});

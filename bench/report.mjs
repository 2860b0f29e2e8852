// The text of BENCHMARKS.md, from the measurements bench/run.mjs makes: the tables, the verdicts
// against the targets, and the findings kept by hand in bench/findings.md. Nothing here measures;
// the same measurements give the same text, byte for byte.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { triggerMediaSection } from './triggerMedia.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const LABELS = {
	fetch: 'plain fetch (floor)',
	ours: 'Taxpayer Lookup (ours)',
	oursWide: 'Taxpayer Lookup, Max Concurrent Requests 50',
	httpRequest: 'HTTP Request node',
	nodeHttp: 'plain node:http (floor)',
	oursProgrammatic: 'reference: `get` as a programmatic node (prototype, not shipped)',
};

// ------------------------------------------------------------ formatting

export const fmt = (value, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const ms = (value) => (value >= 100 ? fmt(value) : fmt(value, 1));
const table = (header, rows) =>
	[`| ${header.join(' | ')} |`, `|${header.map((h, i) => (i === 0 ? '---' : '---:')).join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');

function versionOf(dir) {
	return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
}

const OPERATION_LABELS = { get: 'Taxpayer Lookup → Get', sendText: 'Messaging → Send Text', sendMediaUrl: 'Messaging → Send Media (URL)' };

/** Least squares slope of y over x. */
const slope = (points) => {
	const mx = points.reduce((a, p) => a + p.x, 0) / points.length;
	const my = points.reduce((a, p) => a + p.y, 0) / points.length;
	return points.reduce((a, p) => a + (p.x - mx) * (p.y - my), 0) / points.reduce((a, p) => a + (p.x - mx) ** 2, 0);
};

/**
 * The "Per item" section (bench/perItem.mjs measures it): before/after per operation, the
 * expressions each asks n8n for, and Send Text's cost per item against the node's properties.
 * bench/per-item-only.mjs writes this section alone into BENCHMARKS.md.
 */
export function perItemSection({ settings, checkouts, cases, widths, startedAt, loadBefore, loadAfter }) {
	const commitOf = (name) => checkouts.find((c) => c.name === name)?.commit;
	const compared = checkouts.some((c) => c.name === 'before');
	const perItemUs = (r) => (r.wallMs / r.n) * 1000;
	const cpuPerItemUs = (r) => (r.cpuMs / r.n) * 1000;
	const caseRows = cases.map((r) => {
		const before = cases.find((b) => b.operation === r.operation && b.checkout === 'before');
		return [
			OPERATION_LABELS[r.operation],
			`${r.checkout} (${commitOf(r.checkout)})`,
			`${ms(r.wallMs)} (${r.runs.map(ms).join(', ')})`,
			fmt(perItemUs(r)),
			`${fmt(cpuPerItemUs(r))}${r.cpuRuns ? ` (${r.cpuRuns.map((c) => fmt((c / r.n) * 1000)).join(', ')})` : ''}`,
			before && before !== r ? `${perItemUs(r) >= perItemUs(before) ? '+' : '−'}${fmt(Math.abs(perItemUs(r) - perItemUs(before)))} (${fmt((perItemUs(r) / perItemUs(before) - 1) * 100, 1)}%)` : '',
			before && before !== r ? `${cpuPerItemUs(r) >= cpuPerItemUs(before) ? '+' : '−'}${fmt(Math.abs(cpuPerItemUs(r) - cpuPerItemUs(before)))} (${fmt((cpuPerItemUs(r) / cpuPerItemUs(before) - 1) * 100, 1)}%)` : '',
			fmt(r.expressionsPerItem, 2),
			fmt(r.propertyVisitsPerItem),
			fmt(r.rssMB),
			fmt(r.heapMB),
		];
	});
	const expressionRows = cases.flatMap((r) =>
		Object.entries(r.expressions).flatMap(([text, sites]) =>
			Object.entries(sites).map(([site, count]) => [OPERATION_LABELS[r.operation], r.checkout, `\`${text.replace(/\|/g, '\\|')}\``, site, fmt(count / 100, 2)]),
		),
	);
	const one = widths.find((w) => w.width === 1 && w.fields === 'own');
	const widthRows = widths.map((w) => [
		`${w.width}×${w.fields === 'shared' ? ', copies share the fields' : ''}`,
		fmt(w.operations),
		fmt(w.properties),
		fmt(w.propertyVisitsPerItem),
		fmt(w.expressionsPerItem, 2),
		`${ms(w.wallMs)} (${w.runs.map(ms).join(', ')})`,
		fmt(perItemUs(w)),
		w === one ? '' : `${perItemUs(w) >= perItemUs(one) ? '+' : '−'}${fmt(Math.abs(perItemUs(w) - perItemUs(one)))}`,
		fmt(cpuPerItemUs(w)),
		w === one ? '' : `${cpuPerItemUs(w) >= cpuPerItemUs(one) ? '+' : '−'}${fmt(Math.abs(cpuPerItemUs(w) - cpuPerItemUs(one)))}`,
	]);
	const own = widths.filter((w) => w.fields === 'own');
	const usPerProperty = slope(own.map((w) => ({ x: w.properties, y: perItemUs(w) })));
	const cpuUsPerProperty = slope(own.map((w) => ({ x: w.properties, y: cpuPerItemUs(w) })));
	const shared = widths.find((w) => w.fields === 'shared');
	const widest = own.at(-1);
	const load = loadBefore ? ` Load average (1 min) before / after the section: ${fmt(loadBefore[0], 2)} / ${fmt(loadAfter[0], 2)} (${startedAt}).` : '';
	return `## Per item: Taxpayer Get, Messaging Send Text and Send Media (URL)${compared ? ', before and after' : ''}

Each case in a fresh child process (bench/case.cjs) after three warm-up runs of 50 items, N = ${fmt(settings.n)}, against the fakes in the
parent: Taxpayer Lookup → Get (\`ruc: ={{ $json.ruc }}\`, lookup fake), Messaging → Send Text (version 1.1, instance
\`sales\` from the list, number \`51987654321\`, \`text: ={{ $json.text }}\`, Evolution fake; through one instance sends go one
at a time in item order, so each item waits for the one before) and Messaging → Send Media from a URL (the same instance and number,
Media Type image, Media Source URL, \`mediaUrl: ={{ $json.url }}\`, an image link of its own per item; the fake answers a link with
a stand-in file and fetches nothing; parameters valid for Send Media before issue 38 too). ${compared ? `"before" is the nodes and credentials of the checkout given with \`--compare\` (${commitOf('before')}),
"after" this checkout's (${commitOf('after')}); both run on this checkout's harness, engine and fakes (bench/nodeSource.ts loads the other
checkout's TypeScript with this checkout's n8n-workflow and n8n-core). Runs alternate before, after, before, after;` : `This checkout's nodes (${commitOf('after')}); \`--compare=<checkout>\` adds the nodes of another checkout as "before". Runs:`}
wall time is ${settings.repeats === 2 ? 'the faster of 2 runs' : `the median of ${settings.repeats} runs${settings.repeats % 2 ? '' : ' (the lower of the middle two)'}`} (all runs in parentheses; CPU time of the child likewise: the steadier figure on a
shared machine), memory the highest over the baseline.${load} Expressions and property
visits (RoutingNode's top-level \`getRequestOptionsFromParameters\` calls, both passes, hidden properties included) are counted over
100 items: they do not depend on the machine.

| operation | nodes | wall ms (runs) | µs per item | CPU µs per item (runs) | µs per item vs before | CPU µs per item vs before | expressions per item | property visits per item | RSS over baseline MB | heap over baseline MB |
|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|
${caseRows.map((row) => `| ${row.join(' | ')} |`).join('\n')}

| operation | nodes | expression | asked by | evaluations per item |
|---|---|---|---|---:|
${expressionRows.map((row) => `| ${row.join(' | ')} |`).join('\n')}

**Send Text against the number of properties.** Messaging as shipped, its properties rebuilt with the project's builder
(\`nodeProperties\`, nodes/shared/editor.ts) over its four resources with every operation copied k − 1 more times
(values \`sendTextCopy1\`..., bench/nodeSource.ts \`widenedMessaging\`): each copy with fields of its own (renamed parameters:
one property per operation that uses it), and, for the widest, the copies using the originals' fields (one property per
meaning, shown for more operations). Send Text itself is unchanged. N = ${fmt(settings.widthN)}, median of ${settings.widthRepeats} runs, variants interleaved.

| Messaging | operations | properties | property visits per item | expressions per item | wall ms (runs) | µs per item | vs 1× | CPU µs per item | vs 1× |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|
${widthRows.map((row) => `| ${row.join(' | ')} |`).join('\n')}

Cost of a property (least squares over the ${own.length} widths with fields of their own): **${fmt(usPerProperty, 2)} µs of wall time per item per
property, ${fmt(usPerProperty * 100)} µs per item per 100 properties**; in CPU time of the child ${fmt(cpuUsPerProperty, 2)} µs per item per property
(${fmt(cpuUsPerProperty * 100)} µs per 100; RoutingNode visits each property twice per item). From 1× (${fmt(one.properties)} properties) to ${widest.width}× (${fmt(widest.properties)}):
${fmt(perItemUs(widest) / perItemUs(one), 2)}× the wall time per item, ${fmt(cpuPerItemUs(widest) / cpuPerItemUs(one), 2)}× the CPU time. ${widest.width}× with the fields shared: ${fmt(shared.properties)} properties,
${fmt(perItemUs(shared))} µs per item (${fmt(perItemUs(shared) / perItemUs(one), 2)}× 1×), CPU ${fmt(cpuPerItemUs(shared))} µs (${fmt(cpuPerItemUs(shared) / cpuPerItemUs(one), 2)}×).
`;
}

/**
 * BENCHMARKS.md's text with one section (from its "## " heading to the next) replaced by `section`,
 * or put before the heading `before` when it has none yet; and its findings (from "## Findings" on)
 * brought up to bench/findings.md. For the scripts that measure one section alone.
 */
export function withSection(report, section, { heading, before }) {
	const start = report.indexOf(`\n${heading}`);
	const next = start < 0 ? report.indexOf(`\n${before}`) : report.indexOf('\n## ', start + 1);
	if (next < 0) throw new Error(`BENCHMARKS.md has no "${before}" heading to put the section before`);
	const updated = `${report.slice(0, start < 0 ? next : start)}\n${section.trim()}\n${report.slice(next)}`;
	const findingsAt = updated.indexOf('\n## Findings');
	if (findingsAt < 0) return updated;
	return `${updated.slice(0, findingsAt + 1)}${readFileSync(path.join(root, 'bench/findings.md'), 'utf8').trim()}\n`;
}

/**
 * The "SUNAT Invoice" section (bench/sunat.mjs measures it): the example workflow over N invoices,
 * each run's time and memory, the checks of issue 37 run by run, the requests at each fake, and
 * where the time went by node. bench/sunat-only.mjs writes this section alone into BENCHMARKS.md.
 */
export function sunatSection({ settings, kinds, review, expressionsPerInvoice = {}, runs, wallMs, cpuMs, rssMB, heapMB, startedAt, loadBefore, loadAfter }) {
	const n = settings.n;
	const perItem = (value) => fmt(value / n, 2);
	const runRows = runs.map((run, index) => [
		`${index + 1}`,
		ms(run.wallMs),
		perItem(run.wallMs),
		ms(run.cpuMs),
		perItem(run.cpuMs),
		fmt(run.rssMB),
		fmt(run.heapMB),
	]);
	runRows.push([`**median of ${runs.length}** (memory: the highest)`, `**${ms(wallMs)}**`, `**${perItem(wallMs)}**`, `**${ms(cpuMs)}**`, `**${perItem(cpuMs)}**`, `**${fmt(rssMB)}**`, `**${fmt(heapMB)}**`]);
	const yes = (value) => (value ? 'yes' : 'NO');
	const each = (pick) => runs.map((run) => pick(run)).join(', ');
	const checkRows = [
		['SUNAT Invoice → Validate: output items (each invoice answered)', fmt(n), each((r) => fmt(r.checks.validateItems))],
		['… in input order (issuer RUC, series and number of each answer = those of the row it is paired with)', 'yes', each((r) => yes(r.checks.validateInOrder))],
		['… items with an error', '0', each((r) => fmt(r.checks.validateErrors))],
		['checks at the SUNAT fake (`POST …/validarcomprobante`)', fmt(n), each((r) => fmt(r.fakes.sunatChecks))],
		['invoices checked exactly once (each check names its row by its number)', fmt(n), each((r) => fmt(r.fakes.rowsCheckedOnce))],
		['token requests at the SUNAT fake (`POST …/oauth2/token/`)', '1', each((r) => fmt(r.fakes.tokenRequests))],
		['Look up supplier: output items in input order (RUC)', 'yes', each((r) => yes(r.checks.lookupInOrder))],
		['Flag invoice: output in input order (RUC and invoice)', 'yes', each((r) => yes(r.checks.flagInOrder))],
		['valid at SUNAT / invoices OK', `${fmt(n - review)} / ${fmt(n - review)}`, each((r) => `${fmt(r.checks.validItems)} / ${fmt(r.checks.okItems)}`)],
		['invoices to review, in input order', `${fmt(review)}, yes`, each((r) => `${fmt(r.checks.reviewItems)}, ${yes(r.checks.reviewInOrder)}`)],
		['WhatsApp messages to the accountant (at the Evolution fake), invoice lines in it', `1, ${fmt(review)}`, each((r) => `${fmt(r.fakes.sends)}, ${fmt(r.fakes.sentLines)}`)],
	];
	const routes = {};
	for (const run of runs) {
		for (const [fake, counts] of Object.entries(run.fakes.requests)) {
			for (const [route, count] of Object.entries(counts)) ((routes[`${fake}\u0000${route}`] ??= []).push(count));
		}
	}
	const fakeNames = { sunat: 'SUNAT', lookup: 'lookup', evolution: 'Evolution' };
	const requestRows = Object.entries(routes).map(([key, counts]) => {
		const [fake, route] = key.split('\u0000');
		return [fakeNames[fake] ?? fake, `\`${route}\``, counts.map((count) => fmt(count)).join(', ')];
	});
	// Time by node: n8n's own executionTime per node, the median run's.
	const medianRun = [...runs].sort((a, b) => a.wallMs - b.wallMs)[Math.floor((runs.length - 1) / 2)];
	const nodeTotal = Object.values(medianRun.nodeMs).reduce((a, b) => a + b, 0);
	const nodeRows = Object.entries(medianRun.nodeMs)
		.sort((a, b) => b[1] - a[1])
		.map(([node, time]) => [node, ms(time), fmt(time / n, 2), `${fmt((time / nodeTotal) * 100, 1)}%`, expressionsPerInvoice[node] ? fmt(expressionsPerInvoice[node], 2) : '']);
	const totalExpressions = Object.values(expressionsPerInvoice).reduce((a, b) => a + b, 0);
	const passed = runs.every(
		(r) => r.checks.validateItems === n && r.checks.validateInOrder && r.fakes.rowsCheckedOnce === n && r.fakes.sunatChecks === n && r.fakes.tokenRequests === 1,
	);
	const load = loadBefore ? ` Load average (1 min) before / after this section: ${fmt(loadBefore[0], 2)} / ${fmt(loadAfter[0], 2)}${startedAt ? ` (${startedAt})` : ''}.` : '';
	return `## SUNAT Invoice: ${fmt(n)} invoices through the example workflow

The example \`examples/validate-supplier-invoices.json\` run whole through \`WorkflowExecute\` (bench/example.ts): the sheet
(its Set node given ${fmt(n)} invoices) → Split Out → Look up supplier (Taxpayer Lookup → Get, lookup fake) → Validate at SUNAT
(SUNAT Invoice → Validate, SUNAT fake: token service and check) → Flag invoice (Set) → IF → Invoices OK / Invoices to review →
Summarize → Tell the accountant (Messaging → Send Text, Evolution fake): every node, parameter and expression the example's,
n8n's own nodes from n8n-nodes-base ${versionOf(path.join(root, '.cache/n8n/node_modules/n8n-nodes-base'))}; only the manual trigger is the harness's Items node.
The three fakes on 127.0.0.1 in the parent process, answering at once; each run in a fresh child (bench/sunat.cjs) after
three warm-up runs of 50 invoices, the fakes' records emptied after the warm-up so that the requests below are the timed
run's; a credential of its own per run (no token stored: the run must get one). Every 20 rows:
${kinds.map((kind) => `${kind.per20} ${kind.kind}${kind.review ? ' (to review)' : ''}`).join('; ')}; every invoice a number of its own.
The SUNAT fake runs with everyReceiptExists, the lookup fake with everyValidRucExists. Wall and CPU time (the child's,
user + system; the fakes' work is the parent's) of the whole workflow, per invoice; memory over the baseline
after warm-up (RSS high-water mark reset before the run, heap sampled). \`npm run bench:sunat\` runs this section alone.${load}

| run | wall ms | ms per invoice | CPU ms | CPU ms per invoice | RSS over baseline MB | heap over baseline MB |
|---|---:|---:|---:|---:|---:|---:|
${runRows.map((row) => `| ${row.join(' | ')} |`).join('\n')}

| check | expected | runs |
|---|---:|---:|
${checkRows.map((row) => `| ${row.join(' | ')} |`).join('\n')}

Requests at each fake in the timed run:

| fake | route | runs |
|---|---|---:|
${requestRows.map((row) => `| ${row.join(' | ')} |`).join('\n')}

Time by node (n8n's \`executionTime\` of each node, wall time, the median run) and the expressions n8n evaluates per invoice
for each (counted at \`WorkflowExpression.resolveSimpleParameterValue\` over ${fmt(settings.countN ?? 100)} invoices; ${fmt(totalExpressions, 2)} per invoice in all):

| node | ms | ms per invoice | share | expressions per invoice |
|---|---:|---:|---:|---:|
${nodeRows.map((row) => `| ${row.join(' | ')} |`).join('\n')}

Issue 37's "${fmt(n)} invoices run through the example in the engine benchmark: every item answered once, in order, one token
request": **${passed ? 'met' : 'MISSED'}** in ${passed ? 'every run' : 'a run'}; the whole example costs **${perItem(cpuMs)} ms of CPU time per invoice**
(${perItem(wallMs)} ms of wall time), ${ms(wallMs)} ms for the ${fmt(n)}.
`;
}

/**
 * The "SIRE proposal" section (bench/sire.mjs measures it): a 20,000-receipt proposal of each book
 * read from SUNAT's ZIP to items, each run's time and memory against the TXT's size, and issue 48's
 * target (peak memory at most 3 times the TXT). bench/sire-only.mjs writes this section alone.
 */
export function sireSection({ settings, books, startedAt, loadBefore, loadAfter, cores }) {
	const n = settings.n;
	const times = (mb, txtMB) => `${fmt(mb, 1)} (${fmt(mb / txtMB, 2)}×)`;
	const rows = books.flatMap((b) => [
		...b.runs.map((run, index) => [
			`${b.book} run ${index + 1}`,
			ms(run.wallMs),
			ms(run.cpuMs),
			times(run.rssMB, b.txtMB),
			times(run.peakHeapMB, b.txtMB),
			times(run.heldMB, b.txtMB),
		]),
		[
			`**${b.book}, median of ${b.runs.length}** (memory: the highest)`,
			`**${ms(b.wallMs)}**`,
			`**${ms(b.cpuMs)}**`,
			`**${times(b.rssMB, b.txtMB)}**`,
			`**${times(b.peakHeapMB, b.txtMB)}**`,
			`**${times(b.heldMB, b.txtMB)}**`,
		],
	]);
	const fileRows = books.map((b) => [b.book, fmt(n), fmt(b.columns), fmt(b.fields), fmt(b.txtMB, 2), fmt(b.zipMB, 2)]);
	const worstRss = Math.max(...books.map((b) => b.rssMB / b.txtMB));
	const worstHeap = Math.max(...books.map((b) => b.peakHeapMB / b.txtMB));
	const load = ` Load average (1 min) before / after this section: ${fmt(loadBefore[0], 2)} / ${fmt(loadAfter[0], 2)} on ${cores} cores (${startedAt}).`;
	return `## SIRE proposal: ${fmt(n)} receipts from SUNAT's ZIP to items

A proposal of ${fmt(n)} receipts for each book, generated in SUNAT's layout (bench/proposals.ts: UTF-8 with a BOM, a header
line, CRLF; a receipt in ten a credit note, one in five in dollars, 2,000 counterparts with accented names) and zipped as
SUNAT's download is (one deflated entry), read by \`readProposalZip\` (nodes/SunatInvoice/sire/proposal.ts: \`unzip\`, then
\`parseProposalBytes\`), the TypeScript sources run as the other benches run them. Each run in a fresh child
(bench/sire.cjs) after three warm-up reads of a ${fmt(settings.warmUpN)}-receipt file; the ZIP's bytes, the step's input, are read before
the baseline. Memory over the baseline, against the TXT's size: RSS is the high-water mark (VmHWM, reset before the read);
heap is V8's heap plus external memory (ArrayBuffers) at the start of each collection during the read and at its end,
garbage not yet collected included (the read is synchronous: no timer could sample it); held is what stays after two
full collections with the items still referenced. \`npm run bench:sire\` runs this section alone.${load}

| book | receipts | columns | fields per item | TXT MB | ZIP MB |
|---|---:|---:|---:|---:|---:|
${fileRows.map((row) => `| ${row.join(' | ')} |`).join('\n')}

| run | wall ms | CPU ms | RSS over baseline MB (× TXT) | heap over baseline MB (× TXT) | held MB (× TXT) |
|---|---:|---:|---:|---:|---:|
${rows.map((row) => `| ${row.join(' | ')} |`).join('\n')}

Issue 48's target, "the ${fmt(n)}-receipt proposal parsed with peak memory at most 3x the TXT's size": **${worstRss <= 3 ? 'met' : 'MISSED'}**
in resident memory (at most ${fmt(worstRss, 2)}× over the baseline); V8's heap and external memory, garbage not yet collected
included, reached ${fmt(worstHeap, 2)}× (what the items hold is the "held" column).
`;
}

/**
 * BENCHMARKS.md for one run's measurements (see bench/run.mjs, which gathers them): the settings
 * (`quick`, SIZES, LATENCIES, IMPLEMENTATIONS, PROFILE_N, QUOTA, QUOTA_LATENCY_MS, SENDS,
 * MEDIA_REPEATS), when it ran (`startedAt`, the load averages), each section's results, the
 * descriptions of the nodes whose properties RoutingNode walks, and the Validate sheet's `cellKinds`.
 */
export function benchmarksReport({
	quick,
	SIZES,
	LATENCIES,
	IMPLEMENTATIONS,
	PROFILE_N,
	QUOTA,
	QUOTA_LATENCY_MS,
	SENDS,
	MEDIA_REPEATS,
	startedAt,
	loadBefore,
	loadAfter,
	results,
	validateResults,
	validateExpressions,
	cellKinds: CELL_KINDS,
	expressionCounts,
	nodeDescriptions,
	profiles,
	quotaRequestsAlone,
	quotaRuns,
	sendsResult,
	sendsInOrder,
	gaps,
	media,
	mediaTraces,
	triggerMedia,
	pollCosts,
	perItem,
	sunat,
	sire,
}) {
	const quotaWindows = Math.ceil(QUOTA.n / QUOTA.budget) - 1;
	// A run's ideal: n8n's preparation of the items (until its first request), the windows the budget
	// forces, then the last window's requests at the pace of the run with no quota.
	const quotaLastWindowShare = (QUOTA.n - quotaWindows * QUOTA.budget) / QUOTA.n;
	const quotaRequestsMs = quotaRequestsAlone.wallMs - quotaRequestsAlone.firstRequestMs;
	const idealMs = (run) => run.firstRequestMs + quotaWindows * QUOTA.windowMs + quotaRequestsMs * quotaLastWindowShare;

	const find = (implementation, n, latencyMs) => results.find((r) => r.implementation === implementation && r.n === n && r.latencyMs === latencyMs);
	const perItemMs = (r) => r.wallMs / r.n;

	const mainRows = [];
	for (const latencyMs of LATENCIES) {
		for (const n of SIZES) {
			for (const implementation of IMPLEMENTATIONS) {
				const r = find(implementation, n, latencyMs);
				const vsHttp = implementation === 'httpRequest' ? '' : `${fmt(r.wallMs / find('httpRequest', n, latencyMs).wallMs, 2)}`;
				const vsFetch = implementation === 'fetch' ? '' : `${fmt(r.wallMs / find('fetch', n, latencyMs).wallMs, 2)}`;
				mainRows.push([
					`${latencyMs} ms`,
					fmt(n),
					LABELS[implementation],
					ms(r.wallMs),
					fmt(n / (r.wallMs / 1000)),
					fmt(perItemMs(r), 3),
					vsHttp,
					vsFetch,
					fmt(r.peakRssMB),
					fmt(r.peakRssMB - r.rssBeforeMB),
					fmt(r.peakHeapMB - r.heapBeforeMB),
					fmt(r.peakInFlight),
				]);
			}
		}
	}

	const target = (() => {
		const n = SIZES.at(-1);
		const line = (label, implementation, latencyMs) => {
			const r = find(implementation, n, latencyMs);
			const vsHttp = r.wallMs / find('httpRequest', n, latencyMs).wallMs;
			const vsFetch = r.wallMs / find('fetch', n, latencyMs).wallMs;
			return `| ${label} | ${latencyMs} ms | ${fmt(perItemMs(r), 3)} | ${fmt(vsHttp, 2)} (target ≤ 0.50: ${vsHttp <= 0.5 ? 'met' : 'MISSED'}) | ${fmt(vsFetch, 2)} (target ≤ 3.00: ${vsFetch <= 3 ? 'met' : 'MISSED'}) |`;
		};
		return [
			`Ratios at N = ${fmt(n)} (the targets are set at 0 ms latency):`,
			'',
			'| | latency | ms per item | ÷ HTTP Request | ÷ fetch |',
			'|---|---:|---:|---:|---:|',
			...LATENCIES.flatMap((latencyMs) => [
				line('Taxpayer Lookup as shipped', 'ours', latencyMs),
				line('Taxpayer Lookup, Max Concurrent Requests 50', 'oursWide', latencyMs),
				line('reference: programmatic prototype', 'oursProgrammatic', latencyMs),
			]),
		].join('\n');
	})();

	const validateTable = table(
		['N', 'wall ms', 'items/s', 'ms per item', 'verdicts alone ms', '÷ `get` at 0 ms', 'valid / invalid', 'output items', 'requests at the fake', 'peak RSS MB', 'RSS over baseline MB', 'heap over baseline MB'],
		validateResults.map((r) => {
			const lookupAtOnce = find('ours', r.n, 0);
			return [
				fmt(r.n),
				ms(r.wallMs),
				fmt(r.n / (r.wallMs / 1000)),
				fmt(perItemMs(r), 3),
				ms(r.verdictsAloneMs),
				lookupAtOnce ? fmt(r.wallMs / lookupAtOnce.wallMs, 2) : '',
				`${fmt(r.validItems)} / ${fmt(r.n - r.validItems)}`,
				fmt(r.outputItems),
				fmt(r.requests),
				fmt(r.peakRssMB),
				fmt(r.peakRssMB - r.rssBeforeMB),
				fmt(r.peakHeapMB - r.heapBeforeMB),
			];
		}),
	);
	const validPer20 = CELL_KINDS.filter((kind) => kind.valid).reduce((sum, kind) => sum + kind.per20, 0);
	const cellMix = CELL_KINDS.map((kind) => `${kind.per20} ${kind.kind}`).join('; ');
	const validateEvaluations = Object.entries(validateExpressions ?? {})
		.map(([text, sites]) => {
			// "RoutingNode.runNode (request defaults, every property)" → "RoutingNode.runNode": the table above explains them.
			const bySite = Object.entries(sites).map(([site, count]) => `${site.split(' (')[0]} ${fmt(count / 100, 2)}`);
			return `\`${text}\` ${fmt(Object.values(sites).reduce((a, b) => a + b, 0) / 100, 2)} (${bySite.join(', ')})`;
		})
		.join('; ');
	const largestSheet = validateResults.at(-1);
	const validateVerdict = [
		`A sheet of ${fmt(largestSheet.n)} rows: one run of ${ms(largestSheet.wallMs)} ms (${fmt(perItemMs(largestSheet), 3)} ms per row), +${fmt(largestSheet.peakRssMB - largestSheet.rssBeforeMB)} MB RSS`,
		`and +${fmt(largestSheet.peakHeapMB - largestSheet.heapBeforeMB)} MB heap over the baseline, ${fmt(largestSheet.outputItems)} items out, ${fmt(largestSheet.requests)} requests; the verdicts`,
		`themselves take ${ms(largestSheet.verdictsAloneMs)} ms of it (${fmt((largestSheet.verdictsAloneMs / largestSheet.wallMs) * 100, 2)}%), the rest is n8n's work per item.`,
	].join('\n');

	const expressionTable = table(
		['node', 'expression', 'asked by', 'evaluations per item'],
		Object.entries(expressionCounts).flatMap(([implementation, counts]) =>
			Object.entries(counts ?? {}).flatMap(([text, sites]) =>
				Object.entries(sites).map(([site, count]) => [LABELS[implementation], `\`${text.replace(/\|/g, '\\|')}\``, site, fmt(count / 100, 2)]),
			),
		),
	);
	const total = (counts) => Object.values(counts ?? {}).flatMap((sites) => Object.values(sites)).reduce((a, b) => a + b, 0);
	const expressionTotals = Object.entries(expressionCounts)
		.map(([implementation, counts]) => `${LABELS[implementation]}: ${fmt(total(counts) / 100, 2)}`)
		.join('; ');
	// How many properties RoutingNode walks per item (twice: runNode and resolveBaseUrl), per node.
	const walked = nodeDescriptions
		.map((description) => `${description.displayName}: ${description.properties.length} properties`)
		.join(', ');

	const profileSection = Object.keys(profiles).length
		? Object.entries(profiles)
				.map(([implementation, p]) =>
					[
						`**${LABELS[implementation]}**, N = ${fmt(PROFILE_N)}, 0 ms: ${ms(p.wallMs)} ms wall (profiled), ${ms(p.totalMs)} ms sampled.`,
						'',
						table(['self time by owner', 'ms', 'share'], p.owners.slice(0, 8).map((o) => [o.name, ms(o.ms), `${fmt(o.share * 100, 1)}%`])),
						'',
						table(['self time by function', 'ms', 'share'], p.functions.slice(0, 12).map((f) => [`\`${f.name}\``, ms(f.ms), `${fmt(f.share * 100, 1)}%`])),
					].join('\n'),
				)
				.join('\n\n')
		: '_Profiles are skipped with --quick._';

	const mediaTable = table(
		['binary data mode', 'file', 'request body', 'wall', 'peak RSS over baseline', 'heap over baseline', 'RSS over file size', 'heap over file size', 'range of 3 runs (RSS / heap)'],
		media.map((m) => [
			m.mode === 'memory' ? 'memory (default: base64 in the item)' : 'filesystem (item holds an id)',
			`${fmt(m.fileMB, 1)} MB`,
			`${fmt(m.requestMB, 1)} MB`,
			`${ms(m.wallMs)} ms`,
			`${fmt(m.rssMB)} MB`,
			`${fmt(m.heapMB)} MB`,
			`${fmt(m.rssMB / m.fileMB, 1)}×`,
			`${fmt(m.heapMB / m.fileMB, 1)}×`,
			`${fmt(m.rssRange[0])}–${fmt(m.rssRange[1])} / ${fmt(m.heapRange[0])}–${fmt(m.heapRange[1])} MB`,
		]),
	);

	const traceSection = ['memory', 'filesystem']
		.map((mode) => {
			const asRun = mediaTraces.find((t) => t.mode === mode && t.variant === 'as-run');
			const live = mediaTraces.find((t) => t.mode === mode && t.variant === 'live');
			const events = table(
				['step', 'made by', 'whose', 'size', 'heap + external over baseline, right after', 'held (after a full GC)'],
				asRun.events.map((e, index) => {
					const step = (what) => what?.split(' (')[0];
					const held = step(live.events[index]?.what) === step(e.what) ? `${fmt(live.events[index].heapOverBaselineMB)} MB` : '—';
					return [e.what, `\`${e.by}\``, e.whose, `${fmt(e.MB, 1)} MB`, `${fmt(e.heapOverBaselineMB)} MB`, held];
				}),
			);
			const peakHeap = Math.max(...asRun.peaks.map((p) => p.heapOverBaselineMB));
			const peakHeld = Math.max(...live.events.map((e) => e.heapOverBaselineMB));
			const rss = asRun.peakRssMB - asRun.rssBeforeMB;
			const summary = [
				`Peak as it runs: heap + external +${fmt(peakHeap)} MB (${fmt(peakHeap / asRun.fileMB, 1)}× the file), RSS +${fmt(rss)} MB (${fmt(rss / asRun.fileMB, 1)}×);`,
				`most held at once: +${fmt(peakHeld)} MB (${fmt(peakHeld / live.fileMB, 1)}×); once the node is done: +${fmt(asRun.heapAfterMB, 1)} MB (the output item).`,
			].join(' ');
			return [`**${mode === 'memory' ? 'Memory mode' : 'Filesystem mode'}** (${ms(asRun.wallMs)} ms)`, '', events, '', summary].join('\n');
		})
		.join('\n\n');

	const pollTable = table(
		['poll', 'currencies', 'API calls', 'requests', 'items emitted', 'wall'],
		pollCosts.map((p) => [p.poll, p.currencies, fmt(p.calls), p.requests.join(', '), fmt(p.emitted), `${ms(p.wallMs)} ms`]),
	);

	const QUOTA_LABELS = {
		laravel: '429 with Retry-After and X-RateLimit-*',
		bare: '429 without headers',
		quota403: '403 "quota spent" without headers',
	};
	const quotaTable = table(
		['node', 'refusal past the budget', 'answered', 'failed', 'requests sent', 'queries counted', 'most requests for one RUC', 'wall', 'ideal', '÷ ideal', 'peak in flight'],
		quotaRuns.map((r) => [
			r.implementation === 'ours' ? LABELS.ours : `${LABELS.httpRequest} (default settings)`,
			QUOTA_LABELS[r.refusal],
			`${fmt(r.outputItems - r.failedItems)} of ${fmt(QUOTA.n)}`,
			fmt(r.failedItems),
			fmt(r.requests),
			fmt(r.looked),
			fmt(r.mostRequestsForOneRuc),
			`${ms(r.wallMs)} ms`,
			`${ms(idealMs(r))} ms`,
			fmt(r.wallMs / idealMs(r), 2),
			fmt(r.peakInFlight),
		]),
	);
	const oursWithHeaders = quotaRuns[0];
	const oursRatio = oursWithHeaders.wallMs / idealMs(oursWithHeaders);
	const quotaVerdict = `Ours with the real API's headers: ${fmt(oursWithHeaders.outputItems - oursWithHeaders.failedItems)} of ${fmt(QUOTA.n)} answered in ${fmt(oursRatio, 2)}× the ideal (target ≤ 1.10: ${oursWithHeaders.failedItems === 0 && oursRatio <= 1.1 ? 'met' : 'MISSED'}).`;
	const gapLine = gaps.length
		? `Gaps between arrivals: shortest ${ms(Math.min(...gaps))} ms, longest ${ms(Math.max(...gaps))} ms, mean ${ms(gaps.reduce((a, b) => a + b, 0) / gaps.length)} ms; within ${SENDS.min}–${SENDS.max} s (5 ms of leeway below for the requests' own trip, 50 ms above): ${gaps.filter((gap) => gap >= SENDS.min * 1000 - 5 && gap <= SENDS.max * 1000 + 50).length} of ${gaps.length}.`
		: 'No gaps measured.';

	const cpus = os.cpus();
	const machine = [
		`- Date: ${startedAt.toISOString()}`,
		`- Machine: ${cpus.length} cores (${cpus[0]?.model ?? 'unknown CPU'}), ${fmt(os.totalmem() / 2 ** 30, 1)} GB memory, ${os.type()} ${os.release()} ${os.arch()}`,
		`- Load average (1 min) before / after the run: ${fmt(loadBefore[0], 2)} / ${fmt(loadAfter[0], 2)} (other work on the machine shows here)`,
		`- Node ${process.version}; n8n-core ${versionOf(path.join(root, 'node_modules/n8n-core'))}, n8n-workflow ${versionOf(path.join(root, 'node_modules/n8n-workflow'))}; HTTP Request node from n8n-nodes-base ${versionOf(path.join(root, '.cache/n8n/node_modules/n8n-nodes-base'))} (n8n ${versionOf(path.join(root, '.cache/n8n/node_modules/n8n'))}), typeVersion = its defaultVersion`,
		`- Expression engine: n8n-workflow's \`legacy\` (in-process), as the test harness runs it. A real n8n 2.x instance defaults to \`vm\` (isolated-vm), where each evaluation costs more, so the gaps below widen there.`,
	].join('\n');

	const findingsFile = path.join(root, 'bench/findings.md');
	const findings = readFileSync(findingsFile, 'utf8').trim();

	const report = `# Benchmarks

Generated by \`npm run bench\` (bench/run.mjs, bench/**) on ${startedAt.toISOString().slice(0, 10)}${quick ? ' — **quick run (--quick): N = 100 and 1,000 only (Validate 1,000), no profiles**' : ''}. Do not edit the tables by hand;
the findings at the end are kept in bench/findings.md.

${machine}

## Lookup: N GETs through n8n's engine

Each case runs in a fresh child process against the lookup fake (\`GET /api/v2/ruc/{ruc}\`, 3 known RUCs, fake in the
parent process): one Items node feeding the node under test, through \`WorkflowExecute\`. Three warm-up runs of 50
items precede the timed run. Wall time is the median of ${quick ? '1 run' : '3 runs (1 at N = 10,000)'}; memory is the highest of them.

- **Taxpayer Lookup (ours)**: \`resource: taxpayer, operation: get, ruc: ={{ $json.ruc }}\`, credential \`taxpayerLookupApi\`.
- **HTTP Request node**: \`GET ={base}/api/v2/ruc/{{ $json.ruc }}\`, authentication none, header parameters \`Authorization: Bearer …\` and
  \`Accept: application/json\` (the same headers ours sends), options default.
- **plain fetch**: \`fetch()\` with the same headers for every item, all started at once, bodies parsed, wrapped as items.
- **reference: programmatic prototype**: \`get\` rewritten as a programmatic node (bench/programmatic.ts: \`execute()\`, the same
  checks, error mapping and output modules, credential and base URL read once per run, the RUC once per item, all
  requests started at once through \`this.helpers.httpRequest\`). A measurement of what the declarative engine costs; not shipped.

Concurrency: n8n's RoutingNode (declarative nodes) and HTTP Request v3/v4.x both start every item's request before
awaiting any (no batching unless the Batching option is set), so the floor starts all N fetches at once too. The
"peak in flight" column is the highest number of requests open at the fake at once, measured at the fake (at 0 ms
the fake answers each request as it arrives, so it stays near 1; at 20 ms it shows how many the client had started).

| latency | N | implementation | wall ms | items/s | ms per item | ÷ HTTP Request | ÷ fetch | peak RSS MB | RSS over baseline MB | heap over baseline MB | peak in flight |
|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|
${mainRows.map((row) => `| ${row.join(' | ')} |`).join('\n')}

${target}

## Where the time goes (CPU profiles of the timed run)

Expressions n8n evaluates per item (N = 100, counted at n8n-workflow's \`Expression.resolveSimpleParameterValue\`, attributed by
call stack): ${expressionTotals}. RoutingNode walks every property of a declarative node's description for every item, twice
(${walked}).

${expressionTable}

${profileSection}

${perItemSection(perItem).trim()}

## Validate: N rows offline

Taxpayer → Validate (\`rucOrDni: ={{ $json.ruc }}\`, Include Input Fields on) over the rows of a supplier sheet with five
columns (\`row\`, \`supplier\`, \`ruc\`, \`invoice\`, \`amount\`), through \`WorkflowExecute\` like the lookups, each N in a fresh child
process (bench/case.cjs \`validate\`) after three warm-up runs of 50 rows; wall time is the median of ${quick ? '1 run' : '3 runs (1 at N = 10,000)'},
memory the highest. The \`ruc\` column mixes, in every 20 rows (spread, not in blocks):
${cellMix}
(${validPer20} of 20 valid; the RUCs are made with the fake's own check-digit rule, not the node's). Validate needs no
credential; the child is given one pointing at the lookup fake all the same, so that a request the node made by mistake
would be counted there. The bench fails unless the fake saw 0 requests over the whole child (warm-up included), every row
came out as one item and the valid count matches the mix. "Verdicts alone" is \`verdictOn\` over the same cells with no
engine, in the bench's own process; "÷ \`get\` at 0 ms" is against Taxpayer Lookup \`get\` over the same N in the first table,
its fake answering at once. Expressions evaluated per row (N = 100, by who asks, counted as in "Where the time goes"
above): ${fmt(total(validateExpressions) / 100, 2)}:
${validateEvaluations}.

${validateTable}

${validateVerdict}

${sunatSection(sunat).trim()}

${sireSection(sire).trim()}

## Bulk runs against the quota

${fmt(QUOTA.n)} distinct RUCs (\`GET /api/v2/ruc/{ruc}\`) against the lookup fake's fixed-window quota: ${fmt(QUOTA.budget)} queries per
window, the window shortened from 15 minutes to ${fmt(QUOTA.windowMs / 1000)} s, opening at the first query as Laravel's throttle does, each answer
after ${QUOTA_LATENCY_MS} ms. "Queries counted" are the answered lookups the quota counted (one per RUC: none looked up twice); the other
requests sent are refusals.
Each run in a fresh child process (bench/pace.cjs), no warm-up (it would spend the budget), no option set on either
node; the HTTP Request node runs with On Error: Continue so that its failed items can be counted (with default
settings the run stops at the first 429). A run's ideal: n8n's preparation of the items before the first request goes
out (measured per run: ${QUOTA.n === 3000 ? '3,000' : fmt(QUOTA.n)} items take seconds), the ${quotaWindows} windows the budget forces, then the last window's
${fmt(QUOTA.n - quotaWindows * QUOTA.budget)} requests at the pace of the same run with no quota (${ms(quotaRequestsMs)} ms for all ${fmt(QUOTA.n)} requests after the first went out,
${ms(quotaRequestsAlone.wallMs)} ms in all). The fake's first window opens on a whole second, so it can be up to a second short: a
ratio a little under 1 is possible. Peak in flight is measured at the fake.

${quotaTable}

${quotaVerdict}

## Messaging: sends with Pause Between Messages

${fmt(SENDS.n)} Send Text items to one chat through one instance, Pause Between Messages ${SENDS.min}–${SENDS.max} s, against the Evolution fake
(arrival times and order recorded per chat). Wall ${ms(sendsResult.wallMs)} ms, ${fmt(sendsResult.outputItems - sendsResult.failedItems)} of ${fmt(SENDS.n)} sent; every message
arrived in item order: ${sendsInOrder ? 'yes' : 'NO'}. ${gapLine}

## Send Media: a 15 MB file from a binary property

One item carrying a ${fmt(media[0].fileMB, 0)} MB (15 × 1024 × 1024 bytes) random file, Send Media as a document, to the
Evolution API fake. As shipped (nodes/Messaging/media/upload.ts, issue 38): the file is uploaded as a multipart form
streamed from n8n's binary store (memory mode: one copy of the item's base64, decoded), and the answer is read as a
stream that drops an echoed \`message.base64\` chunk by chunk (the fake echoes only for a webhook with Base64 on, as
Evolution does). Baseline: the process after warm-up with the input item already built; peaks are the child's RSS
high-water mark from the send on and the sampled heap (V8 heap + external buffers). Median of ${MEDIA_REPEATS} runs
(bench/media.cjs; \`node bench/media-only.mjs\` runs these and 100 MB; before/after in the findings, issue 38).

${mediaTable}

Where the memory goes (bench/media-trace.cjs, its own child process; the Evolution API fake runs in the parent, so
its buffering of the received body is not in these numbers): every allocation of at least 4 MB on the way, with the
function that made it, the answer's bytes as they arrive, and the heap + external memory right after each. Run twice:
as it runs (garbage not yet collected included, as at a real peak), and with a full GC after each step, which leaves
what is still held. Single runs.

${traceSection}

${triggerMediaSection(triggerMedia)}
## Exchange Rate Trigger: API calls per poll

Through n8n-core's PollContext (test/harness/poll.ts), the fake's clock moved as named (2026-06-05 is a Friday).

${pollTable}

${findings}
`;
	return report;
}

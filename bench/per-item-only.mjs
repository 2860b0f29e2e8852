// `npm run bench:per-item -- [--compare=<checkout>] [--repeats=<k>] [--quick]`: only the "Per item"
// section of `npm run bench` (bench/perItem.mjs): Taxpayer Get, Send Text and Send Media from a URL
// at N = 10,000 (k runs of each per checkout, alternating; default 2), this checkout's
// nodes against those of the checkout given with --compare, and Send Text on Messaging widened 1-5
// times. Writes the section into BENCHMARKS.md in place (the rest of the file unchanged) and the
// measurements as JSON next to it in the temp directory; `--from=<that json>` writes the section
// again from them without measuring. The findings at the end are brought up to bench/findings.md.
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { measurePerItem } from './perItem.mjs';
import { perItemSection, withSection } from './report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const option = (name) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);

const from = option('from');
const measured = from
	? JSON.parse(readFileSync(from, 'utf8'))
	: await measurePerItem({ quick: process.argv.includes('--quick'), compare: option('compare'), repeats: option('repeats') ? Number(option('repeats')) : undefined });
if (!from) {
	const file = path.join(os.tmpdir(), `bench-per-item-${Date.now()}.json`);
	writeFileSync(file, JSON.stringify(measured, null, '\t'));
	console.error(`measurements: ${file}`);
}
const section = perItemSection(measured).trim();

// The section runs from its heading to the next one; a report without it gets it before Validate's.
const reportFile = path.join(root, 'BENCHMARKS.md');
writeFileSync(reportFile, withSection(readFileSync(reportFile, 'utf8'), section, { heading: '## Per item:', before: '## Validate: N rows offline' }));
console.log(section);

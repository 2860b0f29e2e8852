// `npm run bench:sire -- [--quick]`: only the "SIRE proposal" section of `npm run bench`
// (bench/sire.mjs): a 20,000-receipt proposal of each book (2,000 with --quick) from SUNAT's ZIP to
// items, 3 runs each. Writes the section into BENCHMARKS.md in place (the rest of the file unchanged,
// the findings brought up to bench/findings.md) and the measurements as JSON in the temp directory;
// `--from=<that json>` writes the section again from them without measuring.
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { measureSire } from './sire.mjs';
import { sireSection, withSection } from './report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const option = (name) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);

const from = option('from');
const measured = from ? JSON.parse(readFileSync(from, 'utf8')) : await measureSire({ quick: process.argv.includes('--quick') });
if (!from) {
	const file = path.join(os.tmpdir(), `bench-sire-${Date.now()}.json`);
	writeFileSync(file, JSON.stringify(measured, null, '\t'));
	console.error(`measurements: ${file}`);
}
const section = sireSection(measured);

// After the SUNAT Invoice section, before the quota's.
const reportFile = path.join(root, 'BENCHMARKS.md');
writeFileSync(reportFile, withSection(readFileSync(reportFile, 'utf8'), section, { heading: '## SIRE proposal:', before: '## Bulk runs against the quota' }));
console.log(section);

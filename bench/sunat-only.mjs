// `npm run bench:sunat -- [--quick]`: only the "SUNAT Invoice" section of `npm run bench`
// (bench/sunat.mjs): the example workflow validate-supplier-invoices over 2,000 invoices (500 with
// --quick) in n8n's engine against the fakes, 3 runs. Writes the section into BENCHMARKS.md in
// place (the rest of the file unchanged, the findings brought up to bench/findings.md) and the
// measurements as JSON in the temp directory; `--from=<that json>` writes the section again from
// them without measuring.
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { measureSunat } from './sunat.mjs';
import { sunatSection, withSection } from './report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const option = (name) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);

const from = option('from');
const measured = from ? JSON.parse(readFileSync(from, 'utf8')) : await measureSunat({ quick: process.argv.includes('--quick') });
if (!from) {
	const file = path.join(os.tmpdir(), `bench-sunat-${Date.now()}.json`);
	writeFileSync(file, JSON.stringify(measured, null, '\t'));
	console.error(`measurements: ${file}`);
}
const section = sunatSection(measured);

// After Validate's section, before the quota's.
const reportFile = path.join(root, 'BENCHMARKS.md');
writeFileSync(reportFile, withSection(readFileSync(reportFile, 'utf8'), section, { heading: '## SUNAT Invoice:', before: '## Bulk runs against the quota' }));
console.log(section);

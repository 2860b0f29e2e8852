// Where Verdaccio (a local npm registry, for the install test in test/install/) is installed:
// scripts/verdaccio/install.mjs installs it there and test/install/verdaccio.ts runs it, as n8n.mjs
// says where n8n is for scripts/n8n/install.mjs and the tests. Types in verdaccio.d.mts.
import path from 'node:path';

import { repoRoot } from './n8n.mjs';

/** Pinned: the install test's registry is this exact version. */
export const VERDACCIO_VERSION = '6.10.4';
export const verdaccioDir = path.join(repoRoot, '.cache', 'verdaccio');
export const verdaccioBin = path.join(verdaccioDir, 'node_modules', 'verdaccio', 'bin', 'verdaccio');

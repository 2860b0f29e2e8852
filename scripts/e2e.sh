#!/usr/bin/env bash
# End-to-end tests in the real n8n (the pinned release, or N8N_VERSION's): installs it into its cache
# folder (test/harness/n8n.mjs) when missing (first time: a
# few minutes), builds the package, then runs test/e2e/ (vitest.e2e.config.mts). Needs Node 24: run it
# as `bash scripts/node24.sh bash scripts/e2e.sh` (scripts/test.sh already runs under Node 24).
# Extra arguments go to vitest, e.g. `bash scripts/e2e.sh test/e2e/package.test.ts`.
# E2E_KEEP=1 keeps the temporary n8n user folders for inspection.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

node scripts/n8n/install.mjs
node scripts/scanner/install.mjs
if [ "${E2E_SKIP_BUILD:-}" != 1 ]; then
	npm run --silent build >/dev/null
fi
start=$(date +%s)
npx vitest run --config vitest.e2e.config.mts "$@"
echo "== end-to-end tests took $(($(date +%s) - start))s"

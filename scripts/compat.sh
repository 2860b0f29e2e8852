#!/usr/bin/env bash
# The compatibility stage (`npm run test:compat`; CI runs it after `npm test`): the package on the
# older n8n releases it supports. `npm test` runs everything on the pinned release
# (PINNED_N8N_VERSION in test/harness/n8n.mjs); this runs, on each other release of
# test/n8n-releases/ (one folder per release: its package.json and lockfile), or those named in
# N8N_COMPAT_RELEASES:
#   1. its install (once per machine, into its cache folder outside the clone, from its lockfile);
#   2. the engine tests of vitest.compat.config.mts with that release's n8n-core and n8n-workflow;
#   3. test/e2e/releases.test.ts in that release's real n8n: one case per feature.
# Needs Node 24: scripts/node24.sh (npm run test:compat runs it so). Builds dist/ first (what the
# end-to-end cases install).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

pinned="$(node --input-type=module -e "import('./test/harness/n8n.mjs').then((m) => console.log(m.PINNED_N8N_VERSION))")"
if [ -n "${N8N_COMPAT_RELEASES:-}" ]; then
	releases="$N8N_COMPAT_RELEASES"
else
	releases="$(ls test/n8n-releases | grep -vx "$pinned" | sort -V | tr '\n' ' ')"
fi
npm run --silent build >/dev/null
node scripts/scanner/install.mjs >/dev/null

for release in $releases; do
	start=$(date +%s)
	echo "== n8n $release: install"
	N8N_VERSION="$release" node scripts/n8n/install.mjs
	echo "== n8n $release: engine tests with its n8n-core and n8n-workflow"
	N8N_VERSION="$release" npx vitest run --config vitest.compat.config.mts
	echo "== n8n $release: end-to-end, one case per feature"
	N8N_VERSION="$release" E2E_SKIP_BUILD=1 bash scripts/e2e.sh test/e2e/releases.test.ts
	echo "== n8n $release: done in $(($(date +%s) - start))s"
done

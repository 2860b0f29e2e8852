#!/usr/bin/env bash
# `npm run test:install`: the package as users get it from Settings → Community Nodes (test/install/):
# Verdaccio (installed into .cache/verdaccio when missing, pinned) on a free port as the registry,
# the built package published to it, then installed, upgraded and reinstalled by n8n's own installer
# in a real n8n 2.41.1 (installed into its cache folder when missing). Needs Node 24 and openssl: run it as
# `bash scripts/node24.sh bash scripts/install-test.sh`. Every process's output: test-results/install/.
# E2E_KEEP=1 keeps the n8n user folder.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/install-deps.sh
node scripts/n8n/install.mjs
node scripts/verdaccio/install.mjs
npm run --silent build >/dev/null
start=$(date +%s)
npx vitest run --config vitest.install.config.mts "$@"
echo "== install test took $(($(date +%s) - start))s"

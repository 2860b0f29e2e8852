#!/usr/bin/env bash
# The whole check, as `npm test` runs it (under Node 24, see scripts/node24.sh): install what is
# missing, build, lint, type-check, unit and engine tests, then end-to-end tests in real n8n.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

echo "== node $(node --version), npm $(npm --version)"
bash scripts/install-deps.sh
echo "== build" && npm run --silent build
echo "== lint" && npm run --silent lint
echo "== type-check (sources and tests)" && npm run --silent typecheck
echo "== unit and engine tests" && npx vitest run
if [ -f scripts/e2e.sh ]; then
	echo "== end-to-end tests in real n8n" && bash scripts/e2e.sh
fi

#!/usr/bin/env bash
# Installs the dev dependencies from package-lock.json when node_modules is missing or stale.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
stamp=node_modules/.package-lock.json
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
	echo "== installing dev dependencies (npm ci)"
	npm ci --no-audit --no-fund --loglevel=error
fi

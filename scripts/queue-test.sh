#!/usr/bin/env bash
# `npm run test:queue`: the package in n8n's queue mode (test/queue/): one main and two workers on
# Redis and PostgreSQL (Debian's redis-server and postgresql, installed when missing and running as
# root), started on free ports, each with the package installed from its tarball; all stopped at
# the end. Needs Node 24: run it as `bash scripts/node24.sh bash scripts/queue-test.sh`.
# Every process's output: test-results/queue/. E2E_KEEP=1 keeps the n8n user folders.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/install-deps.sh
node scripts/n8n/install.mjs
npm run --silent build >/dev/null
start=$(date +%s)
npx vitest run --config vitest.queue.config.mts "$@"
echo "== queue-mode test took $(($(date +%s) - start))s"

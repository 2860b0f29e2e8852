#!/usr/bin/env bash
# Runs a command under Node 24 (n8n 2.x requires it). When the machine's Node is older, Node 24 is
# installed from the npm registry (package node-linux-<arch>) into .cache/node24 once, and put first
# on PATH; npm_config_nodedir points native builds (sqlite3) at its headers.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
NODE24_VERSION="24.21.0"

major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$major" -lt 24 ]; then
	case "$(uname -m)" in
		x86_64) arch=x64 ;;
		aarch64 | arm64) arch=arm64 ;;
		*) echo "node24: no Node 24 package for $(uname -m); install Node 24 yourself" >&2; exit 1 ;;
	esac
	dir="$root/.cache/node24"
	home="$dir/node_modules/node-linux-$arch"
	if [ ! -x "$home/bin/node" ] || [ "$("$home/bin/node" --version)" != "v$NODE24_VERSION" ]; then
		echo "node24: installing Node $NODE24_VERSION from the npm registry into .cache/node24" >&2
		mkdir -p "$dir"
		[ -f "$dir/package.json" ] || echo '{"private":true}' >"$dir/package.json"
		npm install --prefix "$dir" --no-save --no-package-lock --ignore-scripts --loglevel=error \
			"node-linux-$arch@$NODE24_VERSION" >&2
	fi
	export PATH="$home/bin:$PATH"
	export npm_config_nodedir="$home"
fi
exec "$@"

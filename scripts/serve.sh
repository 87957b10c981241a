#!/usr/bin/env bash
# Builds the app (release) and serves it on http://localhost:${PORT:-8080}/.
# Installs whatever is missing first (wasm target, trunk, wasm-bindgen, wasm-opt).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/tools.sh
ensure_build_tools
trunk build --release
exec node scripts/serve-dist.mjs "${PORT:-8080}"

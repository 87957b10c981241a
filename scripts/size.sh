#!/usr/bin/env bash
# Builds the release and prints the raw, gzip and brotli size of each file of the first load
# (the page, its scripts, the WebAssembly and the style sheet) against the budget: 250 KB gzip
# in all. A report, not a test. The gzip figure is `gzip -9`; the brotli figure is the .br copy
# the build writes (scripts/post-build.mjs), which a server sends to browsers that accept it.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/tools.sh
ensure_build_tools
trunk build --release >/dev/null
BUDGET=$((250 * 1024))
total_raw=0
total_gz=0
total_br=0
printf '%-44s %10s %10s %10s\n' file raw gzip brotli
for f in dist/index.html dist/*.js dist/*.wasm dist/*.css; do
  raw=$(stat -c %s "$f")
  gz=$(gzip -9 -c "$f" | wc -c)
  if [ -f "$f.br" ]; then
    br=$(stat -c %s "$f.br")
  else
    br=$(node -e 'const z=require("zlib");process.stdout.write(String(z.brotliCompressSync(require("fs").readFileSync(process.argv[1]),{params:{[z.constants.BROTLI_PARAM_QUALITY]:11}}).length))' "$f")
  fi
  total_raw=$((total_raw + raw))
  total_gz=$((total_gz + gz))
  total_br=$((total_br + br))
  printf '%-44s %10d %10d %10d\n' "${f#dist/}" "$raw" "$gz" "$br"
done
printf '%-44s %10d %10d %10d\n' "first load total" "$total_raw" "$total_gz" "$total_br"
awk -v gz="$total_gz" -v br="$total_br" -v b="$BUDGET" 'BEGIN {
  printf "budget: %.1f KB gzip of %.0f KB (%.0f%%); brotli %.1f KB (%.0f%%)\n", gz / 1024, b / 1024, 100 * gz / b, br / 1024, 100 * br / b
}'

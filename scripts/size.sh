#!/usr/bin/env bash
# Builds the release and prints the raw, gzip and brotli size of each file of the first load
# (the page, its scripts, the main WebAssembly module and the style sheet; not the service
# worker) against the budget: 250 KB gzip in all. The screens loaded on first use
# (scripts/split.mjs) are listed apart, outside the first load. A report, not a test. The gzip figure is `gzip -9`; the brotli figure is the .br copy
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
measure() {
  raw=$(stat -c %s "$1")
  gz=$(gzip -9 -c "$1" | wc -c)
  if [ -f "$1.br" ]; then
    br=$(stat -c %s "$1.br")
  else
    br=$(node -e 'const z=require("zlib");process.stdout.write(String(z.brotliCompressSync(require("fs").readFileSync(process.argv[1]),{params:{[z.constants.BROTLI_PARAM_QUALITY]:11}}).length))' "$1")
  fi
  printf '%-44s %10d %10d %10d\n' "${1#dist/}" "$raw" "$gz" "$br"
}
printf '%-44s %10s %10s %10s\n' file raw gzip brotli
for f in dist/index.html $(ls dist/*.js | grep -v '^dist/sw\.js$') dist/*_bg.wasm dist/*.css; do
  measure "$f"
  total_raw=$((total_raw + raw))
  total_gz=$((total_gz + gz))
  total_br=$((total_br + br))
done
printf '%-44s %10d %10d %10d\n' "first load total" "$total_raw" "$total_gz" "$total_br"
echo
echo "loaded on first use (not in the first load):"
later_gz=0
for f in dist/*.wasm; do
  case "$f" in *_bg.wasm) continue ;; esac
  measure "$f"
  later_gz=$((later_gz + gz))
done
printf '%-44s %10s %10d\n' "loaded on first use, total" "" "$later_gz"
awk -v gz="$total_gz" -v br="$total_br" -v b="$BUDGET" 'BEGIN {
  printf "budget: %.1f KB gzip of %.0f KB (%.0f%%); brotli %.1f KB (%.0f%%)\n", gz / 1024, b / 1024, 100 * gz / b, br / 1024, 100 * br / b
}'

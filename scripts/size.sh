#!/usr/bin/env bash
# Builds the release and prints the raw and gzip size of each file of the first load against the
# budget (150 KB gzip in all). A report, not a test.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/tools.sh
ensure_build_tools
trunk build --release >/dev/null
BUDGET=$((150 * 1024))
total_raw=0
total_gz=0
printf '%-44s %10s %10s\n' file raw gzip
for f in dist/index.html dist/*.js dist/*.wasm dist/*.css; do
  raw=$(stat -c %s "$f")
  gz=$(gzip -9 -c "$f" | wc -c)
  total_raw=$((total_raw + raw))
  total_gz=$((total_gz + gz))
  printf '%-44s %10d %10d\n' "${f#dist/}" "$raw" "$gz"
done
printf '%-44s %10d %10d\n' "first load total" "$total_raw" "$total_gz"
awk -v gz="$total_gz" -v b="$BUDGET" 'BEGIN { printf "budget: %.1f KB gzip of %.0f KB (%.0f%%)\n", gz / 1024, b / 1024, 100 * gz / b }'

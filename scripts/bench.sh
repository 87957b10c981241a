#!/usr/bin/env bash
# Benchmarks (not tests): the rules core against the goban crate, boards read from photos (natively and in Chromium), the stored size of 1,000
# games, the first-load size, Lighthouse's mobile scores of the first visit and the repeat
# start offline, the clock's tap latency in headless Chromium, and the pairing of a round
# natively and in Chromium. Each prints its figures against its budget.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/tools.sh
ensure_test_tools
# The storage and latency benchmarks run against the built app: build it first (a fresh clone
# has no dist/, and an older dist/ would measure older code).
echo "== release build"
trunk build --release >/dev/null
echo
echo "== rules core"
cargo bench --bench replay
echo
echo "== boards read from photos: natively, and a 1280x960 photo on the count screen in Chromium at 4x"
scripts/fetch-photos.sh || echo "some real photos are absent: the benchmark measures those present"
cargo bench --bench photo
node bench/photo.mjs
echo
echo "== storage: 1,000 finished 19x19 games"
cargo bench --bench storage
node bench/storage.mjs
echo
echo "== first load size"
./scripts/size.sh
echo
echo "== first visit and repeat start"
node bench/first-visit.mjs
echo
echo "== tap latency"
node bench/latency.mjs
echo
echo "== pairing: a 64-player and a 700-player McMahon round natively and in Chromium at 4x"
cargo bench --bench pairing
node bench/pairing.mjs
echo
echo "== between rounds: 64 players, the last result in to the next round's code on screen, Chromium at 4x"
node bench/turnaround.mjs

#!/usr/bin/env bash
# Runs every test: formatting and lints, the core natively, then the built app in headless
# Chromium, and its main flows in WebKitGTK and Firefox ESR. Installs whatever is missing first
# (wasm target, trunk, wasm-bindgen, wasm-opt, Chromium, Firefox ESR, WebKitGTK's WebDriver, Xvfb,
# the Playwright and puppeteer-core test drivers).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/tools.sh
ensure_test_tools

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "format"
cargo fmt --check
step "lints (core natively, app for wasm32)"
cargo clippy --all-targets -- -D warnings
cargo clippy --target wasm32-unknown-unknown -- -D warnings
step "real photos (scripts/fetch-photos.sh: from local mirrors, into tests/fixtures/photos-real)"
scripts/fetch-photos.sh || echo "some real photos are absent: the tests that read them will say which"
step "core tests"
cargo test
step "release build"
trunk build --release
step "browser tests (headless Chromium)"
npx playwright test
step "main flows in WebKitGTK and Firefox ESR"
node tests/engines/run.mjs

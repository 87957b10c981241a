#!/usr/bin/env bash
# Installs what building and testing the app needs, skipping whatever is already present.
# Sourced by scripts/serve.sh and scripts/test.sh; safe to run on its own.
set -euo pipefail

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130
WASM_SPLIT_VERSION=0.2.4
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

say() { printf '\033[1m[tools]\033[0m %s\n' "$*"; }

ensure_wasm_target() {
  if rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    return
  fi
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
}

ensure_trunk() {
  if command -v trunk >/dev/null 2>&1 && trunk --version | grep -q " ${TRUNK_VERSION}"; then
    return
  fi
  say "installing trunk ${TRUNK_VERSION} (several minutes the first time)"
  cargo install trunk --version "${TRUNK_VERSION}" --locked
}

ensure_wasm_bindgen() {
  if command -v wasm-bindgen >/dev/null 2>&1 && wasm-bindgen --version | grep -q " ${WASM_BINDGEN_VERSION}"; then
    return
  fi
  say "installing wasm-bindgen-cli ${WASM_BINDGEN_VERSION}"
  # Not --locked: one of its locked dependency versions is no longer in the registry.
  cargo install wasm-bindgen-cli --version "${WASM_BINDGEN_VERSION}"
}

ensure_wasm_split() {
  # Cuts the WebAssembly into the main module and the screens loaded on first use
  # (scripts/split.mjs). Its binary has no --version: cargo's list of installs says which.
  # 0.2.4 at least: earlier versions miss wasm-bindgen 0.2.128's renamed cast import, and a cast
  # left in a piece fails with "function signature mismatch" when it runs.
  if command -v wasm-split-cli >/dev/null 2>&1 \
    && cargo install --list | grep -qx "wasm_split_cli_support v${WASM_SPLIT_VERSION}:"; then
    return
  fi
  say "installing wasm-split-cli ${WASM_SPLIT_VERSION}"
  cargo install wasm_split_cli_support --version "${WASM_SPLIT_VERSION}" --locked --features build-binary
}

ensure_node_modules() {
  # binaryen (wasm-opt) and the browser-test runner come from package.json.
  if [ -x "${ROOT}/node_modules/.bin/wasm-opt" ] && [ -x "${ROOT}/node_modules/.bin/terser" ] \
    && [ -d "${ROOT}/node_modules/@playwright/test" ] \
    && [ -d "${ROOT}/node_modules/puppeteer-core" ] && [ -d "${ROOT}/node_modules/jsqr" ] \
    && [ -d "${ROOT}/node_modules/pngjs" ] && [ -d "${ROOT}/node_modules/@axe-core/playwright" ] \
    && [ "${ROOT}/node_modules/.package-lock.json" -nt "${ROOT}/package-lock.json" ]; then
    return
  fi
  say "installing node packages (wasm-opt, Playwright test runner, QR reader and accessibility checks for the tests)"
  (cd "${ROOT}" && npm ci --no-audit --no-fund)
}

ensure_chromium() {
  if [ -x /usr/bin/chromium ]; then
    return
  fi
  say "installing Chromium from Debian"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
}

ensure_engines() {
  # The other engines a player's phone may run, from Debian: Firefox ESR (driven over WebDriver
  # BiDi), WebKitGTK's MiniBrowser with its WebDriver, and Xvfb for its window.
  if command -v firefox-esr >/dev/null 2>&1 && command -v WebKitWebDriver >/dev/null 2>&1 \
    && command -v xvfb-run >/dev/null 2>&1 \
    && [ -x /usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser ]; then
    return
  fi
  say "installing Firefox ESR, WebKitGTK's WebDriver and Xvfb from Debian"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq firefox-esr webkit2gtk-driver xvfb >/dev/null
}

ensure_zbar() {
  # zbarimg, a second QR reader independent of jsQR and of the app's own, for the tests that
  # read the app's codes from screenshots.
  if command -v zbarimg >/dev/null 2>&1; then
    return
  fi
  say "installing zbar-tools (zbarimg) from Debian"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq zbar-tools >/dev/null
}

ensure_build_tools() {
  ensure_wasm_target
  ensure_trunk
  ensure_wasm_bindgen
  ensure_wasm_split
  ensure_node_modules
  export PATH="${ROOT}/node_modules/.bin:${HOME}/.cargo/bin:${PATH}"
}

ensure_test_tools() {
  ensure_build_tools
  ensure_chromium
  ensure_engines
  ensure_zbar
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  ensure_test_tools
  say "all tools present"
fi

// Trunk post-build hook: puts the split WebAssembly in place of Trunk's one module
// (scripts/split.mjs: the main module and the screens loaded on first use); writes the service
// worker's precache list (every piece in it) and cache version, and the Content-Security-Policy
// (with hashes of Trunk's inline loader script) into the build; then a brotli (.br) and a gzip
// (.gz) copy beside each file, for a server to send to browsers that accept them
// (scripts/serve-dist.mjs does). One hook does it all: Trunk runs the hooks of a stage at once.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { execFileSync } from "node:child_process";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { split } from "./split.mjs";

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error("post-build: TRUNK_STAGING_DIR is not set (run through trunk build)");
  process.exit(1);
}

const parts = split(dir, process.env.TRUNK_PROFILE || "release", process.cwd());
console.log(`post-build: main module ${parts.main.join(", ")}; ${parts.pieces.length} pieces loaded on first use`);

function files(root) {
  const out = [];
  for (const name of readdirSync(root)) {
    const path = join(root, name);
    if (statSync(path).isDirectory()) out.push(...files(path));
    else out.push(path);
  }
  return out;
}

// Content-Security-Policy: nothing by default; the app's own origin only for what it loads,
// plus what loading WASM needs ('wasm-unsafe-eval', never 'unsafe-eval') and the hashes of
// Trunk's inline loader. No request may leave for another origin, no plugin, no frame, no form
// submission, no <base> that could redirect relative URLs. A meta policy cannot carry
// frame-ancestors, sandbox or report-to: those need HTTP headers, which a static host may add.
const htmlPath = join(dir, "index.html");
let html = readFileSync(htmlPath, "utf8");
const inlineHashes = [];
for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
  if (m[1].trim() === "") continue;
  inlineHashes.push(`'sha256-${createHash("sha256").update(m[1]).digest("base64")}'`);
}
const csp = [
  "default-src 'none'",
  `script-src 'self' 'wasm-unsafe-eval' ${inlineHashes.join(" ")}`.trim(),
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "frame-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");
const placeholder = /<!-- CSP_PLACEHOLDER[^>]*-->/;
if (!placeholder.test(html)) {
  console.error("post-build: index.html has no CSP placeholder");
  process.exit(1);
}
html = html.replace(placeholder, `<meta http-equiv="Content-Security-Policy" content="${csp}" />`);
writeFileSync(htmlPath, html);

// Precache list and version: every file of the build except the service worker itself and the
// compressed copies (the browser fetches each file once, compressed on the wire, and the cache
// keeps it as the page reads it).
const compressed = (p) => p.endsWith(".br") || p.endsWith(".gz");
const all = files(dir)
  .map((p) => "/" + relative(dir, p).split(sep).join("/"))
  .filter((p) => p !== "/sw.js" && !compressed(p))
  .sort();
const hash = createHash("sha256");
for (const p of all) {
  hash.update(p);
  hash.update(readFileSync(join(dir, p)));
}
const version = hash.digest("hex").slice(0, 16);
const swPath = join(dir, "sw.js");
const sw = readFileSync(swPath, "utf8")
  .replace("__VERSION__", version)
  .replace("__PRECACHE__", JSON.stringify(all));
writeFileSync(swPath, sw);
console.log(`post-build: ${all.length} files precached, version ${version}`);

// The compressed copies, written last so they hold the final index.html and sw.js: brotli at
// its highest quality, gzip at level 9 (the system's gzip when there is one: about 1 % smaller
// than Node's zlib on the WebAssembly). A copy that would not be smaller than its file is not
// written, and a server then sends the file itself.
function gzip(path, body) {
  try {
    return execFileSync("gzip", ["-9", "-n", "-c", path], { maxBuffer: 1 << 30, stdio: ["ignore", "pipe", "ignore"] });
  } catch {
    return gzipSync(body, { level: 9 });
  }
}
let written = 0;
for (const path of files(dir).filter((p) => !compressed(p))) {
  const body = readFileSync(path);
  const text = /\.(html|js|css|webmanifest|json|svg|txt)$/.test(path);
  const copies = {
    ".br": brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: text ? constants.BROTLI_MODE_TEXT : constants.BROTLI_MODE_GENERIC,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    ".gz": gzip(path, body),
  };
  for (const [ext, copy] of Object.entries(copies)) {
    if (copy.length >= body.length) continue;
    writeFileSync(path + ext, copy);
    written++;
  }
}
console.log(`post-build: ${written} compressed copies (.br, .gz) written`);

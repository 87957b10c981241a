// Cuts the app's WebAssembly into a main module and the pieces loaded on first use (each
// `#[wasm_split]` function: the screens of the table `src/app/screens.rs`, a game's views in
// `src/app/pages/game.rs`, the parts of screens drawn into a piece slot, the scanner, the reader
// of a language file), then puts the pieces in place of the one module Trunk wrote.
//
// The cut needs the module as the compiler linked it, with its relocations (build.rs asks for
// them), so it starts again from `target/wasm32-unknown-unknown/<profile>/scorekeeper.wasm`:
//   1. `wasm-split-cli` writes main.wasm, one .wasm per screen (and per set of screens sharing
//      code, a chunk) and `__wasm_split.js`, the loader that fetches them; the chunks are then
//      merged into three (`scripts/merge-chunks.mjs`);
//   2. wasm-bindgen turns main.wasm into the page's module and its JS (`--keep-lld-exports`: the
//      pieces link against the main module's memory, table and functions);
//   3. wasm-opt -Oz each .wasm and terser on the two scripts (release only, as Trunk does);
//   4. every file gets the same name prefix, `scorekeeper-<hash of all of them>`, so a new build
//      never mixes with files a browser or the service worker kept from an older one; index.html
//      points at the new names, with their integrity hashes, and preloads the loader.
// Called by scripts/post-build.mjs before it writes the precache list and the compressed copies.
import { createHash } from "node:crypto";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { mergeChunks } from "./merge-chunks.mjs";

const NAME = "scorekeeper";

function run(command, args, cwd) {
  execFileSync(command, args, { cwd, stdio: ["ignore", "inherit", "inherit"] });
}

/// wasm-opt on one piece. Its warnings about the name subsection the split tool writes (which
/// it does not know, and drops) are left out of the build's output; anything else it says is not.
/// The photo reader's piece is made fast (-O3) rather than small: reading a photo is arithmetic
/// over every pixel, timed against a budget, and the piece stays far under its size limit.
function wasmOpt(wasm, cwd) {
  const level = /split_photo\.wasm$/.test(wasm) ? "-O3" : "-Oz";
  // PROFILE_NAMES=1 keeps the functions' names, for a profile that names them (bench/profile.mjs).
  const names = process.env.PROFILE_NAMES === "1" ? ["-g"] : [];
  const out = spawnSync("wasm-opt", [level, ...names, wasm, `--output=${wasm}`], { cwd, encoding: "utf8" });
  const said = `${out.stdout ?? ""}${out.stderr ?? ""}`
    .split("\n")
    .filter((line) => line !== "" && !/^warning: unknown name subsection/.test(line));
  if (said.length) console.error(said.join("\n"));
  if (out.status !== 0) throw new Error(`split: wasm-opt failed on ${wasm}`);
}

/// A module's JavaScript minified by terser (the module's JS and the loader are most of the first
/// load's script: about 3 KB gzip less). Names the other files use are kept: the exports and
/// imports of a module, and every property name (the imports object's keys are the wasm's).
function minify(code, cwd) {
  return execFileSync("terser", ["--module", "--compress", "--mangle"], {
    cwd,
    input: code,
    encoding: "utf8",
    maxBuffer: 1 << 28,
    stdio: ["pipe", "pipe", "inherit"],
  });
}

function targetDir(root) {
  const meta = execFileSync("cargo", ["metadata", "--format-version", "1", "--no-deps", "--offline"], {
    cwd: root,
    maxBuffer: 1 << 26,
  });
  return JSON.parse(meta).target_directory;
}

const sri = (body) => `sha384-${createHash("sha384").update(body).digest("base64")}`;
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/// Replaces Trunk's module in `staging` (the build being written) by the split one; `profile` is
/// "release" or "debug". Returns the names of the main module's files and of the pieces.
export function split(staging, profile, root) {
  const htmlPath = join(staging, "index.html");
  let html = readFileSync(htmlPath, "utf8");
  const trunkBase = html.match(new RegExp(`/(${NAME}-[0-9a-f]+)\\.js`))?.[1];
  if (!trunkBase) throw new Error(`split: index.html names no /${NAME}-<hash>.js`);

  const raw = join(targetDir(root), "wasm32-unknown-unknown", profile, `${NAME}.wasm`);
  const work = join(targetDir(root), "split", profile);
  const parts = join(work, "parts");
  const bindgen = join(work, "bindgen");
  rmSync(work, { recursive: true, force: true });
  mkdirSync(parts, { recursive: true });
  mkdirSync(bindgen, { recursive: true });

  run("wasm-split-cli", [raw, parts], root);
  mergeChunks(parts, root);
  run(
    "wasm-bindgen",
    [
      "--target=web",
      "--no-typescript",
      "--keep-lld-exports",
      "--no-demangle",
      `--out-dir=${bindgen}`,
      `--out-name=${NAME}`,
      join(parts, "main.wasm"),
    ],
    root,
  );

  const mainWasm = join(bindgen, `${NAME}_bg.wasm`);
  const mainJs = join(bindgen, `${NAME}.js`);
  const loader = join(parts, "__wasm_split.js");
  const pieces = readdirSync(parts)
    .filter((f) => f.endsWith(".wasm") && f !== "main.wasm")
    .sort();
  if (profile === "release") {
    for (const wasm of [mainWasm, ...pieces.map((p) => join(parts, p))]) {
      wasmOpt(wasm, root);
    }
  }

  // One hash over every piece names them all.
  const hash = createHash("sha256");
  for (const file of [mainWasm, mainJs, loader, ...pieces.map((p) => join(parts, p))]) {
    hash.update(readFileSync(file));
  }
  const base = `${NAME}-${hash.digest("hex").slice(0, 16)}`;
  const loaderName = `${base}_split.js`;
  const pieceName = (p) => `${base}_${p}`;

  let js = readFileSync(mainJs, "utf8");
  // Only the JS imports change: the keys of the imports object stay the module's import names.
  const loaderImport = /\bfrom\s*(["'])\.\/__wasm_split\.js\1/g;
  if (!loaderImport.test(js)) throw new Error("split: the main module does not import ./__wasm_split.js");
  js = js.replace(loaderImport, `from "./${loaderName}"`);

  let loaderJs = readFileSync(loader, "utf8");
  if (!loaderJs.includes('"./main.js"')) throw new Error("split: the loader does not import ./main.js");
  // A piece whose fetch is cut short (a reload, a service worker starting) is fetched twice
  // more, after 0.3 and 1.2 s, before the screen says that it did not arrive.
  const fetches = loaderJs.split("fetch(new URL(").length - 1;
  if (fetches !== pieces.length) throw new Error(`split: the loader fetches ${fetches} pieces, not ${pieces.length}`);
  loaderJs = loaderJs.replaceAll("fetch(new URL(", "fetchPatiently(new URL(");
  const firstLine = loaderJs.indexOf("\n") + 1;
  loaderJs =
    loaderJs.slice(0, firstLine) +
    "const fetchPatiently = (url) => [300, 1200].reduce((got, wait) => got.catch(() =>\n" +
    "  new Promise((done) => setTimeout(done, wait)).then(() => fetch(url))), fetch(url));\n" +
    loaderJs.slice(firstLine);
  // (A debug build's loader wraps each instantiation in `debugWrap`, which only names a link
  // error better; it goes with the rest.)
  // Each piece is compiled with `WebAssembly.compileStreaming` (off the page's main thread, as
  // its bytes arrive) and instantiated only when it is loaded. On `globalThis`, for the app
  // (src/app/idle.rs): `__scorekeeperAfterStart(then)` calls `then` once the page has loaded
  // and the browser is idle, and `__scorekeeperAhead("a b")` then fetches and compiles pieces
  // a and b and those they need, one after the other, and instantiates none of them.
  const fetcher =
    /const src = fetchPatiently\(new URL\(("[^"]+"), import\.meta\.url\)\);\s*src\.catch\(\(\) => \{\}\);\s*return async \(imports\) => (?:debugWrap)?\(WebAssembly\.instantiateStreaming\(src, imports\)\);/g;
  const compiledFetchers = loaderJs.match(fetcher)?.length ?? 0;
  if (compiledFetchers !== pieces.length) {
    throw new Error(`split: ${compiledFetchers} of the loader's ${pieces.length} fetches have the expected form`);
  }
  loaderJs = loaderJs.replace(fetcher, "return compiled(new URL($1, import.meta.url));");
  const makeLoad = "function makeLoad(fetcher, deps) {";
  const wrap = "function wrapAsyncCb(callee) {";
  if (!loaderJs.includes(makeLoad) || !loaderJs.includes(wrap)) throw new Error("split: the loader's runtime has changed");
  loaderJs = loaderJs.replace(makeLoad, "function makeLoadNow(fetcher, deps) {").replace(wrap, "function wrapAsyncCbNow(callee) {");
  const splits = [...loaderJs.matchAll(/^export const __wasm_split_load_([A-Za-z0-9_]+) = /gm)].map((m) => m[1]);
  loaderJs +=
    "\n// Compiled once, while the bytes arrive; a failed fetch or compile is forgotten, so the next\n" +
    "// load fetches again.\n" +
    "const compiledModules = new Map();\n" +
    "function compiled(url) {\n" +
    "  let module = compiledModules.get(url.href);\n" +
    "  if (module === undefined) {\n" +
    "    module = WebAssembly.compileStreaming(fetchPatiently(url));\n" +
    "    compiledModules.set(url.href, module);\n" +
    "    module.catch(() => { if (compiledModules.get(url.href) === module) compiledModules.delete(url.href); });\n" +
    "  }\n" +
    "  const instantiate = async (imports) => WebAssembly.instantiate(await module, imports);\n" +
    "  instantiate.compiled = module;\n" +
    "  return instantiate;\n" +
    "}\n" +
    "function makeLoad(fetcher, deps) {\n" +
    "  const load = makeLoadNow(fetcher, deps);\n" +
    "  load.ahead = () => Promise.all([...deps.map((d) => d.ahead()), fetcher().compiled]);\n" +
    "  return load;\n" +
    "}\n" +
    "function wrapAsyncCb(callee) {\n" +
    "  const cb = wrapAsyncCbNow(callee);\n" +
    "  cb.ahead = callee.ahead;\n" +
    "  return cb;\n" +
    "}\n" +
    `const aheadOf = { ${splits.map((n) => `${n}: __wasm_split_load_${n}`).join(", ")} };\n` +
    "// Once the page has loaded, in an idle moment of its own (at most 2 s later), each.\n" +
    "const loaded = new Promise((done) => document.readyState === \"complete\" ? done() : addEventListener(\"load\", () => done(), { once: true }));\n" +
    "const idle = (then) => self.requestIdleCallback ? requestIdleCallback(() => then(), { timeout: 2000 }) : setTimeout(() => then(), 300);\n" +
    "globalThis.__scorekeeperAfterStart = (then) => { loaded.then(() => idle(then)); };\n" +
    "// Each piece in an idle moment of its own: starting its fetches is all the page's thread does.\n" +
    "globalThis.__scorekeeperAhead = (names) => { loaded.then(() => names.split(\" \").reduce(\n" +
    "  (before, name) => before.then(() => new Promise((done) => idle(done))).then(() => aheadOf[name]?.ahead()).catch(() => {}),\n" +
    "  Promise.resolve())); };\n";
  loaderJs = loaderJs.replace('"./main.js"', `"./${base}.js"`);
  // Above each chunk the split tool names the pieces that share it: a comment for a person
  // reading the loader, which every first load would carry (about 600 bytes gzip with 150
  // chunks). Left out.
  loaderJs = loaderJs.replace(/^\/\* [A-Za-z0-9_, ]+ \*\/\n/gm, "");
  for (const p of pieces) {
    const ref = `"./${p}"`;
    if (!loaderJs.includes(ref)) throw new Error(`split: the loader never fetches ${p}`);
    loaderJs = loaderJs.replaceAll(ref, `"./${pieceName(p)}"`);
  }

  if (profile === "release") {
    js = minify(js, root);
    loaderJs = minify(loaderJs, root);
  }

  for (const old of [`${trunkBase}.js`, `${trunkBase}_bg.wasm`]) unlinkSync(join(staging, old));
  writeFileSync(join(staging, `${base}.js`), js);
  writeFileSync(join(staging, `${base}_bg.wasm`), readFileSync(mainWasm));
  writeFileSync(join(staging, loaderName), loaderJs);
  for (const p of pieces) writeFileSync(join(staging, pieceName(p)), readFileSync(join(parts, p)));

  // index.html: the new names, the integrity of what they now hold, and the loader preloaded
  // with the main module's JS (it imports it at once). The wasm's preload (`as="fetch"`) loses
  // Trunk's integrity: browsers ignore it there and say so in the console on every start.
  html = html.replace(new RegExp(escape(trunkBase), "g"), base);
  html = html.replace(/<link\b[^>]*>/g, (tag) => {
    const href = tag.match(/\bhref="\/([^"]+)"/)?.[1];
    if (!href || !href.startsWith(base) || !/\bintegrity="/.test(tag)) return tag;
    if (/\bas="fetch"/.test(tag)) return tag.replace(/\s*\bintegrity="[^"]*"/, "");
    return tag.replace(/\bintegrity="[^"]*"/, `integrity="${sri(readFileSync(join(staging, href)))}"`);
  });
  const preload = new RegExp(`<link rel="modulepreload" href="/${escape(base)}\\.js"[^>]*>`);
  if (!preload.test(html)) throw new Error("split: index.html has no modulepreload of the module");
  html = html.replace(
    preload,
    (tag) =>
      `${tag}<link rel="modulepreload" href="/${loaderName}" crossorigin="anonymous" integrity="${sri(loaderJs)}">`,
  );
  writeFileSync(htmlPath, html);

  return { main: [`${base}.js`, `${base}_bg.wasm`, loaderName], pieces: pieces.map(pieceName) };
}

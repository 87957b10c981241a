// Merges the split tool's shared chunks into three modules, so that opening a screen fetches
// and instantiates two or three files instead of dozens.
//
// `wasm-split-cli` puts every function that several screens use into a chunk of its own per
// set of screens using it: about 200 chunks, most under 1 KB. Each is a fetch, a compile and an
// instantiation on the page's main thread; loading the home screen's backup section (about 100
// of them) made one task of about 250 ms at 4x CPU, and the loader that lists them all was 4.5
// KB gzip of the first load. A chunk only puts its functions into the shared table at fixed
// places (an active element segment) and imports the memory, the table and a global from
// `__wasm_split`: chunks can be merged with binaryen's `wasm-merge` with nothing to relink.
//
// The groups: the chunks only the director's pieces use (the group `director` of the table of
// screens, `src/app/screens.rs`), those only the other pieces use, and those both use. A screen then needs at most the two groups on its side.
// One group for all would make a player's first screen of a game fetch the tournament's code.
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, readdirSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/// The pieces and their groups as `src/app/screens.rs` declares them (rows
/// `group piece: …` and, in its `parts`, `group piece;`): a map from piece to group.
export function declaredPieces(root) {
  const text = readFileSync(join(root, "src/app/screens.rs"), "utf8");
  const table = text.slice(text.indexOf("screens! {"));
  const pieces = new Map();
  for (const [, group, piece] of table.matchAll(/^\s*(game|director)\s+([a-z_][a-z0-9_]*)\s*[:;]/gm)) {
    if (pieces.has(piece)) throw new Error(`merge: src/app/screens.rs names the piece ${piece} twice`);
    pieces.set(piece, group);
  }
  if (pieces.size === 0) throw new Error("merge: src/app/screens.rs declares no pieces");
  return pieces;
}

const chunkDef =
  /const __chunk_(\d+) = makeLoad\(\(\) => \{\s*const src = fetch\(new URL\("\.\/chunk_\d+\.wasm", import\.meta\.url\)\);\s*src\.catch\(\(\) => \{\}\);\s*return async \(imports\) => (?:debugWrap)?\(WebAssembly\.instantiateStreaming\(src, imports\)\);\s*\}\s*, \[\]\);\n/g;
const pieceDeps = /(export const __wasm_split_load_(\w+) = wrapAsyncCb\(makeLoad\([\s\S]*?\n\}\n, )\[([^\]]*)\]\)\);/g;

/// Runs a binaryen tool in `cwd`. Its warnings about the name subsection the split tool writes
/// (which it does not know, and drops) are left out of the build's output; anything else it
/// says is not.
function binaryen(tool, args, cwd) {
  const out = spawnSync(tool, args, { cwd, encoding: "utf8", maxBuffer: 1 << 28 });
  const said = `${out.stdout ?? ""}${out.stderr ?? ""}`
    .split("\n")
    .filter((line) => line !== "" && !/^warning: unknown name subsection/.test(line));
  if (said.length) console.error(said.join("\n"));
  if (out.status !== 0) throw new Error(`merge: ${tool} failed in ${cwd}${out.error ? `: ${out.error.message}` : ""}`);
}

/// The imports of a module (read from its import section), each as the text form binaryen
/// reads (`(import "m" "f" (memory 22))`) and as its bytes, to compare.
function imports(bytes) {
  let at = 8;
  const leb = () => {
    let n = 0;
    let shift = 0;
    let b;
    do {
      b = bytes[at++];
      n += (b & 0x7f) * 2 ** shift;
      shift += 7;
    } while (b & 0x80);
    return n;
  };
  const name = () => {
    const len = leb();
    at += len;
    return bytes.toString("utf8", at - len, at);
  };
  const limits = () => {
    const flags = bytes[at++];
    const min = leb();
    const max = flags & 1 ? ` ${leb()}` : "";
    return `${min}${max}${flags & 2 ? " shared" : ""}`;
  };
  const types = { 0x7f: "i32", 0x7e: "i64", 0x7d: "f32", 0x7c: "f64", 0x70: "funcref", 0x6f: "externref" };
  while (at < bytes.length) {
    const id = bytes[at++];
    const size = leb();
    if (id !== 2) {
      at += size;
      continue;
    }
    const found = [];
    for (let n = leb(); n > 0; n--) {
      const from = at;
      const module = name();
      const field = name();
      const kind = bytes[at++];
      let desc;
      if (kind === 1) {
        const type = types[bytes[at++]];
        desc = `table ${limits()} ${type}`;
      } else if (kind === 2) {
        desc = `memory ${limits()}`;
      } else if (kind === 3) {
        const type = types[bytes[at++]];
        desc = bytes[at++] ? `global (mut ${type})` : `global ${type}`;
      } else {
        throw new Error(`merge: a chunk imports a function (${module}.${field})`);
      }
      found.push({ module, field, desc, raw: bytes.toString("hex", from, at) });
    }
    return found;
  }
  return [];
}

/// Rewrites `parts` (the split tool's output: its loader `__wasm_split.js`, `chunk_N.wasm`,
/// `split_<name>.wasm`) in place: the chunks become `shared_<group>.wasm`, the loader fetches
/// those instead; `root` is the repository, whose table of screens gives each piece's group.
/// Returns the names of the groups written.
export function mergeChunks(parts, root) {
  const loaderPath = join(parts, "__wasm_split.js");
  let loader = readFileSync(loaderPath, "utf8");
  const declared = declaredPieces(root);
  const built = [...loader.matchAll(/export const __wasm_split_load_(\w+) = /g)].map((m) => m[1]);
  const unnamed = built.filter((p) => !declared.has(p));
  const unbuilt = [...declared.keys()].filter((p) => !built.includes(p));
  if (unnamed.length || unbuilt.length) {
    throw new Error(
      `merge: src/app/screens.rs and the pieces built disagree: built but not declared [${unnamed}], declared but not built [${unbuilt}]`,
    );
  }
  const DIRECTOR = new Set([...declared].filter(([, g]) => g === "director").map(([p]) => p));
  const chunks = readdirSync(parts).filter((f) => /^chunk_\d+\.wasm$/.test(f));
  if (chunks.length === 0) return [];
  const defined = [...loader.matchAll(chunkDef)].map((m) => m[1]);
  if (defined.length !== chunks.length) {
    // (A chunk needing another would not have the form: its list of needs is empty.)
    throw new Error(`merge: the loader defines ${defined.length} chunks in the expected form, the split tool wrote ${chunks.length}`);
  }

  // Who uses each chunk.
  const users = new Map();
  for (const [, , piece, deps] of loader.matchAll(pieceDeps)) {
    for (const dep of deps.split(",").map((d) => d.trim()).filter(Boolean)) {
      const n = dep.replace(/^__chunk_/, "");
      if (!users.has(n)) users.set(n, []);
      users.get(n).push(piece);
    }
  }
  const groupOf = (n) => {
    const who = users.get(n) ?? [];
    if (who.every((p) => DIRECTOR.has(p))) return "director";
    return who.some((p) => DIRECTOR.has(p)) ? "common" : "game";
  };
  const groups = new Map();
  for (const n of defined) {
    const g = groupOf(n);
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push(n);
  }

  // The chunks import from `__wasm_split`; `wasm-merge` links imports to a module of that name,
  // so a stand-in of that name passes them on from a name of the same length, put back after.
  const seen = new Map();
  for (const c of chunks) {
    for (const i of imports(readFileSync(join(parts, c)))) {
      if (i.module !== "__wasm_split") throw new Error(`merge: ${c} imports from ${i.module}`);
      if (seen.has(i.field) && seen.get(i.field).raw !== i.raw) throw new Error(`merge: chunks import ${i.field} differently`);
      seen.set(i.field, i);
    }
  }
  const stand = [...seen.values()].map((i, k) => ({ ...i, kind: i.desc.split(" ")[0], id: `$i${k}` }));
  const stub = [
    "(module",
    ...stand.map((i) => ` (import "__wasm_splix" "${i.field}" (${i.kind} ${i.id} ${i.desc.slice(i.kind.length + 1)}))`),
    ...stand.map((i) => ` (export "${i.field}" (${i.kind} ${i.id}))`),
    ")",
    "",
  ].join("\n");
  writeFileSync(join(parts, "stub.wat"), stub);
  // The features the chunks were built with, as binaryen names them; the merged module declares
  // them again (its own features section), so that wasm-opt later reads it as it reads a chunk.
  const said = execFileSync("wasm-dis", [chunks[0]], { cwd: parts, encoding: "utf8", maxBuffer: 1 << 26, stdio: ["ignore", "pipe", "pipe"] });
  const features = said.match(/;; features section: (.*)/)?.[1].split(", ").map((f) => `--enable-${f}`);
  if (!features) throw new Error(`merge: ${chunks[0]} declares no features`);
  binaryen("wasm-as", [...features, "stub.wat", "-o", "stub.wasm"], parts);

  const written = [];
  for (const [group, ns] of groups) {
    const out = `shared_${group}.wasm`;
    const args = ["stub.wasm", "__wasm_split"];
    for (const n of ns) args.push(`chunk_${n}.wasm`, `chunk_${n}`);
    binaryen("wasm-merge", [...args, ...features, "-o", out], parts);
    const bytes = readFileSync(join(parts, out));
    const from = Buffer.from("__wasm_splix");
    const to = Buffer.from("__wasm_split");
    let at = bytes.indexOf(from);
    while (at !== -1) {
      to.copy(bytes, at);
      at = bytes.indexOf(from, at + from.length);
    }
    writeFileSync(join(parts, out), bytes);
    binaryen("wasm-opt", [...features, "--emit-target-features", out, "-o", out], parts);
    written.push(group);
  }
  for (const c of chunks) unlinkSync(join(parts, c));
  unlinkSync(join(parts, "stub.wat"));
  unlinkSync(join(parts, "stub.wasm"));

  // The loader: one definition per group, and each screen's needs named by group.
  loader = loader.replace(/^\/\* [A-Za-z0-9_, ]+ \*\/\n(?=const __chunk_)/gm, "");
  let first = true;
  loader = loader.replace(chunkDef, () => {
    if (!first) return "";
    first = false;
    return written
      .map(
        (g) =>
          `const __shared_${g} = makeLoad(() => {\n    const src = fetch(new URL("./shared_${g}.wasm", import.meta.url));\n    src.catch(() => {});\n    return async (imports) => (WebAssembly.instantiateStreaming(src, imports));\n}\n, []);\n`,
      )
      .join("");
  });
  loader = loader.replace(pieceDeps, (_, head, _piece, deps) => {
    const needs = new Set(
      deps
        .split(",")
        .map((d) => d.trim())
        .filter(Boolean)
        .map((d) => `__shared_${groupOf(d.replace(/^__chunk_/, ""))}`),
    );
    return `${head}[${[...needs].sort().join(", ")}]));`;
  });
  if (/__chunk_\d/.test(loader)) throw new Error("merge: the loader still names a chunk");
  writeFileSync(loaderPath, loader);
  return written;
}

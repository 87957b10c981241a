// Serves the built app (dist/) on localhost: every route of the app answers with index.html,
// files with their proper types. A file the build also wrote compressed (`.br`, `.gz`, see
// scripts/post-build.mjs) is sent compressed to a browser that accepts it, brotli first, with
// its `Content-Encoding`. Usage: node scripts/serve-dist.mjs [port]
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".css": "text/css; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".json": "application/json",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
};

/// The encodings `accept` (an `Accept-Encoding` header) allows, of those the build writes, in
/// the order to try them.
function encodings(accept = "") {
  const allowed = new Map();
  for (const part of accept.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    allowed.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name) => (allowed.get(name) ?? allowed.get("*") ?? 0) > 0;
  return [
    ["br", ".br"],
    ["gzip", ".gz"],
  ].filter(([name]) => ok(name));
}

/// Starts a server for `root` on `port`; `onRequest(path)` sees every request it answers and
/// `rewrite(path, body)` may change what a file serves (tests use it to publish a new version;
/// a changed file is sent as it is, not compressed). `only` limits the encodings sent (["gzip"]:
/// as an ordinary host that compresses with gzip and knows no brotli).
export function serve(root, port, onRequest = () => {}, rewrite = (_path, body) => body, only = null) {
  const base = resolve(root);
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, "http://localhost");
    onRequest(url.pathname);
    let path = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, "");
    if (path.endsWith("/")) path += "index.html";
    let file = join(base, path);
    if (!file.startsWith(base)) {
      res.writeHead(403).end();
      return;
    }
    if (!extname(file)) file = join(base, "index.html");
    try {
      const original = await readFile(file);
      let body = rewrite(url.pathname, original);
      const headers = {
        "Content-Type": types[extname(file)] || "application/octet-stream",
        Vary: "Accept-Encoding",
      };
      if (file.endsWith("sw.js") || file.endsWith(".html")) headers["Cache-Control"] = "no-cache";
      if (body === original) {
        for (const [name, ext] of encodings(req.headers["accept-encoding"]).filter(([n]) => !only || only.includes(n))) {
          const copy = await readFile(file + ext).catch(() => null);
          if (copy) {
            body = copy;
            headers["Content-Encoding"] = name;
            break;
          }
        }
      }
      res.writeHead(200, headers).end(body);
    } catch {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
    }
  });
  return new Promise((done) => server.listen(port, "127.0.0.1", () => done(server)));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = process.env.DIST_DIR || "dist";
  const port = Number(process.argv[2] || process.env.PORT || 8080);
  await serve(root, port);
  console.log(`Serving ${resolve(root)} on http://localhost:${port}/`);
}

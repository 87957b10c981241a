// The app's words in a language, read from its file (lang/CODE.txt, the format of
// src/core/text.rs), so a test can find a button by its name in that language and check that
// a screen shows no English.
import { readFileSync } from "node:fs";

/// Each English text with its translation in `code`.
export function translations(code) {
  const map = new Map();
  let english = null;
  for (const raw of readFileSync(`lang/${code}.txt`, "utf8").split("\n")) {
    const line = raw.trimEnd();
    if (english !== null && line.startsWith("=")) {
      map.set(english, line.replace(/^= ?/, "").replaceAll("\\n", "\n"));
      english = null;
    } else if (line && !line.startsWith("#") && !line.startsWith("@")) {
      english = line.replaceAll("\\n", "\n");
    }
  }
  return map;
}

/// `say(english, ...parts)`: the text in `code` (English itself for "en"), its placeholders
/// filled in order with `parts`, themselves texts to say; a text the file lacks fails the test
/// that asks for it.
export function wordsOf(code) {
  const map = code === "en" ? null : translations(code);
  const one = (english) => {
    if (!map) return english;
    const said = map.get(english);
    if (said === undefined) throw new Error(`lang/${code}.txt has no translation of ${JSON.stringify(english)}`);
    return said;
  };
  return (english, ...parts) => {
    const values = parts.map(one);
    let next = 0;
    return one(english).replace(/\{(\d*)\}/g, (_, n) => values[n === "" ? next++ : Number(n)]);
  };
}

/// Every word (letters only, two or more) of the translations in `code`: what a screen in
/// that language may show besides names and numbers.
export function vocabulary(code) {
  const words = new Set();
  for (const said of translations(code).values()) {
    for (const w of said.toLowerCase().match(/\p{L}{2,}/gu) ?? []) words.add(w);
  }
  return words;
}

/// The words of `text` that are not in `allowed` (nor in `names`).
export function foreignWords(text, allowed, names = []) {
  const own = new Set(names.flatMap((n) => n.toLowerCase().match(/\p{L}{2,}/gu) ?? []));
  return [...new Set(text.toLowerCase().match(/\p{L}{2,}/gu) ?? [])].filter((w) => !allowed.has(w) && !own.has(w));
}

#!/usr/bin/env bash
# Rebuilds the set of real Go-board photos with their labels (see tests/fixtures/photos-real-labels/).
#
# The photos are not in this repository (most of them are not ours to commit); they come from
# public GitHub repositories. This script takes them out of local git mirrors of those
# repositories (one bare or non-bare git directory per repository, as the `fetch` tool leaves
# them: $MIRROR/<owner>+<name>/repo[/.git]), checks each file against the SHA-256 recorded in
# tests/fixtures/photos-real-labels/SOURCES.tsv, and writes
#   $PHOTOS_REAL/<set>/<name>            the photo, byte for byte as published
#   $PHOTOS_REAL/<set>/<name-no-ext>.txt its label (copied from photos-real-labels)
# It never touches the network. Sets whose mirror is absent are listed at the end.
#
# Usage: scripts/fetch-photos.sh            (PHOTOS_REAL defaults to tests/fixtures/photos-real,
#                                            which git ignores; MIRROR to /work/.mirror)
# The native tests, the browser tests and the benchmarks that read real photos run it when that
# folder holds no set, and fail (tests) or say so (benchmarks) when the photos stay absent.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
labels="$here/tests/fixtures/photos-real-labels"
sources="$labels/SOURCES.tsv"
out="${PHOTOS_REAL:-$here/tests/fixtures/photos-real}"
mirror="${MIRROR:-/work/.mirror}"

[[ -f "$sources" ]] || { echo "fetch-photos: $sources not found" >&2; exit 1; }
command -v git >/dev/null || { echo "fetch-photos: git is needed" >&2; exit 1; }

gitdir_of() { # owner/name -> git dir of its mirror, or nothing
  local d="$mirror/${1/\//+}/repo"
  if [[ -d "$d/.git" ]]; then echo "$d/.git"; elif [[ -d "$d/objects" ]]; then echo "$d"; fi
}

declare -A missing_repo=() set_total=() set_done=() set_failed=()
written=0
while IFS=$'\t' read -r set name repo commit path sha; do
  [[ -z "$set" || "$set" == \#* ]] && continue
  set_total[$set]=$(( ${set_total[$set]:-0} + 1 ))
  g=$(gitdir_of "$repo")
  if [[ -z "$g" ]]; then
    missing_repo[$repo]="${missing_repo[$repo]:-} $set"
    continue
  fi
  mkdir -p "$out/$set"
  tmp="$out/$set/.$name.part"
  if ! git --git-dir="$g" cat-file -e "$commit:$path" 2>/dev/null; then
    echo "fetch-photos: $repo mirror lacks $commit:$path (shallow copy, or file larger than the snapshot limit)" >&2
    set_failed[$set]=$(( ${set_failed[$set]:-0} + 1 )); continue
  fi
  git --git-dir="$g" show "$commit:$path" >"$tmp"
  got=$(sha256sum "$tmp" | cut -d' ' -f1)
  if [[ "$got" != "$sha" ]]; then
    echo "fetch-photos: checksum mismatch for $set/$name ($repo $commit:$path)" >&2
    rm -f "$tmp"; set_failed[$set]=$(( ${set_failed[$set]:-0} + 1 )); continue
  fi
  mv "$tmp" "$out/$set/$name"
  cp "$labels/$set/${name%.*}.txt" "$out/$set/${name%.*}.txt"
  set_done[$set]=$(( ${set_done[$set]:-0} + 1 ))
  written=$((written + 1))
done <"$sources"

echo "fetch-photos: wrote $written photos with labels to $out"
for s in $(printf '%s\n' "${!set_total[@]}" | sort); do
  printf '  %-22s %3d of %3d' "$s" "${set_done[$s]:-0}" "${set_total[$s]}"
  [[ -n "${set_failed[$s]:-}" ]] && printf '  (%d failed, see above)' "${set_failed[$s]}"
  echo
done
if (( ${#missing_repo[@]} )); then
  echo "fetch-photos: MISSING mirrors (no $mirror/<owner>+<name>/repo); these sets were skipped:" >&2
  for r in $(printf '%s\n' "${!missing_repo[@]}" | sort); do
    sets=$(printf '%s\n' ${missing_repo[$r]} | sort -u | tr '\n' ' ')
    echo "  $r  ->  set(s): $sets (fetch github:$r first)" >&2
  done
  exit 2
fi
(( ${#set_failed[@]} == 0 )) || exit 3

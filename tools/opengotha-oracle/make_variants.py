#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes the hall-situation variants of real tournament files into tests/fixtures/oracle/files/.

Each variant is a copy of a real OpenGotha file with a small, named change, made on the file's
text so that every other line stays byte for byte as it was (tests/fixtures/oracle/README.md
lists what each one changes). The oracle then runs over them like over any file.

    python3 tools/opengotha-oracle/make_variants.py
"""
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
FILES = os.path.join(HERE, "..", "..", "tests", "fixtures", "oracle", "files")


def read(name):
    with open(os.path.join(FILES, name), encoding="utf-8") as f:
        return f.read()


def write(name, text):
    with open(os.path.join(FILES, name), "w", encoding="utf-8", newline="") as f:
        f.write(text)
    print("wrote", name)


def game_lines(text, rnd=None):
    """The <Game .../> lines, in file order, optionally only those of round rnd (1-based)."""
    out = []
    for m in re.finditer(r"^[ \t]*<Game [^>]*/>\r?\n", text, re.M):
        line = m.group(0)
        r = int(re.search(r'roundNumber="(\d+)"', line).group(1))
        if rnd is None or r == rnd:
            out.append(line)
    return out


def attr(line, name):
    return re.search(name + r'="([^"]*)"', line).group(1)


def set_attr(line, name, value):
    return re.sub(name + r'="[^"]*"', name + '="' + value + '"', line, count=1)


def player_line(text, key):
    for m in re.finditer(r"^[ \t]*<Player [^>]*/>\r?\n", text, re.M):
        line = m.group(0)
        k = (attr(line, "name") + attr(line, "firstName")).replace(" ", "").upper()
        if k == key:
            return line
    raise KeyError(key)


def set_participation(text, key, rounds, value):
    """rounds: 1-based round numbers whose participation flag becomes value ('0' or '1')."""
    line = player_line(text, key)
    part = list(attr(line, "participating"))
    for r in rounds:
        part[r - 1] = value
    return text.replace(line, set_attr(line, "participating", "".join(part)), 1)


def add_byes(text, byes):
    """byes: list of (round, key). Adds a <ByePlayers> block after </Games> (or extends it)."""
    indent = re.search(r"^([ \t]*)<Games>", text, re.M).group(1)
    inner = indent + indent if indent else ""
    nl = "\r\n" if "\r\n" in text else "\n"
    lines = "".join(f'{inner}<ByePlayer player="{k}" roundNumber="{r}"/>{nl}' for r, k in byes)
    if "<ByePlayers>" in text:
        return re.sub(r"([ \t]*</ByePlayers>)", lambda m: lines + m.group(1), text, count=1)
    return re.sub(r"([ \t]*</Games>\r?\n)",
                  lambda m: m.group(1) + f"{indent}<ByePlayers>{nl}{lines}{indent}</ByePlayers>{nl}",
                  text, count=1)


def opponent(line, key):
    w, b = attr(line, "whitePlayer"), attr(line, "blackPlayer")
    return b if w == key else w


def games_of(text, key):
    return [g for g in game_lines(text) if key in (attr(g, "whitePlayer"), attr(g, "blackPlayer"))]


def never_plays():
    # A player registered (FIN) who takes part in no round.
    t = read("simplemm.xml")
    last = list(re.finditer(r"^[ \t]*<Player [^>]*/>\r?\n", t, re.M))[-1]
    new = last.group(0)
    for a, v in [("name", "Absent"), ("firstName", "Anna"), ("club", "75Pa"), ("country", "FR"),
                 ("egfPin", ""), ("ffgLicence", ""), ("ffgLicenceStatus", ""), ("grade", "5K"),
                 ("rank", "5K"), ("rating", "1550"), ("ratingOrigin", "INI"),
                 ("participating", "0" * 20), ("registeringStatus", "FIN"), ("smmsCorrection", "0")]:
        new = set_attr(new, a, v)
    t = t[:last.end()] + new + t[last.end():]
    write("simplemm-variant-never-plays.xml", t)


def skips_round():
    # The white player of round 3's first game does not take part in round 3: the game is
    # gone and the opponent, left alone in an odd field, is round 3's bye player.
    t = read("simplemm.xml")
    g = game_lines(t, 3)[0]
    skipper, opp = attr(g, "whitePlayer"), attr(g, "blackPlayer")
    t = t.replace(g, "", 1)
    t = set_participation(t, skipper, [3], "0")
    t = add_byes(t, [(3, opp)])
    write("simplemm-variant-skips-round.xml", t)


def withdraws():
    # The black player of round 2's last game leaves after round 2: not participating in
    # rounds 3 to 5, their games of those rounds gone, each such opponent the round's bye.
    t = read("simplemm.xml")
    g = game_lines(t, 2)[-1]
    leaver = attr(g, "blackPlayer")
    byes = []
    for line in games_of(t, leaver):
        r = int(attr(line, "roundNumber"))
        if r >= 3:
            byes.append((r, opponent(line, leaver)))
            t = t.replace(line, "", 1)
    t = set_participation(t, leaver, [3, 4, 5], "0")
    t = add_byes(t, sorted(byes))
    write("simplemm-variant-withdraws.xml", t)


def odd_field():
    # One player of a 32-player Swiss is taken out of the tournament (player and games): 31
    # players, and in every round the one who had played them is that round's bye player.
    t = read("simpleswiss.xml")
    g = game_lines(t, 1)[len(game_lines(t, 1)) // 2]
    gone = attr(g, "whitePlayer")
    byes = []
    for line in games_of(t, gone):
        byes.append((int(attr(line, "roundNumber")), opponent(line, gone)))
        t = t.replace(line, "", 1)
    t = t.replace(player_line(t, gone), "", 1)
    t = add_byes(t, sorted(byes))
    write("simpleswiss-variant-odd-field.xml", t)


def both_lose_both_win():
    # Round 2 of a McMahon: the first game both players lose, the second both win.
    t = read("simplemm.xml")
    g1, g2 = game_lines(t, 2)[0], game_lines(t, 2)[1]
    t = t.replace(g1, set_attr(g1, "result", "RESULT_BOTHLOSE"), 1)
    t = t.replace(g2, set_attr(g2, "result", "RESULT_BOTHWIN"), 1)
    write("simplemm-variant-bothlose-bothwin.xml", t)


def unknown_result():
    # Round 3 of a Swiss: one game's result was never entered.
    t = read("simpleswiss.xml")
    g = game_lines(t, 3)[2]
    t = t.replace(g, set_attr(g, "result", "RESULT_UNKNOWN"), 1)
    write("simpleswiss-variant-unknown-result.xml", t)


def corrected_result():
    # Rounds 1 and 2 played, round 2 paired with round 1 as first entered; then round 1's
    # first result is corrected (white's win becomes black's win, or the other way round).
    t = read("simplemm-2rounds.xml")
    g = game_lines(t, 1)[0]
    res = attr(g, "result")
    flip = {"RESULT_WHITEWINS": "RESULT_BLACKWINS", "RESULT_BLACKWINS": "RESULT_WHITEWINS"}[res]
    t = t.replace(g, set_attr(g, "result", flip), 1)
    write("simplemm-2rounds-variant-corrected-result.xml", t)


if __name__ == "__main__":
    never_plays()
    skips_round()
    withdraws()
    odd_field()
    both_lose_both_win()
    unknown_result()
    corrected_result()

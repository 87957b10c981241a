#!/usr/bin/env python3
"""Trains the point classifier of `src/core/photo/net.rs` on crops of real photos.

Reads `target/points/inputs.f32` and `labels.txt` (written by
`cargo run --release --example point_crops`), trains a small network (inputs, one hidden layer
of 32, three outputs: black, white, empty) with plain numpy, and:

* `--held-out`: for each set, trains on the other sets and reports on that one (the label's own
  corners, no copies), so the figures predict photos of a kind not seen;
* `--folds`: the photos put in five folds by session (a game of goban-watcher, Gomrade's webcam
  sequence, a set's own photos), each fold reported after training on the four others;
* otherwise trains on every set and writes the weights to `src/core/photo/weights.rs`.

Deterministic: a fixed seed.
"""
import sys
import numpy as np

HIDDEN = 32
EPOCHS = 24
CLASSES = {"X": 0, "O": 1, ".": 2}


def load():
    labels = [l.split() for l in open("target/points/labels.txt")]
    x = np.fromfile("target/points/inputs.f32", dtype="<f4")
    x = x.reshape(len(labels), -1)
    sets = np.array([l[0] for l in labels])
    photos = np.array([l[0] + "/" + l[1] for l in labels])
    y = np.array([CLASSES.get(l[2], -1) for l in labels])
    copy = np.array([int(l[3]) for l in labels])
    return x, y, sets, photos, copy


def train(x, y, seed=1):
    rng = np.random.default_rng(seed)
    n_in = x.shape[1]
    w1 = rng.normal(0, np.sqrt(2 / n_in), (n_in, HIDDEN)).astype(np.float32)
    b1 = np.zeros(HIDDEN, np.float32)
    w2 = rng.normal(0, np.sqrt(1 / HIDDEN), (HIDDEN, 3)).astype(np.float32)
    b2 = np.zeros(3, np.float32)
    params = [w1, b1, w2, b2]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    # Stones are rarer than empty points: each class weighs the same in all.
    counts = np.bincount(y, minlength=3).astype(np.float32)
    cw = (counts.sum() / (3 * np.maximum(counts, 1))) ** 0.5
    t = 0
    lr0 = 3e-3
    batch = 256
    for epoch in range(EPOCHS):
        order = rng.permutation(len(y))
        lr = lr0 * (0.5 ** (epoch / 8))
        for s in range(0, len(y), batch):
            idx = order[s:s + batch]
            xb, yb = x[idx], y[idx]
            h = xb @ w1 + b1
            a = np.maximum(h, 0)
            z = a @ w2 + b2
            z -= z.max(1, keepdims=True)
            p = np.exp(z)
            p /= p.sum(1, keepdims=True)
            g = p.copy()
            g[np.arange(len(yb)), yb] -= 1
            g *= cw[yb][:, None] / len(yb)
            gw2 = a.T @ g
            gb2 = g.sum(0)
            ga = g @ w2.T
            ga[h <= 0] = 0
            gw1 = xb.T @ ga + 1e-4 * w1
            gb1 = ga.sum(0)
            t += 1
            for i, gr in enumerate([gw1, gb1, gw2, gb2]):
                m[i] = 0.9 * m[i] + 0.1 * gr
                v[i] = 0.999 * v[i] + 0.001 * gr * gr
                mh = m[i] / (1 - 0.9 ** t)
                vh = v[i] / (1 - 0.999 ** t)
                params[i] -= (lr * mh / (np.sqrt(vh) + 1e-8)).astype(np.float32)
    return params


def predict(params, x):
    w1, b1, w2, b2 = params
    z = np.maximum(x @ w1 + b1, 0) @ w2 + b2
    z -= z.max(1, keepdims=True)
    p = np.exp(z)
    return p / p.sum(1, keepdims=True)


def report(name, p, y, photos):
    pred = p.argmax(1)
    conf = np.sort(p, 1)
    margin = conf[:, -1] - conf[:, -2]
    known = y >= 0
    wrong = (pred != y) & known
    for sure in (0.5, 0.7, 0.9):
        hidden = wrong & (margin >= sure)
        marked = margin < sure
        boards = sorted(set(photos))
        perfect = sum(1 for b in boards if not (wrong | marked)[photos == b].any())
        trusty = sum(1 for b in boards if not hidden[photos == b].any() and marked[photos == b].sum() <= 10)
        print(f"{name:<20} sure {sure}: {len(boards):>3} boards, misread {wrong.sum():>4} of {known.sum():>6}, "
              f"hidden {hidden.sum():>3}, marked {marked.sum():>5}; perfect {perfect}, trustworthy {trusty}")


def write(params):
    w1, b1, w2, b2 = params
    def arr(name, a):
        flat = ", ".join(f"{v:.5}" for v in a.flatten())
        return f"pub const {name}: [f32; {a.size}] = [{flat}];\n"
    with open("src/core/photo/weights.rs", "w") as f:
        f.write("//! The point classifier's weights, as `scripts/train-points.py` wrote them after training on\n"
                "//! crops of the labelled real photos (see `bench/photo-notes.md`). Data, not code.\n\n"
                f"/// Hidden units.\npub const HIDDEN: usize = {HIDDEN};\n")
        f.write("/// Inputs to hidden, input by input (`HIDDEN` a row).\n" + arr("W1", w1))
        f.write("/// Hidden biases.\n" + arr("B1", b1))
        f.write("/// Hidden to outputs (black, white, empty), hidden unit by unit.\n" + arr("W2", w2))
        f.write("/// Output biases.\n" + arr("B2", b2))


def main():
    x, y, sets, photos, copy = load()
    keep = y >= 0
    if "--held-out" in sys.argv:
        for s in sorted(set(sets)):
            tr = keep & (sets != s)
            te = (sets == s) & (copy == 0)
            params = train(x[tr], y[tr])
            report(s, predict(params, x[te]), y[te], photos[te])
        return
    if "--folds" in sys.argv:
        def session(photo):
            set_, name = photo.split("/", 1)
            if set_ == "goban-watcher":
                return set_ + name[:3]
            if set_ == "gomrade":
                return set_ + name[:3]
            return photo
        groups = np.array([session(p) for p in photos])
        names = sorted(set(groups))
        fold_of = {g: i % 5 for i, g in enumerate(np.random.default_rng(7).permutation(names))}
        folds = np.array([fold_of[g] for g in groups])
        allp = np.zeros((len(y), 3), np.float32)
        for f in range(5):
            tr = keep & (folds != f)
            params = train(x[tr], y[tr])
            te = folds == f
            allp[te] = predict(params, x[te])
        te = copy == 0
        for s in sorted(set(sets)):
            sel = te & (sets == s)
            report(s, allp[sel], y[sel], photos[sel])
        report("all (five folds)", allp[te], y[te], photos[te])
        return
    params = train(x[keep], y[keep])
    te = copy == 0
    report("all (trained on)", predict(params, x[te]), y[te], photos[te])
    write(params)


main()

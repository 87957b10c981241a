//! The point classifier: a small network (one hidden layer of [`weights::HIDDEN`] units) that
//! reads a point's inputs ([`super::points`]) as black, white or empty, with how sure. Trained
//! on crops of real photos by `scripts/train-points.py`; its weights are data
//! ([`super::weights`]), some 3,500 numbers.

use super::points::INPUTS;
use super::weights::{B1, B2, HIDDEN, W1, W2};
use crate::core::Color;

/// The stone of one point's `inputs` ([`INPUTS`] values) and how sure: the chance of the
/// likeliest less the next one's, 0 to 1.
pub fn judge(inputs: &[f32]) -> (Option<Color>, f32) {
    let mut hidden = B1;
    for (i, &x) in inputs.iter().take(INPUTS).enumerate() {
        if x == 0.0 {
            continue;
        }
        let row = &W1[i * HIDDEN..(i + 1) * HIDDEN];
        for (h, w) in hidden.iter_mut().zip(row) {
            *h += x * w;
        }
    }
    let mut out = B2;
    for (k, h) in hidden.iter().enumerate() {
        let a = h.max(0.0);
        for (o, w) in out.iter_mut().zip(&W2[k * 3..k * 3 + 3]) {
            *o += a * w;
        }
    }
    let top = out.iter().copied().fold(f32::MIN, f32::max);
    let e = out.map(|o| (o - top).exp());
    let sum: f32 = e.iter().sum();
    let p = e.map(|v| v / sum);
    let mut order = [0usize, 1, 2];
    order.sort_by(|&a, &b| p[b].total_cmp(&p[a]));
    let stone = match order[0] {
        0 => Some(Color::Black),
        1 => Some(Color::White),
        _ => None,
    };
    (stone, (p[order[0]] - p[order[1]]).clamp(0.0, 1.0))
}

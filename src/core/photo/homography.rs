//! The projective map between the board's plane and the photo: a 3x3 matrix found from four
//! corners, so the grid's lines stay straight and their spacing shrinks towards the far edge as
//! a camera sees it.

/// A projective map of the plane, as a 3x3 matrix row by row.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Homography(pub [f64; 9]);

impl Homography {
    /// The map taking each of `from` to the same place in `to`, or `None` when three of the
    /// points lie on a line (no such map).
    pub fn from_corners(from: [(f64, f64); 4], to: [(f64, f64); 4]) -> Option<Homography> {
        let mut m = [[0.0f64; 9]; 8];
        for i in 0..4 {
            let ((x, y), (u, v)) = (from[i], to[i]);
            m[2 * i] = [x, y, 1.0, 0.0, 0.0, 0.0, -u * x, -u * y, u];
            m[2 * i + 1] = [0.0, 0.0, 0.0, x, y, 1.0, -v * x, -v * y, v];
        }
        for c in 0..8 {
            let pivot = (c..8).max_by(|&a, &b| m[a][c].abs().total_cmp(&m[b][c].abs()))?;
            m.swap(c, pivot);
            if m[c][c].abs() < 1e-12 {
                return None;
            }
            for r in 0..8 {
                if r != c {
                    let f = m[r][c] / m[c][c];
                    let row = m[c];
                    for (k, cell) in m[r].iter_mut().enumerate().skip(c) {
                        *cell -= f * row[k];
                    }
                }
            }
        }
        let mut h = [0.0; 9];
        for (i, row) in m.iter().enumerate() {
            h[i] = row[8] / row[i];
        }
        h[8] = 1.0;
        h.iter().all(|v| v.is_finite()).then_some(Homography(h))
    }

    /// Where the map takes the point `(x, y)`.
    pub fn apply(&self, x: f64, y: f64) -> (f64, f64) {
        let h = &self.0;
        let w = h[6] * x + h[7] * y + h[8];
        let w = if w.abs() < 1e-12 { 1e-12 } else { w };
        (
            (h[0] * x + h[1] * y + h[2]) / w,
            (h[3] * x + h[4] * y + h[5]) / w,
        )
    }
}

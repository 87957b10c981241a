//! Sorting as Java's `List.sort` does (TimSort: runs found or made by binary insertion, merged
//! with galloping; T. Peters' "listsort"), step for step.
//!
//! OpenGotha numbers tables by sorting games with a comparison that is not an order: two games
//! tied on score and rating each say they come after the other. Any stable sort would keep
//! such games as they came; TimSort keeps them so too while it inserts and merges one element
//! at a time, but once it gallops (after seven wins in a row of one run), a tied element can
//! cross another. Reproducing OpenGotha's tables in a large round needs the same steps.
//!
//! Where Java would throw ("Comparison method violates its general contract!") the sort stops
//! and says so; the slice then holds the elements in some order.

use std::cmp::Ordering;

/// Runs shorter than this are sorted by binary insertion alone (`MIN_MERGE`).
const MIN_MERGE: usize = 32;
/// Wins in a row of one run after which merging gallops (`MIN_GALLOP`).
const MIN_GALLOP: usize = 7;

/// Java gave up: the comparison contradicted itself in a way the merge detected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction;

/// Sorts `a` as Java's TimSort sorts a list with the comparator `cmp` (`Less` for "comes
/// before").
pub fn sort<T: Clone, F: FnMut(&T, &T) -> Ordering>(
    a: &mut [T],
    cmp: F,
) -> Result<(), Contradiction> {
    let mut sorter = Sorter {
        cmp,
        min_gallop: MIN_GALLOP,
        runs: Vec::new(),
        element: std::marker::PhantomData,
    };
    sorter.sort(a)
}

struct Sorter<T, F> {
    cmp: F,
    element: std::marker::PhantomData<T>,
    min_gallop: usize,
    /// The pending runs: start and length.
    runs: Vec<(usize, usize)>,
}

impl<T: Clone, F: FnMut(&T, &T) -> Ordering> Sorter<T, F> {
    fn less(&mut self, x: &T, y: &T) -> bool {
        (self.cmp)(x, y) == Ordering::Less
    }

    fn greater(&mut self, x: &T, y: &T) -> bool {
        (self.cmp)(x, y) == Ordering::Greater
    }

    fn sort(&mut self, a: &mut [T]) -> Result<(), Contradiction> {
        let n = a.len();
        if n < 2 {
            return Ok(());
        }
        if n < MIN_MERGE {
            let run = self.count_run(a, 0, n);
            self.binary_sort(a, 0, n, run);
            return Ok(());
        }
        let min_run = min_run_length(n);
        let (mut lo, mut remaining) = (0, n);
        while remaining != 0 {
            let mut run = self.count_run(a, lo, n);
            if run < min_run {
                let force = remaining.min(min_run);
                self.binary_sort(a, lo, lo + force, lo + run);
                run = force;
            }
            self.runs.push((lo, run));
            self.merge_collapse(a)?;
            lo += run;
            remaining -= run;
        }
        while self.runs.len() > 1 {
            let mut k = self.runs.len() - 2;
            if k > 0 && self.run_len(k - 1) < self.run_len(k + 1) {
                k -= 1;
            }
            self.merge_at(a, k)?;
        }
        Ok(())
    }

    fn run_len(&self, k: usize) -> usize {
        self.runs.get(k).map_or(0, |r| r.1)
    }

    /// The length of the run starting at `lo`, reversed in place when strictly descending.
    fn count_run(&mut self, a: &mut [T], lo: usize, hi: usize) -> usize {
        let mut run_hi = lo + 1;
        if run_hi == hi {
            return 1;
        }
        if self.less(&a[run_hi], &a[lo]) {
            run_hi += 1;
            while run_hi < hi && self.less(&a[run_hi], &a[run_hi - 1]) {
                run_hi += 1;
            }
            a[lo..run_hi].reverse();
        } else {
            run_hi += 1;
            while run_hi < hi && !self.less(&a[run_hi], &a[run_hi - 1]) {
                run_hi += 1;
            }
        }
        run_hi - lo
    }

    /// Sorts `a[lo..hi]` whose first `start - lo` elements are sorted, inserting each next one
    /// after the last element it is not less than.
    fn binary_sort(&mut self, a: &mut [T], lo: usize, hi: usize, mut start: usize) {
        if start == lo {
            start += 1;
        }
        while start < hi {
            let pivot = a[start].clone();
            let (mut left, mut right) = (lo, start);
            while left < right {
                let mid = (left + right) / 2;
                if self.less(&pivot, &a[mid]) {
                    right = mid;
                } else {
                    left = mid + 1;
                }
            }
            a[left..=start].rotate_right(1);
            start += 1;
        }
    }

    /// Merges runs until the pending lengths decrease fast enough.
    fn merge_collapse(&mut self, a: &mut [T]) -> Result<(), Contradiction> {
        while self.runs.len() > 1 {
            let mut k = self.runs.len() - 2;
            let len = |s: &Self, i: usize| s.run_len(i);
            if (k > 0 && len(self, k - 1) <= len(self, k) + len(self, k + 1))
                || (k > 1 && len(self, k - 2) <= len(self, k) + len(self, k - 1))
            {
                if len(self, k - 1) < len(self, k + 1) {
                    k -= 1;
                }
            } else if len(self, k) > len(self, k + 1) {
                break;
            }
            self.merge_at(a, k)?;
        }
        Ok(())
    }

    /// Merges the pending runs `k` and `k + 1`.
    fn merge_at(&mut self, a: &mut [T], k: usize) -> Result<(), Contradiction> {
        let (Some(&(mut base1, mut len1)), Some(&(base2, mut len2))) =
            (self.runs.get(k), self.runs.get(k + 1))
        else {
            return Ok(());
        };
        if let Some(run) = self.runs.get_mut(k) {
            run.1 = len1 + len2;
        }
        self.runs.remove(k + 1);
        let key = a[base2].clone();
        let skip = self.gallop_right(&key, &a[base1..base1 + len1], 0);
        base1 += skip;
        len1 -= skip;
        if len1 == 0 {
            return Ok(());
        }
        let key = a[base1 + len1 - 1].clone();
        len2 = self.gallop_left(&key, &a[base2..base2 + len2], len2 - 1);
        if len2 == 0 {
            return Ok(());
        }
        if len1 <= len2 {
            self.merge_low(a, base1, len1, base2, len2)
        } else {
            self.merge_high(a, base1, len1, base2, len2)
        }
    }

    /// Where `key` goes in the sorted `run`, before the elements it is not greater than,
    /// searching outward from `hint` by doubling steps.
    fn gallop_left(&mut self, key: &T, run: &[T], hint: usize) -> usize {
        let len = run.len();
        let (mut last, mut ofs) = (0usize, 1usize);
        if self.greater(key, &run[hint]) {
            let max = len - hint;
            while ofs < max && self.greater(key, &run[hint + ofs]) {
                last = ofs;
                ofs = ofs * 2 + 1;
            }
            ofs = ofs.min(max);
            last += hint;
            ofs += hint;
        } else {
            let max = hint + 1;
            while ofs < max && !self.greater(key, &run[hint - ofs]) {
                last = ofs;
                ofs = ofs * 2 + 1;
            }
            ofs = ofs.min(max);
            let before = last;
            // `hint - ofs` may be -1: the search below starts one further.
            last = (hint + 1).wrapping_sub(ofs);
            ofs = hint - before;
            return self.narrow(key, run, last, ofs, true);
        }
        self.narrow(key, run, last + 1, ofs, true)
    }

    /// Where `key` goes in the sorted `run`, after the elements it is not less than.
    fn gallop_right(&mut self, key: &T, run: &[T], hint: usize) -> usize {
        let len = run.len();
        let (mut last, mut ofs) = (0usize, 1usize);
        if self.less(key, &run[hint]) {
            let max = hint + 1;
            while ofs < max && self.less(key, &run[hint - ofs]) {
                last = ofs;
                ofs = ofs * 2 + 1;
            }
            ofs = ofs.min(max);
            let before = last;
            last = (hint + 1).wrapping_sub(ofs);
            ofs = hint - before;
            return self.narrow(key, run, last, ofs, false);
        }
        let max = len - hint;
        while ofs < max && !self.less(key, &run[hint + ofs]) {
            last = ofs;
            ofs = ofs * 2 + 1;
        }
        ofs = ofs.min(max);
        last += hint;
        ofs += hint;
        self.narrow(key, run, last + 1, ofs, false)
    }

    /// The binary search that ends a gallop, in `run[from..to]`: for the left gallop, the
    /// first place whose element the key is not greater than; for the right one, the first
    /// whose element it is less than.
    fn narrow(&mut self, key: &T, run: &[T], mut from: usize, mut to: usize, left: bool) -> usize {
        while from < to {
            let m = from + (to - from) / 2;
            let go_right = if left {
                self.greater(key, &run[m])
            } else {
                !self.less(key, &run[m])
            };
            if go_right {
                from = m + 1;
            } else {
                to = m;
            }
        }
        to
    }

    /// Merges `a[base1..base1 + len1]` and the run after it, the first the shorter, through a
    /// copy of the first.
    fn merge_low(
        &mut self,
        a: &mut [T],
        base1: usize,
        mut len1: usize,
        base2: usize,
        mut len2: usize,
    ) -> Result<(), Contradiction> {
        let tmp: Vec<T> = a[base1..base1 + len1].to_vec();
        let (mut c1, mut c2, mut dest) = (0usize, base2, base1);
        a[dest] = a[c2].clone();
        dest += 1;
        c2 += 1;
        len2 -= 1;
        if len2 == 0 {
            a[dest..dest + len1].clone_from_slice(&tmp[c1..c1 + len1]);
            return Ok(());
        }
        if len1 == 1 {
            a.copy_within_clone(c2, dest, len2);
            a[dest + len2] = tmp[c1].clone();
            return Ok(());
        }
        let mut min_gallop = self.min_gallop;
        'outer: loop {
            let (mut count1, mut count2) = (0usize, 0usize);
            loop {
                if self.less(&a[c2], &tmp[c1]) {
                    a[dest] = a[c2].clone();
                    dest += 1;
                    c2 += 1;
                    count2 += 1;
                    count1 = 0;
                    len2 -= 1;
                    if len2 == 0 {
                        break 'outer;
                    }
                } else {
                    a[dest] = tmp[c1].clone();
                    dest += 1;
                    c1 += 1;
                    count1 += 1;
                    count2 = 0;
                    len1 -= 1;
                    if len1 == 1 {
                        break 'outer;
                    }
                }
                if (count1 | count2) >= min_gallop {
                    break;
                }
            }
            loop {
                let key = a[c2].clone();
                count1 = self.gallop_right(&key, &tmp[c1..c1 + len1], 0);
                if count1 != 0 {
                    a[dest..dest + count1].clone_from_slice(&tmp[c1..c1 + count1]);
                    dest += count1;
                    c1 += count1;
                    len1 -= count1;
                    if len1 <= 1 {
                        break 'outer;
                    }
                }
                a[dest] = a[c2].clone();
                dest += 1;
                c2 += 1;
                len2 -= 1;
                if len2 == 0 {
                    break 'outer;
                }
                let key = tmp[c1].clone();
                count2 = self.gallop_left(&key, &a[c2..c2 + len2], 0);
                if count2 != 0 {
                    a.copy_within_clone(c2, dest, count2);
                    dest += count2;
                    c2 += count2;
                    len2 -= count2;
                    if len2 == 0 {
                        break 'outer;
                    }
                }
                a[dest] = tmp[c1].clone();
                dest += 1;
                c1 += 1;
                len1 -= 1;
                if len1 == 1 {
                    break 'outer;
                }
                min_gallop = min_gallop.saturating_sub(1);
                if count1 < MIN_GALLOP && count2 < MIN_GALLOP {
                    break;
                }
            }
            min_gallop += 2;
        }
        self.min_gallop = min_gallop.max(1);
        if len1 == 1 {
            a.copy_within_clone(c2, dest, len2);
            a[dest + len2] = tmp[c1].clone();
            Ok(())
        } else if len1 == 0 {
            Err(Contradiction)
        } else {
            a[dest..dest + len1].clone_from_slice(&tmp[c1..c1 + len1]);
            Ok(())
        }
    }

    /// Merges `a[base1..base1 + len1]` and the run after it, the second the shorter, from the
    /// end, through a copy of the second.
    fn merge_high(
        &mut self,
        a: &mut [T],
        base1: usize,
        mut len1: usize,
        base2: usize,
        mut len2: usize,
    ) -> Result<(), Contradiction> {
        let tmp: Vec<T> = a[base2..base2 + len2].to_vec();
        // Cursors point one past the element they name, so that they never go below zero.
        let mut c1 = base1 + len1;
        let mut c2 = len2;
        let mut dest = base2 + len2;
        dest -= 1;
        c1 -= 1;
        a[dest] = a[c1].clone();
        len1 -= 1;
        if len1 == 0 {
            a[dest - len2..dest].clone_from_slice(&tmp[..len2]);
            return Ok(());
        }
        if len2 == 1 {
            dest -= len1;
            c1 -= len1;
            a.copy_within_clone(c1, dest, len1);
            a[dest - 1] = tmp[c2 - 1].clone();
            return Ok(());
        }
        let mut min_gallop = self.min_gallop;
        'outer: loop {
            let (mut count1, mut count2) = (0usize, 0usize);
            loop {
                if self.less(&tmp[c2 - 1], &a[c1 - 1]) {
                    dest -= 1;
                    c1 -= 1;
                    a[dest] = a[c1].clone();
                    count1 += 1;
                    count2 = 0;
                    len1 -= 1;
                    if len1 == 0 {
                        break 'outer;
                    }
                } else {
                    dest -= 1;
                    c2 -= 1;
                    a[dest] = tmp[c2].clone();
                    count2 += 1;
                    count1 = 0;
                    len2 -= 1;
                    if len2 == 1 {
                        break 'outer;
                    }
                }
                if (count1 | count2) >= min_gallop {
                    break;
                }
            }
            loop {
                let key = tmp[c2 - 1].clone();
                count1 = len1 - self.gallop_right(&key, &a[base1..base1 + len1], len1 - 1);
                if count1 != 0 {
                    dest -= count1;
                    c1 -= count1;
                    len1 -= count1;
                    a.copy_within_clone(c1, dest, count1);
                    if len1 == 0 {
                        break 'outer;
                    }
                }
                dest -= 1;
                c2 -= 1;
                a[dest] = tmp[c2].clone();
                len2 -= 1;
                if len2 == 1 {
                    break 'outer;
                }
                let key = a[c1 - 1].clone();
                count2 = len2 - self.gallop_left(&key, &tmp[..len2], len2 - 1);
                if count2 != 0 {
                    dest -= count2;
                    c2 -= count2;
                    len2 -= count2;
                    a[dest..dest + count2].clone_from_slice(&tmp[c2..c2 + count2]);
                    if len2 <= 1 {
                        break 'outer;
                    }
                }
                dest -= 1;
                c1 -= 1;
                a[dest] = a[c1].clone();
                len1 -= 1;
                if len1 == 0 {
                    break 'outer;
                }
                min_gallop = min_gallop.saturating_sub(1);
                if count1 < MIN_GALLOP && count2 < MIN_GALLOP {
                    break;
                }
            }
            min_gallop += 2;
        }
        self.min_gallop = min_gallop.max(1);
        if len2 == 1 {
            dest -= len1;
            c1 -= len1;
            a.copy_within_clone(c1, dest, len1);
            a[dest - 1] = tmp[c2 - 1].clone();
            Ok(())
        } else if len2 == 0 {
            Err(Contradiction)
        } else {
            a[dest - len2..dest].clone_from_slice(&tmp[..len2]);
            Ok(())
        }
    }
}

/// The shortest run the sort makes, so that the number of runs is a power of two or a little
/// less (`minRunLength`).
fn min_run_length(mut n: usize) -> usize {
    let mut r = 0;
    while n >= MIN_MERGE {
        r |= n & 1;
        n >>= 1;
    }
    n + r
}

/// `copy_within` for elements that are only `Clone`.
trait CopyWithinClone {
    fn copy_within_clone(&mut self, from: usize, to: usize, count: usize);
}

impl<T: Clone> CopyWithinClone for [T] {
    fn copy_within_clone(&mut self, from: usize, to: usize, count: usize) {
        if from == to || count == 0 {
            return;
        }
        let moved: Vec<T> = self[from..from + count].to_vec();
        self[to..to + count].clone_from_slice(&moved);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_like_a_stable_sort_when_the_comparison_is_an_order() {
        let mut seed = 7u64;
        for n in [0usize, 1, 2, 5, 31, 32, 33, 64, 100, 257, 1000] {
            let mut values: Vec<(u32, usize)> = (0..n)
                .map(|i| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                    (((seed >> 33) % 17) as u32, i)
                })
                .collect();
            let mut expected = values.clone();
            expected.sort_by_key(|v| v.0);
            sort(&mut values, |x, y| x.0.cmp(&y.0)).unwrap();
            assert_eq!(values, expected, "n = {n}");
        }
    }
}

//! A maximum-weight matching of a complete graph by Gabow's implementation of Edmonds'
//! algorithm (H. N. Gabow, "Implementation of algorithms for maximum matching on nonbipartite
//! graphs", PhD dissertation, Stanford, 1973, appendix D; E. Lawler, "Combinatorial
//! Optimization: Networks and Matroids", 1976, chapter 6), the algorithm OpenGotha pairs with.
//!
//! Any maximum-weight matching has the same total, but when several pairings weigh the same,
//! which one an algorithm keeps depends on the order in which it scans vertices and edges. A
//! director comparing the phone with OpenGotha sees those ties (two players of one score group
//! swapped), so this follows the dissertation's steps in their order: W1 to W9 for the search,
//! and the procedures they call (pointer, pair, scan, link path, merge pairs, insert pair,
//! set bounds, rematch, unlink, unpair, unpair all), each named after its step.
//!
//! Vertices are numbered from 1; vertex `n + 1` is a dummy. Each undirected edge is two
//! directed edges `2k - 1` and `2k` (offset by `n`), so that `opposite` turns one into the
//! other; the last edge is a dummy. A link holds an edge, negated while its blossom is unlinked.
//! Weights are doubled, so that the dual variables stay whole.
//!
//! The search cannot fail on a complete graph, but the core never panics and never hangs: every
//! array is read through bounds checks that give 0, and the work is bounded; a search that
//! overruns gives `None`.

/// The matching of `n` vertices whose weights (`weight[i * n + j]` for `i < j`) add up to the
/// most: each vertex's mate, or `None` when `n` is odd or the search went wrong.
pub fn max_weight_matching(weight: &[i64], n: usize) -> Option<Vec<Option<usize>>> {
    if n < 2 || weight.len() < n * n {
        return None;
    }
    let mut search = Search::new(weight, n);
    let mates = search.run()?;
    Some(
        (1..=n)
            .map(|v| {
                let m = mates.get(v).copied().unwrap_or(0);
                (m >= 1 && m <= n).then(|| m - 1)
            })
            .collect(),
    )
}

/// The search's state. The scratch fields (`e`, `v`, `i`, `f`, ...) are shared between
/// procedures as in the dissertation, where one procedure leaves a value another reads.
struct Search {
    /// Vertices.
    n: usize,
    /// The dummy vertex, `n + 1`.
    dummy_vertex: usize,
    /// The dummy edge, after the last one.
    dummy_edge: usize,
    /// For a vertex, its first edge; for an edge, the next edge of the same vertex (0 ends).
    adjacency: Vec<usize>,
    /// The vertex an edge enters.
    end: Vec<usize>,
    /// An edge's other direction.
    twin: Vec<usize>,
    /// The vertex an edge leaves (the end of its other direction).
    start: Vec<usize>,
    /// An edge's weight, doubled.
    weight: Vec<i64>,
    /// A vertex's matched edge (the dummy edge when exposed).
    mate: Vec<usize>,
    /// A vertex's link edge, negative while unlinked.
    link: Vec<i64>,
    /// The base of the blossom a vertex is in.
    base: Vec<usize>,
    /// The next vertex of a blossom's list.
    next_vertex: Vec<usize>,
    /// The last vertex of a blossom's list.
    last_vertex: Vec<usize>,
    /// The dual variables.
    y: Vec<i64>,
    /// The least slack seen for a vertex.
    next_delta: Vec<i64>,
    /// The edge of that least slack.
    next_edge: Vec<usize>,
    /// The next edge of a blossom's pair list.
    next_pair: Vec<usize>,
    /// The path ends an unlink leaves, for unpair (1 and 2 used).
    last_edge: [i64; 3],
    delta: i64,
    last_delta: i64,
    new_base: usize,
    next_base: usize,
    stop_scan: usize,
    pair_point: usize,
    neighbor: usize,
    new_last: usize,
    next_point: usize,
    old_first: usize,
    second_mate: usize,
    f: i64,
    next_link_edge: i64,
    next_rematch: i64,
    next_unpair: usize,
    e: i64,
    v: usize,
    i: usize,
    /// Work left before the search is given up.
    budget: u64,
}

fn get<T: Copy + Default>(values: &[T], index: usize) -> T {
    values.get(index).copied().unwrap_or_default()
}

fn set<T>(values: &mut [T], index: usize, value: T) {
    if let Some(slot) = values.get_mut(index) {
        *slot = value;
    }
}

/// An edge number held in a link (never negative where it is read as an edge).
fn edge(link: i64) -> usize {
    usize::try_from(link).unwrap_or(0)
}

impl Search {
    /// W0 and W1: the graph's edges, then every vertex exposed and unlinked, with the dual
    /// variables at half the largest weight.
    fn new(weights: &[i64], n: usize) -> Search {
        let edges = n * (n - 1) / 2;
        let size = n + 2 * edges + 2;
        let mut s = Search {
            n,
            dummy_vertex: n + 1,
            dummy_edge: n + 2 * edges + 1,
            adjacency: vec![0; size],
            end: vec![0; size],
            twin: Vec::new(),
            start: Vec::new(),
            weight: vec![0; size],
            mate: vec![0; n + 2],
            link: vec![0; n + 2],
            base: vec![0; n + 2],
            next_vertex: vec![0; n + 2],
            last_vertex: vec![0; n + 2],
            y: vec![0; n + 2],
            next_delta: vec![0; n + 2],
            next_edge: vec![0; n + 2],
            next_pair: vec![0; size],
            last_edge: [0; 3],
            delta: 0,
            last_delta: 0,
            new_base: 0,
            next_base: 0,
            stop_scan: 0,
            pair_point: 0,
            neighbor: 0,
            new_last: 0,
            next_point: 0,
            old_first: 0,
            second_mate: 0,
            f: 0,
            next_link_edge: 0,
            next_rematch: 0,
            next_unpair: 0,
            e: 0,
            v: 0,
            i: 0,
            budget: 64 * (n as u64 + 2).pow(3) + 1_000_000,
        };
        // The edges, each vertex's list built from the last pair to the first.
        let mut current = n + 2;
        for i in (1..=n).rev() {
            for j in (1..i).rev() {
                let w = get(weights, (j - 1) * n + (i - 1)).saturating_mul(2);
                set(&mut s.weight, current - 1, w);
                set(&mut s.weight, current, w);
                set(&mut s.end, current - 1, i);
                set(&mut s.end, current, j);
                let head_i = get(&s.adjacency, i);
                set(&mut s.adjacency, current, head_i);
                set(&mut s.adjacency, i, current);
                let head_j = get(&s.adjacency, j);
                set(&mut s.adjacency, current - 1, head_j);
                set(&mut s.adjacency, j, current - 1);
                current += 2;
            }
        }
        s.lay_out_by_vertex();
        set(&mut s.end, s.dummy_edge, s.dummy_vertex);
        let mut largest = i64::MIN;
        for i in 0..n {
            for j in i + 1..n {
                largest = largest.max(get(weights, i * n + j).saturating_mul(2));
            }
        }
        s.last_delta = largest / 2;
        for v in 1..=n + 1 {
            s.mate[v] = s.dummy_edge;
            s.next_edge[v] = s.dummy_edge;
            s.next_vertex[v] = 0;
            s.link[v] = -(s.dummy_edge as i64);
            s.base[v] = v;
            s.last_vertex[v] = v;
            s.y[v] = s.last_delta;
            s.next_delta[v] = s.last_delta;
        }
        s.i = n + 2;
        s
    }

    /// Counts one step of work; false once the budget is spent.
    fn work(&mut self) -> bool {
        self.budget = self.budget.saturating_sub(1);
        self.budget > 0
    }

    /// Renumbers the edges so that each vertex's list lies in one run of memory, in the order
    /// it is walked: the same graph and the same walks, read from the cache rather than from
    /// all over the arrays (the scans follow these lists for every vertex of a blossom).
    fn lay_out_by_vertex(&mut self) {
        let size = self.adjacency.len();
        let born_opposite = |e: usize| -> usize {
            if (e as i64 - self.n as i64) % 2 == 0 {
                e - 1
            } else {
                e + 1
            }
        };
        let mut renamed = vec![0usize; size];
        let mut next = self.n + 1;
        for v in 1..=self.n {
            let mut e = get(&self.adjacency, v);
            while e != 0 && e < size {
                set(&mut renamed, e, next);
                next += 1;
                e = get(&self.adjacency, e);
            }
        }
        let mut adjacency = vec![0usize; size];
        let mut end = vec![0usize; size];
        let mut weight = vec![0i64; size];
        let mut twin = vec![0usize; size];
        let mut start = vec![0usize; size];
        for v in 1..=self.n {
            set(&mut adjacency, v, get(&renamed, get(&self.adjacency, v)));
        }
        for e in self.n + 1..self.dummy_edge {
            let to = get(&renamed, e);
            set(&mut adjacency, to, get(&renamed, get(&self.adjacency, e)));
            set(&mut end, to, get(&self.end, e));
            set(&mut weight, to, get(&self.weight, e));
            set(&mut twin, to, get(&renamed, born_opposite(e)));
            set(&mut start, to, get(&self.end, born_opposite(e)));
        }
        self.adjacency = adjacency;
        self.end = end;
        self.weight = weight;
        self.twin = twin;
        self.start = start;
    }

    fn opposite(&self, e: i64) -> i64 {
        match usize::try_from(e) {
            Ok(e) if e > self.n && e < self.dummy_edge => get(&self.twin, e) as i64,
            _ if (e - self.n as i64) % 2 == 0 => e - 1,
            _ => e + 1,
        }
    }

    /// The blossom edge `e` enters.
    fn blossom_entered(&self, e: usize) -> usize {
        get(&self.base, get(&self.end, e))
    }

    /// The blossom matched with `v`'s.
    fn blossom_mate(&self, v: usize) -> usize {
        self.blossom_entered(get(&self.mate, v))
    }

    /// The blossom entered by the edge that links `v`'s.
    fn blossom_linked(&self, v: usize) -> usize {
        self.blossom_entered(edge(get(&self.link, v)))
    }

    fn slack(&self, e: usize) -> i64 {
        let there = get(&self.y, get(&self.end, e));
        let back = get(&self.y, get(&self.start, e));
        there + back - get(&self.weight, e)
    }

    /// W2 to W9: searches until no augmenting path is left; each vertex's mate (0 for none).
    fn run(&mut self) -> Option<Vec<usize>> {
        loop {
            // W2. Start a new search: link every exposed vertex.
            self.delta = 0;
            for v in 1..=self.n {
                self.v = v;
                if get(&self.mate, v) == self.dummy_edge {
                    self.pointer(self.dummy_vertex, v, self.dummy_edge as i64);
                }
            }
            self.v = self.n + 1;
            // W3 to W6, until W4 finds an augmenting path.
            loop {
                if !self.work() {
                    return None;
                }
                // W3. Get the next edge: the least slack.
                self.i = 1;
                for j in 2..=self.n {
                    if get(&self.next_delta, self.i) > get(&self.next_delta, j) {
                        self.i = j;
                    }
                }
                self.delta = get(&self.next_delta, self.i);
                if self.delta == self.last_delta {
                    // W8. Undo the blossoms; W9. the matching.
                    self.set_bounds();
                    self.unpair_all()?;
                    let mut mates = vec![0; self.n + 1];
                    for (v, slot) in mates.iter_mut().enumerate().skip(1) {
                        let m = get(&self.end, get(&self.mate, v));
                        *slot = if m == self.dummy_vertex { 0 } else { m };
                    }
                    return Some(mates);
                }
                // W4. Assign pair links.
                self.v = get(&self.base, self.i);
                if get(&self.link, self.v) >= 0 {
                    if self.pair()? {
                        break;
                    }
                } else {
                    // W5. Assign a pointer link.
                    let w = self.blossom_mate(self.v);
                    if get(&self.link, w) < 0 {
                        let e = self.opposite(get(&self.next_edge, self.i) as i64);
                        self.pointer(self.v, w, e);
                    } else {
                        // W6. Undo a pair link.
                        self.unpair(self.v, w)?;
                    }
                }
            }
            // W7. Enlarge the matching.
            self.last_delta -= self.delta;
            self.set_bounds();
            let g = self.opposite(self.e);
            self.rematch(self.blossom_entered(edge(self.e)), g)?;
            self.rematch(self.blossom_entered(edge(g)), self.e)?;
        }
    }

    /// Inserts edge `e` (entering `neighbor`) into the pair list being built at `pair_point`,
    /// keeping the list ordered by end vertex and only the least slack edge to each.
    fn insert_pair(&mut self) {
        // IP1. Prepare to insert.
        let slack_e = self.slack(edge(self.e)) / 2;
        self.next_point = get(&self.next_pair, self.pair_point);
        // IP2. Find the insertion point.
        while get(&self.end, self.next_point) < self.neighbor && self.work() {
            self.pair_point = self.next_point;
            self.next_point = get(&self.next_pair, self.next_point);
        }
        if get(&self.end, self.next_point) == self.neighbor {
            // IP3. Choose the edge.
            if slack_e >= self.slack(self.next_point) / 2 {
                return;
            }
            self.next_point = get(&self.next_pair, self.next_point);
        }
        // IP4. Insert.
        set(&mut self.next_pair, self.pair_point, edge(self.e));
        self.pair_point = edge(self.e);
        set(&mut self.next_pair, edge(self.e), self.next_point);
        // IP5. Update the best linking edge.
        if get(&self.next_delta, self.new_base) > slack_e {
            set(&mut self.next_delta, self.new_base, slack_e);
        }
    }

    /// Links the unlinked vertices of the path from the blossom `e` enters to `new_base`.
    fn link_path(&mut self, mut e: usize) {
        // L1. Done?
        self.v = self.blossom_entered(e);
        while self.v != self.new_base && self.work() {
            // L2. Link the next vertex.
            let u = self.blossom_mate(self.v);
            let back = self.opposite(e as i64);
            set(&mut self.link, u, back);
            // L3. Add the vertices to the blossom's list.
            set(&mut self.next_vertex, self.new_last, self.v);
            let last = get(&self.last_vertex, self.v);
            set(&mut self.next_vertex, last, u);
            self.new_last = get(&self.last_vertex, u);
            // L4. Update the base.
            let mut i = self.v;
            loop {
                set(&mut self.base, i, self.new_base);
                i = get(&self.next_vertex, i);
                if i == self.dummy_vertex || !self.work() {
                    break;
                }
            }
            // L5. Get the next edge.
            e = edge(get(&self.link, self.v));
            self.v = self.blossom_entered(e);
        }
    }

    /// Merges the pair list of the subblossom based at `v` into the new blossom's.
    fn merge_pairs(&mut self, v: usize) {
        // MP1. Prepare to merge.
        set(&mut self.next_delta, v, self.last_delta);
        self.pair_point = self.dummy_edge;
        self.f = get(&self.next_edge, v) as i64;
        while self.f != self.dummy_edge as i64 && self.work() {
            // MP2. Prepare to insert.
            self.e = self.f;
            self.neighbor = get(&self.end, edge(self.e));
            self.f = get(&self.next_pair, edge(self.f)) as i64;
            // MP3. Insert the edge.
            if get(&self.base, self.neighbor) != self.new_base {
                self.insert_pair();
            }
        }
    }

    /// PA1 to PA14: the edge of least slack joins two linked blossoms; true when it completes
    /// an augmenting path, else the blossom it closes is formed.
    fn pair(&mut self) -> Option<bool> {
        // PA1, PA2. Find the edge.
        self.e = get(&self.next_edge, self.v) as i64;
        while self.slack(edge(self.e)) != 2 * self.delta {
            if !self.work() {
                return None;
            }
            self.e = get(&self.next_pair, edge(self.e)) as i64;
        }
        // PA3. Begin flagging vertices.
        let mut w = self.blossom_entered(edge(self.e));
        let flagged = self.blossom_mate(w);
        set(&mut self.link, flagged, -self.e);
        let mut u = self.blossom_mate(self.v);
        // PA4. Flag vertices.
        while get(&self.link, u) != -self.e {
            if !self.work() {
                return None;
            }
            set(&mut self.link, u, -self.e);
            if get(&self.mate, w) != self.dummy_edge {
                std::mem::swap(&mut self.v, &mut w);
            }
            self.v = self.blossom_linked(self.v);
            u = self.blossom_mate(self.v);
        }
        // PA5. An augmenting path?
        if u == self.dummy_vertex && self.v != w {
            return Some(true);
        }
        // PA6. Prepare to link the vertices.
        self.new_last = self.v;
        self.new_base = self.v;
        self.old_first = get(&self.next_vertex, self.v);
        // PA7. Link the vertices.
        self.link_path(edge(self.e));
        self.link_path(edge(self.opposite(self.e)));
        // PA8. Finish linking.
        set(&mut self.next_vertex, self.new_last, self.old_first);
        if get(&self.last_vertex, self.new_base) == self.new_base {
            set(&mut self.last_vertex, self.new_base, self.new_last);
        }
        // PA9. Start the new pair list.
        set(&mut self.next_pair, self.dummy_edge, self.dummy_edge);
        self.merge_pairs(self.new_base);
        self.i = get(&self.next_vertex, self.new_base);
        loop {
            if !self.work() {
                return None;
            }
            // PA10. Merge a subblossom's pair list.
            self.merge_pairs(self.i);
            self.i = get(&self.next_vertex, get(&self.last_vertex, self.i));
            // PA11. Scan a subblossom.
            let del = 2 * self.delta - self.slack(get(&self.mate, self.i));
            self.scan(self.i, del);
            self.i = get(&self.next_vertex, get(&self.last_vertex, self.i));
            // PA12. More blossoms?
            if self.i == self.old_first {
                break;
            }
        }
        Some(false)
    }

    /// PT1 to PT4: a pointer link from the blossom based at `u` to the one based at `v`, the
    /// two being matched, by edge `e`.
    fn pointer(&mut self, u: usize, v: usize, e: i64) {
        // PT1. Reinitialize values that may have changed.
        set(&mut self.link, u, -(self.dummy_edge as i64));
        let last_u = get(&self.last_vertex, u);
        set(&mut self.next_vertex, last_u, self.dummy_vertex);
        let last_v = get(&self.last_vertex, v);
        set(&mut self.next_vertex, last_v, self.dummy_vertex);
        // PT2. Find the unpairing value.
        let del = if get(&self.last_vertex, u) != u {
            let i = get(&self.mate, get(&self.next_vertex, u));
            -self.slack(i) / 2
        } else {
            self.last_delta
        };
        // PT3.
        let mut i = u;
        while i != self.dummy_vertex && self.work() {
            if let Some(y) = self.y.get_mut(i) {
                *y += del;
            }
            if let Some(d) = self.next_delta.get_mut(i) {
                *d += del;
            }
            i = get(&self.next_vertex, i);
        }
        // PT4. Link v and scan.
        if get(&self.link, v) < 0 {
            set(&mut self.link, v, e);
            set(&mut self.next_pair, self.dummy_edge, self.dummy_edge);
            self.scan(v, self.delta);
        } else {
            set(&mut self.link, v, e);
        }
    }

    /// R1 to R4: rematches along the alternating path from `first_mate`, whose new matched
    /// edge is `e`.
    fn rematch(&mut self, mut first_mate: usize, e: i64) -> Option<()> {
        // R1. Start rematching.
        set(&mut self.mate, first_mate, edge(e));
        self.next_rematch = -get(&self.link, first_mate);
        // R2. Done?
        while self.next_rematch != self.dummy_edge as i64 {
            if !self.work() {
                return None;
            }
            // R3. Get the next edge.
            let e = self.next_rematch;
            self.f = self.opposite(e);
            first_mate = self.blossom_entered(edge(e));
            self.second_mate = self.blossom_entered(edge(self.f));
            self.next_rematch = -get(&self.link, first_mate);
            // R4. Relink and rematch.
            let second_mate_edge = get(&self.mate, self.second_mate) as i64;
            set(&mut self.link, first_mate, -second_mate_edge);
            let first_mate_edge = get(&self.mate, first_mate) as i64;
            set(&mut self.link, self.second_mate, -first_mate_edge);
            set(&mut self.mate, first_mate, edge(self.f));
            set(&mut self.mate, self.second_mate, edge(e));
        }
        Some(())
    }

    /// SC1 to SC8: scans the blossom just linked, based at `x`, raising its duals by `del`.
    fn scan(&mut self, mut x: usize, del: i64) {
        // SC1. Initialize.
        self.new_base = get(&self.base, x);
        self.stop_scan = get(&self.next_vertex, get(&self.last_vertex, x));
        while x != self.stop_scan && self.work() {
            // SC2. Set bounds and initialize for x.
            if let Some(y) = self.y.get_mut(x) {
                *y += del;
            }
            set(&mut self.next_delta, x, self.last_delta);
            self.pair_point = self.dummy_edge;
            self.e = get(&self.adjacency, x) as i64;
            while self.e != 0 && self.work() {
                // SC3. Find a neighbor.
                self.neighbor = get(&self.end, edge(self.e));
                let u = get(&self.base, self.neighbor);
                if get(&self.link, u) < 0 {
                    // SC4. A pair link edge.
                    if get(&self.link, self.blossom_mate(u)) < 0 || get(&self.last_vertex, u) != u {
                        let slack = self.slack(edge(self.e));
                        if get(&self.next_delta, self.neighbor) > slack {
                            set(&mut self.next_delta, self.neighbor, slack);
                            set(&mut self.next_edge, self.neighbor, edge(self.e));
                        }
                    }
                } else if u != self.new_base {
                    // SC5.
                    self.insert_pair();
                }
                // SC6.
                self.e = get(&self.adjacency, edge(self.e)) as i64;
            }
            // SC7.
            x = get(&self.next_vertex, x);
        }
        // SC8.
        let first = get(&self.next_pair, self.dummy_edge);
        set(&mut self.next_edge, self.new_base, first);
    }

    /// SB1 to SB8: updates the dual variables after a search step.
    fn set_bounds(&mut self) {
        for v in 1..=self.n {
            // SB1, SB2. A linked base?
            self.v = v;
            if get(&self.link, v) < 0 || get(&self.base, v) != v {
                // SB8.
                set(&mut self.next_delta, v, self.last_delta);
                continue;
            }
            // SB3. Begin processing a linked blossom.
            let link = get(&self.link, v);
            set(&mut self.link, v, -link);
            // SB4. Update y in the linked blossom.
            self.i = v;
            while self.i != self.dummy_vertex && self.work() {
                if let Some(y) = self.y.get_mut(self.i) {
                    *y -= self.delta;
                }
                self.i = get(&self.next_vertex, self.i);
            }
            // SB5. Is the linked blossom matched?
            self.f = get(&self.mate, v) as i64;
            if self.f != self.dummy_edge as i64 {
                // SB6, SB7. Update y in the unlinked blossom.
                self.i = self.blossom_entered(edge(self.f));
                let del = self.slack(edge(self.f));
                while self.i != self.dummy_vertex && self.work() {
                    if let Some(y) = self.y.get_mut(self.i) {
                        *y -= del;
                    }
                    self.i = get(&self.next_vertex, self.i);
                }
            }
            set(&mut self.next_delta, v, self.last_delta);
        }
        self.v = self.n + 1;
    }

    /// UL2 to UL6: unlinks the next blossoms of one path.
    fn unlink_path(&mut self) {
        loop {
            // UL2. Get the next path edge.
            self.next_link_edge = self.opposite(get(&self.link, self.new_base));
            for _ in 0..2 {
                // UL3. Unlink the blossom's base.
                let link = get(&self.link, self.new_base);
                set(&mut self.link, self.new_base, -link);
                // UL4. Update the base array.
                loop {
                    set(&mut self.base, self.i, self.new_base);
                    self.i = get(&self.next_vertex, self.i);
                    if self.i == self.next_base || !self.work() {
                        break;
                    }
                }
                // UL5. Get the next vertex.
                self.new_base = self.next_base;
                self.next_base = get(&self.next_vertex, get(&self.last_vertex, self.new_base));
            }
            // UL6. More vertices?
            if get(&self.link, self.next_base) != self.next_link_edge || !self.work() {
                break;
            }
        }
    }

    /// UL1 to UL8: unlinks the subblossoms of the blossom based at `old_base`, keeping the
    /// links for rematch and unpair and the paths' ends in `last_edge`.
    fn unlink(&mut self, old_base: usize) {
        // UL1. Prepare to unlink the paths.
        self.i = get(&self.next_vertex, old_base);
        self.new_base = self.i;
        self.next_base = get(&self.next_vertex, get(&self.last_vertex, self.new_base));
        self.e = get(&self.link, self.next_base);
        self.unlink_path();
        // UL7. End of the first path; the second, if it goes on.
        self.last_edge[1] = self.next_link_edge;
        self.next_link_edge = self.opposite(self.e);
        if get(&self.link, self.next_base) == self.next_link_edge {
            self.unlink_path();
        }
        self.last_edge[2] = self.next_link_edge;
        // UL8. Update the blossom's list.
        if get(&self.base, get(&self.last_vertex, old_base)) == old_base {
            set(&mut self.next_vertex, old_base, self.new_base);
        } else {
            set(&mut self.next_vertex, old_base, self.dummy_vertex);
            set(&mut self.last_vertex, old_base, old_base);
        }
    }

    /// UP1 to UP7: undoes the blossom based at the unlinked `old_base`, matched with the
    /// linked `old_mate`, by unlinking, rematching and relinking its subblossoms.
    fn unpair(&mut self, old_base: usize, old_mate: usize) -> Option<()> {
        // UP1. Unlink the vertices.
        self.unlink(old_base);
        // UP2. Rematch a path.
        let new_base = self.blossom_mate(old_mate);
        if new_base != old_base {
            set(&mut self.link, old_base, -(self.dummy_edge as i64));
            self.rematch(new_base, get(&self.mate, old_base) as i64)?;
            let relink = if self.f == self.last_edge[1] {
                -self.last_edge[2]
            } else {
                -self.last_edge[1]
            };
            set(&mut self.link, self.second_mate, relink);
        }
        // UP3. Examine the linking edge.
        let mut e = get(&self.link, old_mate);
        let mut u = self.blossom_entered(edge(self.opposite(e)));
        if u == new_base {
            // UP7. Relink the old mate.
            self.pointer(new_base, old_mate, e);
            return Some(());
        }
        let flagged = self.blossom_mate(u);
        set(&mut self.link, flagged, -e);
        loop {
            if !self.work() {
                return None;
            }
            // UP5. Relink a vertex.
            e = -get(&self.link, u);
            self.v = self.blossom_mate(u);
            let back = -get(&self.link, self.v);
            self.pointer(u, self.v, back);
            // UP6. Get the next blossom.
            u = self.blossom_entered(edge(e));
            if u == new_base {
                break;
            }
        }
        e = self.opposite(e);
        // UP7. Relink the old mate.
        self.pointer(new_base, old_mate, e);
        Some(())
    }

    /// UA1 to UA7: undoes every blossom, rematching them into the final matching.
    fn unpair_all(&mut self) -> Option<()> {
        for v in 1..=self.n {
            // UA1. Unpair each blossom.
            self.v = v;
            if get(&self.base, v) != v || get(&self.last_vertex, v) == v {
                continue;
            }
            // UA2. Prepare to unpair.
            self.next_unpair = v;
            let last = get(&self.last_vertex, self.next_unpair);
            set(&mut self.next_vertex, last, self.dummy_vertex);
            loop {
                if !self.work() {
                    return None;
                }
                // UA3. Get the next blossom to unpair.
                let u = self.next_unpair;
                self.next_unpair = get(&self.next_vertex, self.next_unpair);
                // UA4. Unlink a blossom.
                self.unlink(u);
                if get(&self.last_vertex, u) != u {
                    // UA5. List the subblossoms to unpair.
                    self.f = if self.last_edge[2] == self.opposite(self.e) {
                        self.last_edge[1]
                    } else {
                        self.last_edge[2]
                    };
                    let last = get(&self.last_vertex, self.blossom_entered(edge(self.f)));
                    set(&mut self.next_vertex, last, u);
                }
                // UA6. Rematch the blossom.
                self.new_base = self.blossom_mate(self.blossom_mate(u));
                if self.new_base != self.dummy_vertex && self.new_base != u {
                    set(&mut self.link, u, -(self.dummy_edge as i64));
                    self.rematch(self.new_base, get(&self.mate, u) as i64)?;
                }
                // UA7. Find the next blossom to unpair.
                while get(&self.last_vertex, self.next_unpair) == self.next_unpair
                    && self.next_unpair != self.dummy_vertex
                {
                    if !self.work() {
                        return None;
                    }
                    self.next_unpair = get(&self.next_vertex, self.next_unpair);
                }
                if get(&self.last_vertex, self.next_unpair) == self.next_unpair
                    && self.next_unpair == self.dummy_vertex
                {
                    break;
                }
            }
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every perfect matching of `n` vertices, by brute force.
    fn best_total(weight: &[i64], n: usize) -> i64 {
        fn go(weight: &[i64], n: usize, free: &mut Vec<bool>) -> i64 {
            let Some(a) = free.iter().position(|&f| f) else {
                return 0;
            };
            free[a] = false;
            let mut best = i64::MIN;
            for b in a + 1..n {
                if free[b] {
                    free[b] = false;
                    let rest = go(weight, n, free);
                    if rest != i64::MIN {
                        best = best.max(weight[a * n + b] + rest);
                    }
                    free[b] = true;
                }
            }
            free[a] = true;
            best
        }
        go(weight, n, &mut vec![true; n])
    }

    #[test]
    fn finds_a_perfect_matching_of_the_largest_total_on_random_graphs() {
        let mut seed = 12345u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as i64
        };
        for n in [2usize, 4, 6, 8, 10] {
            for _ in 0..40 {
                let mut weight = vec![0i64; n * n];
                for i in 0..n {
                    for j in i + 1..n {
                        // Few distinct values, so that ties are common.
                        let w = 1 + next() % 5;
                        weight[i * n + j] = w;
                        weight[j * n + i] = w;
                    }
                }
                let mates = max_weight_matching(&weight, n).expect("a matching");
                let mut total = 0;
                for (i, m) in mates.iter().enumerate() {
                    let j = m.expect("every vertex matched");
                    assert_eq!(mates[j], Some(i));
                    if i < j {
                        total += weight[i * n + j];
                    }
                }
                assert_eq!(total, best_total(&weight, n));
            }
        }
    }
}

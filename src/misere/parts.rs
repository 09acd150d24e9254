//! Parts and partitions of misère canonical forms (Conway, ONAG ch. 12; the search for the
//! ways to write a game as a sum of two is Aaron Siegel's, as described in CGSuite's
//! documentation, written anew here).
//!
//! H is a *part* of G when G = H + K for some K (K is then G − H, unique by Conway's
//! cancellation theorem). Every game is 0 or * plus an even game, so only even parts are
//! listed: [`Misere::two_partitions`] lists the pairs {H, K} of even games with H + K = G's
//! even part, as a flat list `[0, G, H1, K1, H2, K2, …]` in the order they are found. A game is
//! *prime* when that list has only the pair {0, G} (and G is neither 0 nor *).
//!
//! How the pairs are found, for an even G: every part of G other than 0 and G is a part of
//! some option of G (G' = H' + K or H + K'), so the candidates X are the parts of G's options,
//! visited in CGSuite's order again and again until nothing new is found. X is taken
//!
//! - (*type 1*) when each option X' of X already has a partner in G's list and X is a part of
//!   every option G' of G: then K = {G' − X, G − X'} (with parities put back);
//! - (*type 2*) else when a candidate partner Y (a counterpart of X' or of X in an option's
//!   list) makes every option of G an X' + Y or an X + Y', and every X' + Y and X + Y' an option
//!   of G (checked through the lists known so far).
//!
//! When G has 0 or * as an option, or three prime options (H and H + * counted once), G is
//! prime and no search is made (ONAG; Siegel). `tests` check the pairs by adding them up.

use super::notation;
use super::{MId, Misere};
use crate::kernel::KernelError;
use std::cmp::Ordering;

impl Misere {
    /// `x` (even) with `odd`'s parity: x or x + *.
    fn with_parity(&mut self, x: MId, odd: bool) -> Result<MId, KernelError> {
        if odd {
            let star = self.heap(1)?;
            self.add(x, star)
        } else {
            Ok(x)
        }
    }

    /// The pairs of even games summing to `g`'s even part: `[0, G, H1, K1, …]` (see the
    /// module doc).
    pub fn two_partitions(&mut self, g: MId) -> Result<Vec<MId>, KernelError> {
        let id = self.even_part(g)?;
        if let Some(p) = self.partitions.get(&id) {
            return Ok(p.clone());
        }
        self.tick()?;
        let mut parts = vec![MId(0), id];
        let opts = self.options(id).to_vec();
        let star = self.heap(1)?;
        let mut opt_parts: Vec<Vec<MId>> = Vec::with_capacity(opts.len());
        let mut opt_odd = Vec::with_capacity(opts.len());
        let mut prime_options = 0usize;
        for &o in &opts {
            if o == MId(0) || o == star {
                prime_options = usize::MAX;
                break;
            }
            let odd = self.is_odd(o)?;
            let p = self.two_partitions(o)?;
            let unpaired = !odd || {
                let e = self.even_part(o)?;
                !opts.contains(&e)
            };
            if p.len() == 2 && unpaired {
                prime_options += 1;
            }
            opt_parts.push(p);
            opt_odd.push(odd);
            if prime_options >= 3 {
                break;
            }
        }
        if prime_options >= 3 {
            self.partitions.insert(id, parts.clone());
            return Ok(parts);
        }
        // The candidates: every part of every option, in CGSuite's order.
        let mut cands: Vec<MId> = opt_parts.iter().flatten().copied().collect();
        cands.sort_unstable();
        cands.dedup();
        let mut err = None;
        cands.sort_by(|&a, &b| match notation::order(self, a, b) {
            Ok(o) => o,
            Err(e) => {
                err = Some(e);
                Ordering::Equal
            }
        });
        if let Some(e) = err {
            return Err(e);
        }
        let index = |list: &[MId], x: MId| list.iter().position(|&y| y == x);
        let mut changed = true;
        while changed {
            changed = false;
            for &x in &cands {
                self.tick()?;
                if parts.contains(&x) {
                    continue;
                }
                let xopts = self.options(x).to_vec();
                let mut xinfo = Vec::with_capacity(xopts.len());
                for &xo in &xopts {
                    let odd = self.is_odd(xo)?;
                    let e = self.even_part(xo)?;
                    xinfo.push((e, odd));
                }
                let mut type1 = true;
                let mut cp_opts = Vec::new();
                let mut ycands = Vec::new();
                for &(e, odd) in &xinfo {
                    match index(&parts, e) {
                        None => {
                            type1 = false;
                            for p in &opt_parts {
                                if let Some(i) = index(p, e) {
                                    ycands.push(p[i ^ 1]);
                                }
                            }
                            break;
                        }
                        Some(i) => {
                            let c = self.with_parity(parts[i ^ 1], odd)?;
                            cp_opts.push(c);
                        }
                    }
                }
                if type1 {
                    for (i, p) in opt_parts.iter().enumerate() {
                        match index(p, x) {
                            None => {
                                type1 = false;
                                for &(e, _) in &xinfo {
                                    if let Some(j) = index(p, e) {
                                        ycands.push(p[j ^ 1]);
                                    }
                                }
                                break;
                            }
                            Some(j) => {
                                let partner = p[j ^ 1];
                                let c = self.with_parity(partner, opt_odd[i])?;
                                cp_opts.push(c);
                            }
                        }
                    }
                }
                if type1 {
                    let k = self.game(cp_opts)?;
                    parts.push(x);
                    parts.push(k);
                    changed = true;
                    continue;
                }
                for y in ycands {
                    if self.type2(&parts, &opt_parts, &opt_odd, x, &xopts, y)? {
                        parts.push(x);
                        parts.push(y);
                        changed = true;
                        break;
                    }
                }
            }
        }
        self.partitions.insert(id, parts.clone());
        Ok(parts)
    }

    /// Whether X + Y = G for even G, by options: each G' is X' + Y or X + Y' and each X' + Y
    /// and X + Y' is a G', read from the lists known so far (see the module doc).
    fn type2(
        &mut self,
        parts: &[MId],
        opt_parts: &[Vec<MId>],
        opt_odd: &[bool],
        x: MId,
        xopts: &[MId],
        y: MId,
    ) -> Result<bool, KernelError> {
        let index = |list: &[MId], x: MId| list.iter().position(|&y| y == x);
        let yopts = self.options(y).to_vec();
        // Every G' is X + Y' or X' + Y.
        for (i, p) in opt_parts.iter().enumerate() {
            if let Some(j) = index(p, x) {
                let want = self.with_parity(p[j ^ 1], opt_odd[i])?;
                if yopts.contains(&want) {
                    continue;
                }
            }
            if let Some(j) = index(p, y) {
                let want = self.with_parity(p[j ^ 1], opt_odd[i])?;
                if xopts.contains(&want) {
                    continue;
                }
            }
            return Ok(false);
        }
        // Every X' + Y is a G'.
        'x: for &xo in xopts {
            let (e, odd) = (self.even_part(xo)?, self.is_odd(xo)?);
            if let Some(j) = index(parts, e) {
                let want = self.with_parity(parts[j ^ 1], odd)?;
                if yopts.contains(&want) {
                    continue;
                }
            }
            for (i, p) in opt_parts.iter().enumerate() {
                if let Some(j) = index(p, y) {
                    if xo == self.with_parity(p[j ^ 1], opt_odd[i])? {
                        continue 'x;
                    }
                }
            }
            return Ok(false);
        }
        // Every X + Y' is a G'.
        'y: for &yo in &yopts {
            let (e, odd) = (self.even_part(yo)?, self.is_odd(yo)?);
            if let Some(j) = index(parts, e) {
                let want = self.with_parity(parts[j ^ 1], odd)?;
                let want_even = self.even_part(want)?;
                let mut hit = false;
                for &xo in xopts {
                    if self.even_part(xo)? == want_even {
                        hit = true;
                        break;
                    }
                }
                if hit {
                    continue;
                }
            }
            for (i, p) in opt_parts.iter().enumerate() {
                if let Some(j) = index(p, x) {
                    if yo == self.with_parity(p[j ^ 1], opt_odd[i])? {
                        continue 'y;
                    }
                }
            }
            return Ok(false);
        }
        Ok(true)
    }

    /// G − H when H is a part of G (Conway's cancellation makes it unique), else `None`:
    /// complete, read from G's list of pairs.
    pub fn subtract(&mut self, g: MId, h: MId) -> Result<Option<MId>, KernelError> {
        let p = self.two_partitions(g)?;
        let eh = self.even_part(h)?;
        let Some(i) = p.iter().position(|&x| x == eh) else {
            return Ok(None);
        };
        let odd = self.is_odd(g)? != self.is_odd(h)?;
        self.with_parity(p[i ^ 1], odd).map(Some)
    }

    /// Whether `g` is prime: neither 0 nor *, and its even part has no pair but {0, G}.
    pub fn is_prime(&mut self, g: MId) -> Result<bool, KernelError> {
        let star = self.heap(1)?;
        if g == MId(0) || g == star {
            return Ok(false);
        }
        Ok(self.two_partitions(g)?.len() == 2)
    }

    /// The even parts of `g` (with `proper`, without 0 and G; with `prime`, only primes), in
    /// the order found, each once per pair.
    pub fn parts(&mut self, g: MId, proper: bool, prime: bool) -> Result<Vec<MId>, KernelError> {
        let p = self.two_partitions(g)?;
        let mut out = Vec::new();
        let mut i = if proper { 2 } else { 0 };
        while i + 1 < p.len() {
            let (a, b) = (p[i], p[i + 1]);
            if !prime || self.is_prime(a)? {
                out.push(a);
            }
            if b != a && (!prime || self.is_prime(b)?) {
                out.push(b);
            }
            i += 2;
        }
        Ok(out)
    }

    /// Every way to write `g` as a sum of even primes (and * when g is odd), each listed in
    /// CGSuite's order, ascending.
    pub fn partitions(&mut self, g: MId) -> Result<Vec<Vec<MId>>, KernelError> {
        let mut out = Vec::new();
        let mut partial = Vec::new();
        self.build_partitions(g, &mut partial, &mut out)?;
        Ok(out)
    }

    fn build_partitions(
        &mut self,
        g: MId,
        partial: &mut Vec<MId>,
        out: &mut Vec<Vec<MId>>,
    ) -> Result<(), KernelError> {
        self.tick()?;
        let star = self.heap(1)?;
        if g == MId(0) || g == star {
            let mut p = partial.clone();
            if g == star {
                p.push(star);
            }
            out.push(p);
            return Ok(());
        }
        for prime in self.parts(g, false, true)? {
            let fits = match partial.last() {
                None => true,
                Some(&last) => notation::order(self, last, prime)? != Ordering::Greater,
            };
            if !fits {
                continue;
            }
            let Some(rest) = self.subtract(g, prime)? else {
                continue;
            };
            partial.push(prime);
            self.build_partitions(rest, partial, out)?;
            partial.pop();
        }
        Ok(())
    }

    /// Whether `g` is extraverted: a part of {G} (CGSuite's `IsExtraverted`; by Conway's
    /// extraversion–introversion theorem, every option of G is then a part of G).
    pub fn is_extraverted(&mut self, g: MId) -> Result<bool, KernelError> {
        let up = self.game(vec![g])?;
        Ok(self.subtract(up, g)?.is_some())
    }
}

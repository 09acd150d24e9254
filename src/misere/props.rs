//! Invariants of misère canonical forms: genus, tameness and its relatives (Winning Ways
//! ch. 13 "Survival in the Lost World"; ONAG ch. 12; Siegel, *Combinatorial Game Theory*
//! ch. V), with the conventions CGSuite prints them by.
//!
//! **Genus.** G's genus is g^(γ0 γ1 γ2 …) where g = G⁺ is the normal-play nim-value and
//! γn = G⁻(G + 2n), the misère nim-value of G plus n heaps of size 2. The γ's are eventually
//! periodic with period 2, and follow from the options' genera: γ0 is the mex of the options'
//! γ0 (1 for G = 0) and γn = mex({γ(n−1), γ(n−1) ⊕ 1} ∪ {options' γn}) for n ≥ 1 (Conway's
//! recurrence; tests/misere.rs checks it against G⁻(G + 2n) computed by sums).
//!
//! **Phyla.** A game is *tame* when it and all its followers have tame genus (g = γ0, or both
//! in {0, 1}); *restive* when its options are tame and g ∈ {0, 1} with a genus that is not
//! tame; *restless* when its options are (generally) tame and γ0 ∈ {0, 1} with g ≥ 2. A game
//! is *generally tame* (reversibly tame) when its genus is tame, its options are generally
//! tame except for ones that revert — each such wild option has a generally tame option of
//! G's very g and γ0 — and the generally tame options' g's and γ0's have G's g and γ0 as their
//! mexes; *generally restive* likewise with restive genus. CGSuite prints the genus of a nim
//! heap (phylum "nim heap": every option a heap and a tame genus beyond 0^1 and 1^0… as
//! CGSuite decides it) as g alone, of a tame or restive game as g^γ0, and of any other as its
//! γ's up to where the period of 2 sets in (`2^1420`), with commas and parentheses when one is
//! 10 or more (`6^(1,9,10,8)`).

use super::{mex, MId, Misere};
use crate::kernel::KernelError;
use std::collections::HashMap;

/// CGSuite's classes of misère games, from the tamest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Phylum {
    /// Every option a nim heap and a tame genus (or a heap itself).
    NimHeap,
    /// Tame genus, and every option hereditarily tame.
    HereditarilyTame,
    /// Tame genus; wild options revert to tame games of G's genus.
    ReversiblyTame,
    /// Tame genus; its wild options revert to tameable games of G's genus (CGSuite's
    /// `TAMEABLE`, between reversibly tame and wild).
    Tameable,
    /// Tame genus, otherwise wild.
    WildOfTameGenus,
    /// Restive genus, every option hereditarily tame.
    HereditarilyRestive,
    /// Restive genus, options revert to restive or tame games of G's genus.
    ReversiblyRestive,
    /// Restive genus, otherwise wild.
    WildOfRestiveGenus,
    /// Restless genus, every option generally tame.
    Restless,
    /// Restless genus, otherwise wild.
    WildOfRestlessGenus,
    /// Anything else.
    Wild,
}

impl Phylum {
    /// Tame: a heap, hereditarily or reversibly tame.
    pub fn generally_tame(self) -> bool {
        matches!(
            self,
            Phylum::NimHeap | Phylum::HereditarilyTame | Phylum::ReversiblyTame
        )
    }
    /// Hereditarily tame (CGSuite's `IsTame`).
    pub fn tame(self) -> bool {
        matches!(self, Phylum::NimHeap | Phylum::HereditarilyTame)
    }
    /// Hereditarily or reversibly restive.
    pub fn generally_restive(self) -> bool {
        matches!(
            self,
            Phylum::HereditarilyRestive | Phylum::ReversiblyRestive
        )
    }
    /// Generally tame or tameable (CGSuite's `IsTameable`).
    pub fn tameable(self) -> bool {
        self.generally_tame() || self == Phylum::Tameable
    }
    fn restive_or_tame(self) -> bool {
        self.generally_tame() || self.generally_restive()
    }
}

/// A genus: g and the γ's as stored (for a heap none, for a tame or restive game one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Genus {
    /// The phylum it was computed for (it decides how the γ's go on).
    pub phylum: Phylum,
    /// G⁺.
    pub base: u32,
    /// γ0, γ1, … up to where the period sets in.
    pub sup: Vec<u32>,
}

impl Genus {
    /// γi for any i.
    pub fn digit(&self, i: usize) -> u32 {
        if i < self.sup.len() {
            return self.sup[i];
        }
        let alt = if i % 2 == 1 { 2 } else { 0 };
        if self.phylum.generally_tame() {
            if i == 0 && self.base < 2 {
                return 1 - self.base;
            }
            return self.base ^ alt;
        }
        if self.phylum.generally_restive() {
            let d = if self.sup[0] < 4 {
                self.sup[0]
            } else {
                self.base
            };
            return d ^ alt;
        }
        let n = self.sup.len();
        self.sup[n - 2 + ((n ^ i) & 1)]
    }

    /// The least i from which γi = γ(i−2) for all later i, at least 1.
    fn settles(&self) -> usize {
        if self.phylum.generally_tame() {
            if self.base < 2 && self.sup.first().is_none_or(|&s| s != self.base) {
                2
            } else {
                1
            }
        } else if self.phylum.generally_restive() {
            if self.sup[0] < 4 {
                1
            } else {
                2
            }
        } else {
            self.sup.len() - 1
        }
    }

    /// As CGSuite prints it: `2`, `0^0`, `2^1420`, `6^(1,9,10,8)`.
    pub fn print(&self) -> String {
        let mut out = self.base.to_string();
        if self.sup.is_empty() {
            return out;
        }
        out.push('^');
        let big = self.sup.iter().any(|&s| s >= 10);
        let parts: Vec<String> = self.sup.iter().map(|s| s.to_string()).collect();
        if big {
            out.push('(');
            out.push_str(&parts.join(","));
            out.push(')');
        } else {
            out.push_str(&parts.concat());
        }
        out
    }
}

/// Phyla and genera, memoised by id.
#[derive(Default)]
pub struct Props {
    phyla: HashMap<MId, Phylum>,
    genera: HashMap<MId, Genus>,
}

impl Props {
    /// The phylum of `g`.
    pub fn phylum(&mut self, m: &mut Misere, g: MId) -> Result<Phylum, KernelError> {
        if let Some(&p) = self.phyla.get(&g) {
            return Ok(p);
        }
        let p = self.classify(m, g)?;
        self.phyla.insert(g, p);
        Ok(p)
    }

    fn classify(&mut self, m: &mut Misere, g: MId) -> Result<Phylum, KernelError> {
        m.tick()?;
        if m.as_heap(g)?.is_some() {
            return Ok(Phylum::NimHeap);
        }
        let (gp, gm) = (m.gplus(g), m.gminus(g));
        let tame_genus = gp == gm || (gp | gm) < 2;
        let mine = if tame_genus {
            Phylum::WildOfTameGenus
        } else if gp < 2 {
            Phylum::WildOfRestiveGenus
        } else if gm < 2 {
            Phylum::WildOfRestlessGenus
        } else {
            Phylum::Wild
        };
        let opts = m.options(g).to_vec();
        let mut wildest = Phylum::NimHeap;
        for &o in &opts {
            let p = self.phylum(m, o)?;
            wildest = wildest.max(p);
        }
        // Options no wilder than nim heaps, hereditarily tame, or reversibly tame.
        if wildest == Phylum::NimHeap && mine == Phylum::WildOfTameGenus && (gp > 1 || gp != gm) {
            return Ok(Phylum::NimHeap);
        }
        if wildest <= Phylum::HereditarilyTame {
            match mine {
                Phylum::WildOfTameGenus => return Ok(Phylum::HereditarilyTame),
                Phylum::WildOfRestiveGenus => return Ok(Phylum::HereditarilyRestive),
                _ => {}
            }
        }
        if wildest <= Phylum::ReversiblyTame {
            match mine {
                Phylum::WildOfTameGenus => return Ok(Phylum::ReversiblyTame),
                Phylum::WildOfRestiveGenus => return Ok(Phylum::ReversiblyRestive),
                Phylum::WildOfRestlessGenus => return Ok(Phylum::Restless),
                _ => {}
            }
        }
        if !matches!(mine, Phylum::WildOfTameGenus | Phylum::WildOfRestiveGenus) {
            return Ok(if mine == Phylum::WildOfRestlessGenus {
                Phylum::WildOfRestlessGenus
            } else {
                Phylum::Wild
            });
        }
        // Some option is wilder: G is reversibly tame (restive) if every such option has a
        // reverting option of G's own G⁺ and G⁻, and the tame options' values mex to G's.
        let restive = mine == Phylum::WildOfRestiveGenus;
        // Still possible: reversibly tame (restive), and for a tame genus tameable.
        let (mut reversible, mut tameable) = (true, !restive);
        let (mut plus, mut minus) = (Vec::new(), Vec::new());
        let (mut t_plus, mut t_minus) = (Vec::new(), Vec::new());
        for &o in &opts {
            let p = self.phylum(m, o)?;
            if p.generally_tame() {
                plus.push(m.gplus(o));
                minus.push(m.gminus(o));
                continue;
            }
            let (mut found_m, mut found_p) = (false, false);
            let own = tameable && p == Phylum::Tameable;
            let (mut t_m, mut t_p) = (own, own);
            if own {
                t_plus.push(m.gplus(o));
                t_minus.push(m.gminus(o));
            }
            for oo in m.options(o).to_vec() {
                let q = self.phylum(m, oo)?;
                let (sp, sm) = (m.gplus(oo), m.gminus(oo));
                if !restive && q.generally_tame() {
                    found_m |= gm == sm;
                    found_p |= gp == sp;
                } else if restive && q.restive_or_tame() {
                    found_m |= gm == sm && (sp < 2 || (sp ^ gm) < 2);
                    found_p |= gp == sp && (sm < 2 || (sm ^ gm) < 2);
                } else if tameable && q == Phylum::Tameable {
                    t_m |= gm == sm;
                    t_p |= gp == sp;
                }
            }
            if !(found_m && found_p) {
                reversible = false;
                tameable &= t_m && t_p;
                if !tameable {
                    return Ok(mine);
                }
            }
        }
        if gp != mex(plus.iter().copied()) || gm != mex(minus.iter().copied()) {
            reversible = false;
        }
        if tameable && !reversible {
            let any_plus = !plus.is_empty() || !t_plus.is_empty();
            plus.extend(t_plus);
            minus.extend(t_minus);
            if (gp != mex(plus) || gm != mex(minus)) && (any_plus || gp > 0) {
                tameable = false;
            }
        }
        Ok(match (reversible, tameable, restive) {
            (true, _, false) => Phylum::ReversiblyTame,
            (true, _, true) => Phylum::ReversiblyRestive,
            (false, true, _) => Phylum::Tameable,
            _ => mine,
        })
    }

    /// The genus of `g`.
    pub fn genus(&mut self, m: &mut Misere, g: MId) -> Result<Genus, KernelError> {
        let p = self.phylum(m, g)?;
        if p == Phylum::NimHeap {
            return Ok(Genus {
                phylum: p,
                base: m.gplus(g),
                sup: Vec::new(),
            });
        }
        if p.restive_or_tame() {
            return Ok(Genus {
                phylum: p,
                base: m.gplus(g),
                sup: vec![m.gminus(g)],
            });
        }
        if let Some(x) = self.genera.get(&g) {
            return Ok(x.clone());
        }
        m.tick()?;
        let mut opts = Vec::new();
        for o in m.options(g).to_vec() {
            opts.push(self.genus(m, o)?);
        }
        // g has options: a game without any is the heap 0.
        let base = mex(opts.iter().map(|x| x.base));
        let len = 2 + opts.iter().map(|x| x.settles()).max().unwrap_or(1).max(1);
        let mut sup = vec![mex(opts.iter().map(|x| x.digit(0)))];
        for i in 1..=len {
            let prev = sup[i - 1];
            let d = mex([prev, prev ^ 1]
                .into_iter()
                .chain(opts.iter().map(|x| x.digit(i))));
            sup.push(d);
        }
        let mut last = len;
        while last > 1 && sup[last] == sup[last - 2] {
            last -= 1;
        }
        sup.truncate(last + 1);
        let x = Genus {
            phylum: p,
            base,
            sup,
        };
        self.genera.insert(g, x.clone());
        Ok(x)
    }
}

//! Products and sums of short games beyond the disjunctive sum `+` (CGSuite's methods, as
//! functions):
//!
//! | onag | CGSuite | definition |
//! |---|---|---|
//! | `conway_product(G, H)` | `G.ConwayProduct(H)` | `{GᴸH + GHᴸ − GᴸHᴸ, GᴿH + GHᴿ − GᴿHᴿ \| GᴸH + GHᴿ − GᴸHᴿ, GᴿH + GHᴸ − GᴿHᴸ}` (ONAG ch. 1) |
//! | `ordinal_sum(G, H)` | `G : H` | `{Gᴸ, G:Hᴸ \| Gᴿ, G:Hᴿ}` |
//! | `ordinal_product(G, H)` | `G.OrdinalProduct(H)` | each option `(G·Hᴸ) : Gˣ` and `(G·Hᴿ) : (−G)ˣ`, with Gˣ G's options for the mover (Left's options from Gᴸ, Right's from Gᴿ), the base G·Hᴸ taken as the form its options give |
//! | `conjunctive_sum(G, H)` | `ConjunctiveSum(G, H)` | `{GᴸΛHᴸ \| GᴿΛHᴿ}`: move in both |
//! | `selective_sum(G, H)` | `SelectiveSum(G, H)` | `{GᴸVH, GVHᴸ, GᴸVHᴸ \| …}`: move in one or both |
//! | `pow(G, n)` | `G.Pow(n)` | for G = {0\|H}: `{0 \| −pow_to(G, n−1) + H}` (↑ⁿ = `pow(^, n)`) |
//! | `pow_to(G, n)` | `G.PowTo(n)` | `G : subordinate(n, 1)` (`↑^[n]` = ↑ + ↑² + … + ↑ⁿ) |
//! | `subordinate(G, B)` | `G.Subordinate(B)` | the H with B : H = G, when there is one |
//!
//! With a loopy argument (`pow(^, on)`, `subordinate(over, 1)`) the same definitions act on
//! stoppers in `crate::loopy::ordinal`, reached through `functions::loopy`.
//!
//! Each works on the canonical forms of its arguments (so each depends only on their values),
//! remembers what it has computed, and checks the kernel's budget at every new pair of games.
//! The Conway product of two numbers is their product and of two nimbers their nim product:
//! those cases are computed directly, and `tests/cgsuite_functions.rs` checks them against
//! `conway_by_definition`.

use super::depth::{too_deep, MAX_DEPTH};
use super::reply::{Family, Reply};
use super::{args, Function};
use crate::kernel::{GameId, Kernel, KernelError};
use crate::number::Dyadic;
use crate::term::Arg;
use num_bigint::BigInt;
use num_traits::Zero;
use std::collections::HashMap;

table! {
    handled listed in FAMILY: Family = Family::new, call;
    CONWAY_PRODUCT: "conway_product", "conway_product(G, H)",
        "Conway's product of two games (numbers: their product; nimbers: the nim product)";
    ORDINAL_SUM: "ordinal_sum", "ordinal_sum(G, H)",
        "the ordinal sum G:H = {GL, G:HL | GR, G:HR} (CGSuite's G : H)";
    ORDINAL_PRODUCT: "ordinal_product", "ordinal_product(G, H)",
        "the ordinal product (CGSuite's G.OrdinalProduct(H)): its options are (G.H'):G' over H's options H' and the mover's options G' of G (of -G when H' is Right's); on nimbers, the product of ordinals (*5, *6: *30)";
    CONJUNCTIVE_SUM: "conjunctive_sum", "conjunctive_sum(G, H)",
        "the conjunctive sum: each move is made in both components";
    SELECTIVE_SUM: "selective_sum", "selective_sum(G, H)",
        "the selective sum: each move is made in one component or both";
    POW: "pow", "pow(G, n)",
        "G^n for G = {0|H}: {0 | -pow_to(G, n-1) + H} (pow(^, n) is ^<n>; n may be a loopy pseudonumber: pow(^, on) is ^<on>)";
    POW_TO: "pow_to", "pow_to(G, n)",
        "G^[n] = G : subordinate(n, 1) (pow_to(^, n) is ^[n] = ^ + ^<2> + ... + ^<n>; n may be a loopy pseudonumber: pow_to(^, on) is ^[on])";
    SUBORDINATE: "subordinate", "subordinate(G, B)",
        "the game H with B : H = G (CGSuite's G.Subordinate(B)), an error when there is none; loopy games too (subordinate(over, 1) is off)";
}

/// The value of `name(args)`.
pub fn call(k: &mut Kernel, name: &str, a: &[Arg]) -> Result<Reply, KernelError> {
    let Some(f) = super::lookup(name) else {
        return Err(super::unknown(name));
    };
    args::arity(f, a, 2)?;
    let g = args::game(f, a, 0, k)?;
    let g = match name {
        "pow" | "pow_to" => {
            let n = args::number(f, a, 1, k)?;
            if name == "pow" {
                pow(k, g, &n)?
            } else {
                pow_to(k, g, &n)?
            }
        }
        _ => {
            let h = args::game(f, a, 1, k)?;
            match name {
                "conway_product" => conway_product(k, g, h)?,
                "ordinal_sum" => ordinal_sum(k, g, h)?,
                "ordinal_product" => ordinal_product(k, g, h)?,
                "conjunctive_sum" => conjunctive_sum(k, g, h)?,
                "selective_sum" => selective_sum(k, g, h)?,
                _ => subordinate(k, g, h)?,
            }
        }
    };
    Ok(Reply::Game(g))
}

fn sub(k: &mut Kernel, a: GameId, b: GameId) -> Result<GameId, KernelError> {
    let nb = k.neg(b);
    k.add(a, nb)
}

/// Which binary operation [`Binary`] computes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Op {
    Ordinal,
    Conjunctive,
    Selective,
    Conway,
}

/// A memoised binary operation on canonical forms.
struct Binary {
    op: Op,
    /// Whether products of two numbers or two nimbers are taken directly.
    shortcuts: bool,
    memo: HashMap<(GameId, GameId), GameId>,
}

impl Binary {
    fn new(op: Op) -> Binary {
        Binary {
            op,
            shortcuts: true,
            memo: HashMap::new(),
        }
    }

    fn run(&mut self, k: &mut Kernel, g: GameId, h: GameId) -> Result<GameId, KernelError> {
        self.rec(k, g, h, 0)
    }

    fn rec(
        &mut self,
        k: &mut Kernel,
        g: GameId,
        h: GameId,
        depth: usize,
    ) -> Result<GameId, KernelError> {
        if let Some(&r) = self.memo.get(&(g, h)) {
            return Ok(r);
        }
        if depth > MAX_DEPTH {
            return Err(too_deep("a product or sum"));
        }
        k.check_budget()?;
        if self.op == Op::Conway && self.shortcuts {
            if let (Some(x), Some(y)) = (k.as_number(g), k.as_number(h)) {
                return Ok(k.number(&(x * y)));
            }
            if let (Some(x), Some(y)) = (k.as_nimber(g), k.as_nimber(h)) {
                return Ok(k.nus(&Dyadic::zero(), &BigInt::zero(), &x.nim_mul(&y)));
            }
        }
        let (gl, gr) = (k.left_options(g)?, k.right_options(g)?);
        let (hl, hr) = (k.left_options(h)?, k.right_options(h)?);
        let d = depth + 1;
        let (mut l, mut r) = (Vec::new(), Vec::new());
        match self.op {
            Op::Ordinal => {
                l.extend(&gl);
                r.extend(&gr);
                for &x in &hl {
                    l.push(self.rec(k, g, x, d)?);
                }
                for &x in &hr {
                    r.push(self.rec(k, g, x, d)?);
                }
            }
            Op::Conjunctive => {
                for &x in &gl {
                    for &y in &hl {
                        l.push(self.rec(k, x, y, d)?);
                    }
                }
                for &x in &gr {
                    for &y in &hr {
                        r.push(self.rec(k, x, y, d)?);
                    }
                }
            }
            Op::Selective => {
                for (gs, hs, out) in [(&gl, &hl, &mut l), (&gr, &hr, &mut r)] {
                    for &x in gs {
                        out.push(self.rec(k, x, h, d)?);
                        for &y in hs {
                            out.push(self.rec(k, x, y, d)?);
                        }
                    }
                    for &y in hs {
                        out.push(self.rec(k, g, y, d)?);
                    }
                }
            }
            Op::Conway => {
                // (x, y) pairs of options: same sides give Left options, opposite sides Right.
                let pairs = [
                    (&gl, &hl, true),
                    (&gr, &hr, true),
                    (&gl, &hr, false),
                    (&gr, &hl, false),
                ];
                for (xs, ys, left) in pairs {
                    for &x in xs {
                        for &y in ys {
                            let xh = self.rec(k, x, h, d)?;
                            let gy = self.rec(k, g, y, d)?;
                            let xy = self.rec(k, x, y, d)?;
                            let s = k.add(xh, gy)?;
                            let t = sub(k, s, xy)?;
                            if left {
                                l.push(t);
                            } else {
                                r.push(t);
                            }
                        }
                    }
                }
            }
        }
        let out = k.from_options(&l, &r)?;
        self.memo.insert((g, h), out);
        Ok(out)
    }
}

/// Conway's product G·H: two numbers multiply as numbers, two nimbers as nimbers; anything
/// else by the definition.
pub fn conway_product(k: &mut Kernel, g: GameId, h: GameId) -> Result<GameId, KernelError> {
    Binary::new(Op::Conway).run(k, g, h)
}

/// Conway's product by its definition alone, with no shortcut for numbers or nimbers (the
/// tests check that the shortcuts agree with it).
#[cfg(test)]
pub fn conway_by_definition(k: &mut Kernel, g: GameId, h: GameId) -> Result<GameId, KernelError> {
    let mut b = Binary::new(Op::Conway);
    b.shortcuts = false;
    b.run(k, g, h)
}

/// The ordinal sum G:H.
pub fn ordinal_sum(k: &mut Kernel, g: GameId, h: GameId) -> Result<GameId, KernelError> {
    Binary::new(Op::Ordinal).run(k, g, h)
}

/// The ordinal product of G and H (CGSuite's `OrdinalProduct`): the game whose options for
/// the mover are `(G·H') : G'` for each Left option H' of H with each of the mover's options
/// G' of G, and for each Right option H' of H with each of the mover's options of −G. The
/// base `G·H'` of each ordinal sum is taken as a form (its options are listed by this same
/// definition, not its canonical form's), as CGSuite builds it; an ordinal sum's value depends
/// on its base's form but only on the value of what is put on top (Conway's colon principle),
/// so G' is taken canonical.
pub fn ordinal_product(k: &mut Kernel, g: GameId, h: GameId) -> Result<GameId, KernelError> {
    let mut p = OrdinalProduct::default();
    let (l, r) = p.options(k, g, h, 0)?;
    k.from_options(&l, &r)
}

/// The memos of one ordinal product.
#[derive(Default)]
struct OrdinalProduct {
    /// (G, H) → the values of the options of the form G·H, Left's and Right's.
    forms: HashMap<(GameId, GameId), (Vec<GameId>, Vec<GameId>)>,
    /// (G, H, Y) → the value of (G·H) : Y, the base being the form G·H.
    sums: HashMap<(GameId, GameId, GameId), GameId>,
}

impl OrdinalProduct {
    /// The values of the options of the form G·H.
    fn options(
        &mut self,
        k: &mut Kernel,
        g: GameId,
        h: GameId,
        depth: usize,
    ) -> Result<(Vec<GameId>, Vec<GameId>), KernelError> {
        if let Some(o) = self.forms.get(&(g, h)) {
            return Ok(o.clone());
        }
        if depth > MAX_DEPTH {
            return Err(too_deep("an ordinal product"));
        }
        k.check_budget()?;
        let (gl, gr) = (k.left_options(g)?, k.right_options(g)?);
        let (hl, hr) = (k.left_options(h)?, k.right_options(h)?);
        let neg = |k: &mut Kernel, xs: &[GameId]| -> Vec<GameId> {
            xs.iter().map(|&x| k.neg(x)).collect()
        };
        // The mover's options of −G: −Gᴿ for Left, −Gᴸ for Right.
        let (ngl, ngr) = (neg(k, &gr), neg(k, &gl));
        let (mut l, mut r) = (Vec::new(), Vec::new());
        for (hs, tops_l, tops_r) in [(&hl, &gl, &gr), (&hr, &ngl, &ngr)] {
            for &y in hs.iter() {
                for &t in tops_l.iter() {
                    l.push(self.colon(k, g, y, t, depth + 1)?);
                }
                for &t in tops_r.iter() {
                    r.push(self.colon(k, g, y, t, depth + 1)?);
                }
            }
        }
        self.forms.insert((g, h), (l.clone(), r.clone()));
        Ok((l, r))
    }

    /// The value of (G·H) : Y = {(G·H)ᴸ, (G·H):Yᴸ | (G·H)ᴿ, (G·H):Yᴿ}.
    fn colon(
        &mut self,
        k: &mut Kernel,
        g: GameId,
        h: GameId,
        y: GameId,
        depth: usize,
    ) -> Result<GameId, KernelError> {
        if let Some(&v) = self.sums.get(&(g, h, y)) {
            return Ok(v);
        }
        if depth > MAX_DEPTH {
            return Err(too_deep("an ordinal product"));
        }
        let (mut l, mut r) = self.options(k, g, h, depth + 1)?;
        for x in k.left_options(y)? {
            l.push(self.colon(k, g, h, x, depth + 1)?);
        }
        for x in k.right_options(y)? {
            r.push(self.colon(k, g, h, x, depth + 1)?);
        }
        let v = k.from_options(&l, &r)?;
        self.sums.insert((g, h, y), v);
        Ok(v)
    }
}

/// The conjunctive sum of G and H.
pub fn conjunctive_sum(k: &mut Kernel, g: GameId, h: GameId) -> Result<GameId, KernelError> {
    Binary::new(Op::Conjunctive).run(k, g, h)
}

/// The selective sum of G and H.
pub fn selective_sum(k: &mut Kernel, g: GameId, h: GameId) -> Result<GameId, KernelError> {
    Binary::new(Op::Selective).run(k, g, h)
}

/// `G.PowTo(x)`: 0 for x = 0, else G : subordinate(x, 1).
pub fn pow_to(k: &mut Kernel, g: GameId, x: &Dyadic) -> Result<GameId, KernelError> {
    if x.is_zero() {
        return Ok(k.zero());
    }
    let xg = k.number(x);
    let one = k.number(&Dyadic::from(1));
    let s = subordinate(k, xg, one).map_err(|_| {
        args::error(
            "pow_to",
            format!("the exponent {x} cannot be subordinated to 1 (CGSuite: invalid exponent)"),
        )
    })?;
    ordinal_sum(k, g, s)
}

/// `G.Pow(x)` for G = {0|H}: {0 | −pow_to(G, x − 1) + H}.
pub fn pow(k: &mut Kernel, g: GameId, x: &Dyadic) -> Result<GameId, KernelError> {
    let (l, r) = (k.left_options(g)?, k.right_options(g)?);
    match (l.as_slice(), r.as_slice()) {
        ([z], [h]) if *z == k.zero() => {
            let p = pow_to(k, g, &(x.clone() - Dyadic::from(1)))?;
            let np = k.neg(p);
            let right = k.add(np, *h)?;
            let zero = k.zero();
            k.from_options(&[zero], &[right])
        }
        _ => Err(args::error(
            "pow",
            "the base must be of the form {0|H} (one Left option, 0, and one Right option), as ^ is",
        )),
    }
}

/// `G.Subordinate(B)`: the H with B : H = G, built option by option: G's options that are
/// B's are dropped and the others subordinated, provided each of B's Left options is
/// reached or reversed through (and likewise on the Right); else there is no such H.
pub fn subordinate(k: &mut Kernel, g: GameId, b: GameId) -> Result<GameId, KernelError> {
    let (bl, br) = (k.left_options(b)?, k.right_options(b)?);
    let mut memo = HashMap::new();
    sub_rec(k, g, &bl, &br, &mut memo, 0)
}

fn sub_rec(
    k: &mut Kernel,
    g: GameId,
    bl: &[GameId],
    br: &[GameId],
    memo: &mut HashMap<GameId, GameId>,
    depth: usize,
) -> Result<GameId, KernelError> {
    if let Some(&h) = memo.get(&g) {
        return Ok(h);
    }
    if depth > MAX_DEPTH {
        return Err(too_deep("a subordinate"));
    }
    k.check_budget()?;
    let (gl, gr) = (k.left_options(g)?, k.right_options(g)?);
    for (side, gs, left) in [(bl, &gl, true), (br, &gr, false)] {
        for &x in side {
            if !reached(k, g, x, gs, left)? {
                return Err(no_subordinate());
            }
        }
    }
    let mut l = Vec::new();
    for y in gl {
        if !bl.contains(&y) {
            l.push(sub_rec(k, y, bl, br, memo, depth + 1)?);
        }
    }
    let mut r = Vec::new();
    for y in gr {
        if !br.contains(&y) {
            r.push(sub_rec(k, y, bl, br, memo, depth + 1)?);
        }
    }
    let h = k.from_options(&l, &r)?;
    memo.insert(g, h);
    Ok(h)
}

/// Whether B's option `x` (Left's when `left`) is reached by one of G's options `gs` on its
/// side that is at least as good for its player, or reversed through: one of x's options for
/// the other player is at most G for Left (at least G for Right).
fn reached(
    k: &mut Kernel,
    g: GameId,
    x: GameId,
    gs: &[GameId],
    left: bool,
) -> Result<bool, KernelError> {
    // `a` at most `b` for the player whose option `x` is.
    let le = |k: &mut Kernel, a, b| if left { k.le(a, b) } else { k.le(b, a) };
    for &y in gs {
        if le(k, x, y)? {
            return Ok(true);
        }
    }
    let other = if left {
        Kernel::right_options
    } else {
        Kernel::left_options
    };
    for y in other(k, x)? {
        if le(k, y, g)? {
            return Ok(true);
        }
    }
    Ok(false)
}

fn no_subordinate() -> KernelError {
    args::error(
        "subordinate",
        "that game cannot be subordinated to the given base (no H has B : H equal to it)",
    )
}

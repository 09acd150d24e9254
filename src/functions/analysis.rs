//! The analysis of hot games as functions of the expression language (`crate::analysis` does the
//! work). Names and their CGSuite counterparts:
//!
//! | onag | CGSuite |
//! |---|---|
//! | `cool(G, t)` | `G.Cool(t)` |
//! | `heat(G, t)` | `G.Heat(t)` |
//! | `overheat(G, s, t)` | `G.Overheat(s, t)` |
//! | `freeze(G)` | `G.Freeze` |
//! | `norton(G, U)` | `G.NortonProduct(U)` (`G.U`) |
//! | `reduced(G)` | `G.ReducedCanonicalForm` |
//! | `atomic_weight(G)` | `G.AtomicWeight` |
//! | `temperature(G)` | `G.Temperature` |
//! | `mean(G)` | `G.Mean` |
//! | `left_stop(G)`, `right_stop(G)` | `G.LeftStop`, `G.RightStop` |

use super::{args, Function, Opening};
use crate::analysis::{atomic, cool, reduced, Thermographer};
use crate::kernel::{GameId, Kernel, KernelError};
use crate::term::{Arg, Term};

/// One-argument functions of a game as a table, a row a function (`Ty: name, usage, summary,
/// |kernel, game| value;`), each a unit struct whose `Function::value` reads the one game.
macro_rules! simple {
    ($($ty:ident: $name:literal, $usage:literal, $summary:literal, |$k:ident, $g:ident| $body:expr;)*) => {$(
        #[doc = $summary]
        pub struct $ty;
        impl Function for $ty {
            described!($name, $usage, $summary);
            fn value(&self, a: &[Arg], $k: &mut Kernel) -> Result<GameId, KernelError> {
                args::arity(self, a, 1)?;
                let $g = args::game(self, a, 0, $k)?;
                $body
            }
        }
    )*};
}

simple! {
    Temperature: "temperature", "temperature(G)",
        "G's temperature as a number (-1 for an integer, -1/2^k for m/2^k in lowest terms, as CGSuite and cgt)",
        |k, g| {
            let t = Thermographer::new().of(k, g)?.temperature.clone();
            Ok(k.number(&t))
        };
    Mean: "mean", "mean(G)", "G's mean value (the mast of its thermograph)", |k, g| {
        let m = Thermographer::new().of(k, g)?.mast.clone();
        Ok(k.number(&m))
    };
    LeftStop: "left_stop", "left_stop(G)", "G's left stop, a number", |k, g| {
        let s = k.left_stop(g);
        Ok(k.number(&s))
    };
    RightStop: "right_stop", "right_stop(G)", "G's right stop, a number", |k, g| {
        let s = k.right_stop(g);
        Ok(k.number(&s))
    };
    Freeze: "freeze", "freeze(G)", "G cooled by its own temperature",
        |k, g| cool::freeze(k, &mut Thermographer::new(), g);
    Reduced: "reduced", "reduced(G)",
        "the reduced canonical form of G (equal to G modulo infinitesimals)",
        |k, g| reduced::reduced(k, g);
    AtomicWeight: "atomic_weight", "atomic_weight(G)",
        "the atomic weight of an atomic infinitesimal G (an error otherwise)",
        |k, g| atomic::atomic_weight(k, g);
}

/// `cool(G, t)`: G cooled by the number t ≥ 0.
pub struct Cool;

impl Function for Cool {
    described!("cool", "cool(G, t)",
        "G cooled by the number t > -1 (Conway; Siegel; CGSuite below 0): {GL_t - t | GR_t + t} until the mast");
    fn value(&self, a: &[Arg], k: &mut Kernel) -> Result<GameId, KernelError> {
        args::arity(self, a, 2)?;
        let g = args::game(self, a, 0, k)?;
        let t = args::number(self, a, 1, k)?;
        cool::cool(k, &mut Thermographer::new(), g, &t)
    }
    /// One level: the number itself when G is a number, the mast value when t is above G's
    /// temperature, else `{cool(G^L, t) - t | cool(G^R, t) + t}` over G's options as written
    /// (see [`written_options`]).
    fn open(&self, a: &[Arg], k: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        args::arity(self, a, 2)?;
        let g = args::game(self, a, 0, k)?;
        let t = args::number(self, a, 1, k)?;
        if t < crate::number::Dyadic::zero() {
            return Err(args::error(
                self.name(),
                format!("the temperature must be at least 0, found {t}"),
            ));
        }
        let tt = match a.get(1) {
            Some(Arg::Game(t)) => t.clone(),
            _ => Term::number(t.clone()),
        };
        const CITE: &str = "Conway, ONAG ch. 9; Siegel, CGT II.5 (cooling)";
        if k.as_number(g).is_some() {
            return Ok(Some(Opening {
                says: format!(
                    "{} is a number, its own mast value: it cools to itself",
                    k.to_term(g)
                ),
                term: k.to_term(g),
                rule: "cool-mast",
                cite: CITE,
            }));
        }
        let thermo = Thermographer::new().of(k, g)?;
        if t > thermo.temperature {
            return Ok(Some(Opening {
                says: format!(
                    "t = {t} is above the temperature {} of the game, so cooling gives its mast value {}",
                    thermo.temperature, thermo.mast
                ),
                term: Term::number(thermo.mast.clone()),
                rule: "cool-mast",
                cite: CITE,
            }));
        }
        let (gl, gr) = written_options(a, k)?;
        let call = |o: Term| Term::Call {
            name: "cool".into(),
            args: vec![Arg::Game(o), Arg::Game(tt.clone())],
        };
        let l = gl
            .into_iter()
            .map(|o| Term::sum(call(o), Term::neg(tt.clone())))
            .collect();
        let r = gr
            .into_iter()
            .map(|o| Term::sum(call(o), tt.clone()))
            .collect();
        Ok(Some(Opening {
            term: Term::game(l, r),
            rule: "cool-definition",
            says: format!(
                "t = {t} is at most the temperature {}, so G_t = {{G^L_t - t | G^R_t + t}}",
                thermo.temperature
            ),
            cite: CITE,
        }))
    }
    /// Re-derived by `analysis_check::cool`, which calls nothing in `crate::analysis`.
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        Some(super::analysis_check::cool(a, term))
    }
}

/// The options of the first argument as written: those of `{…|…}`, `±{…}` (`{a|-a}`), Tiny
/// (`x + Tiny(G) = {x || x | x - G}`) and Miny; for a closed form or anything else, those of its
/// canonical form. The composer canonicalises a call's game arguments before it opens the call,
/// so what is written is the canonical form.
fn written_options(a: &[Arg], k: &mut Kernel) -> Result<(Vec<Term>, Vec<Term>), KernelError> {
    let sum = |x: &crate::number::Dyadic, g: Term| Term::sum(Term::number(x.clone()), g);
    match a.first() {
        Some(Arg::Game(Term::Game { left, right })) => Ok((left.clone(), right.clone())),
        Some(Arg::Game(Term::PlusMinus(xs))) => Ok((
            xs.clone(),
            xs.iter().map(|x| Term::neg(x.clone())).collect(),
        )),
        Some(Arg::Game(Term::Tiny { number, sub })) => {
            let x = Term::number(number.clone());
            let inner = Term::game(
                vec![x.clone()],
                vec![sum(number, Term::neg((**sub).clone()))],
            );
            Ok((vec![x], vec![inner]))
        }
        Some(Arg::Game(Term::Miny { number, sub })) => {
            let x = Term::number(number.clone());
            let inner = Term::game(vec![sum(number, (**sub).clone())], vec![x.clone()]);
            Ok((vec![inner], vec![x]))
        }
        Some(Arg::Game(t)) => {
            let g = k.eval(t)?;
            let l = k.left_options(g)?;
            let r = k.right_options(g)?;
            Ok((
                l.into_iter()
                    .map(|o| crate::analysis::tree(k, o))
                    .collect::<Result<_, _>>()?,
                r.into_iter()
                    .map(|o| crate::analysis::tree(k, o))
                    .collect::<Result<_, _>>()?,
            ))
        }
        _ => Err(args::error("cool", "the first argument must be a game")),
    }
}

/// `heat(G, t)`: Berlekamp's integral, t any game.
pub struct Heat;

impl Function for Heat {
    described!(
        "heat",
        "heat(G, t)",
        "G heated by t: G if G is a number, else {heat(GL, t) + t | heat(GR, t) - t}"
    );
    fn value(&self, a: &[Arg], k: &mut Kernel) -> Result<GameId, KernelError> {
        args::arity(self, a, 2)?;
        let g = args::game(self, a, 0, k)?;
        let t = args::game(self, a, 1, k)?;
        cool::heat(k, g, t)
    }
    /// One level: G itself when G is a number, else `{heat(G^L, t) + t | heat(G^R, t) - t}`
    /// over G's options as written (see [`written_options`]).
    fn open(&self, a: &[Arg], k: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        args::arity(self, a, 2)?;
        let g = args::game(self, a, 0, k)?;
        args::game(self, a, 1, k)?;
        let Some(Arg::Game(tt)) = a.get(1) else {
            return Err(args::error(
                self.name(),
                "the second argument must be a game",
            ));
        };
        const CITE: &str = "Berlekamp, The economist's view of combinatorial games (1996); Siegel, CGT II.5 (heating)";
        if k.as_number(g).is_some() {
            return Ok(Some(Opening {
                says: "a number heats to itself".into(),
                term: k.to_term(g),
                rule: "heat-number",
                cite: CITE,
            }));
        }
        let (gl, gr) = written_options(a, k)?;
        let call = |o: Term| Term::Call {
            name: "heat".into(),
            args: vec![Arg::Game(o), Arg::Game(tt.clone())],
        };
        let l = gl
            .into_iter()
            .map(|o| Term::sum(call(o), tt.clone()))
            .collect();
        let r = gr
            .into_iter()
            .map(|o| Term::sum(call(o), Term::neg(tt.clone())))
            .collect();
        Ok(Some(Opening {
            term: Term::game(l, r),
            rule: "heat-definition",
            says: "G is not a number, so heat(G, t) = {heat(G^L, t) + t | heat(G^R, t) - t}".into(),
            cite: CITE,
        }))
    }
    /// Re-derived by `analysis_check::heat`, which calls nothing in `crate::analysis`.
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        Some(super::analysis_check::heat(a, term))
    }
}

/// `overheat(G, s, t)`.
pub struct Overheat;

impl Function for Overheat {
    described!("overheat", "overheat(G, s, t)",
        "G overheated from s to t: n copies of s for an integer n, else {overheat(GL, s, t) + t | overheat(GR, s, t) - t}");
    fn value(&self, a: &[Arg], k: &mut Kernel) -> Result<GameId, KernelError> {
        args::arity(self, a, 3)?;
        let g = args::game(self, a, 0, k)?;
        let s = args::game(self, a, 1, k)?;
        let t = args::game(self, a, 2, k)?;
        cool::overheat(k, g, s, t)
    }
}

/// `norton(G, U)`.
pub struct Norton;

impl Function for Norton {
    described!(
        "norton",
        "norton(G, U)",
        "the Norton product G.U for a positive game U"
    );
    fn value(&self, a: &[Arg], k: &mut Kernel) -> Result<GameId, KernelError> {
        args::arity(self, a, 2)?;
        let g = args::game(self, a, 0, k)?;
        let u = args::game(self, a, 1, k)?;
        cool::norton(k, g, u)
    }
}

//! The misère-play functions (CGSuite's methods on misère games, in snake_case):
//! `misere_canonical_form(G)`, `misere_outcome_class(G)`, `misere_nim_value(G)`, `genus(G)`,
//! `mate(G)`, the predicates `is_tame`, `is_generally_tame`, `is_restive`,
//! `is_generally_restive`, `is_restless`, `is_introverted`, `is_nim_heap`,
//! `is_even`, `is_odd`, `is_tameable`, `is_half_tame`, `is_prime`, `is_extraverted`,
//! `nim_value` of a misère form, `parts(G)`, `partitions(G)`, `misere_minus(A, B)`,
//! `link(A, B)`, `is_linked_to(A, B)`, `distinguisher(A, B)`,
//! `misere_birthday(G)`, `misere_options(G)`, `misere_day_n(n)`, and the heap rulesets
//! `kayles(n)` and `dawsons_kayles(n)`. `*[…]` (CGSuite's notation) is read as `misere("…")`.
//!
//! **Arguments are forms, not values.** Misère play depends on the form: `{*2|*2}` is 0 in
//! normal play but `*[2#]` in misère play. So an argument is read as written
//! ([`to_misere`]): braces whose two sides agree (as misère forms) are an impartial game with
//! those options, `*n` the nim heap, `+` the misère sum, `*[…]` CGSuite's notation, and a heap
//! ruleset call (`kayles(n)`, `dawsons_kayles(n)`, `octal("0.77", n)`, `subtraction("1,2", n)`,
//! `nim(a, …)`) the position, not its normal-play value. Only `misere_outcome_class` accepts a
//! partizan game ([`crate::misere::partizan`]).
//!
//! The results are not short games (a misère form, a genus, a boolean, an outcome letter), so
//! they are [`Answer`]s, which the number world's evaluator holds as `Value::Misere`, printed
//! as CGSuite prints them; `misere_nim_value`, `misere_birthday`, `kayles(n)` and
//! `dawsons_kayles(n)` are also short games (an integer; in normal play a heap's nimber).

use super::{args, rulesets as rs, Function};
use crate::kernel::{GameId, Kernel, KernelError};
use crate::misere::heaps::Heaps;
use crate::misere::link::Links;
use crate::misere::notation;
use crate::misere::partizan;
use crate::misere::props::Props;
use crate::misere::{MId, Misere, MisereOutcome};
use crate::rulesets::octal::OctalCode;
use crate::term::{Arg, Term};
use num_traits::{ToPrimitive, Zero};
use std::collections::HashMap;

/// A misère function: its name, usage and summary; its value is worked out in [`call`].
pub struct MisereFn {
    name: &'static str,
    usage: &'static str,
    summary: &'static str,
}

impl Function for MisereFn {
    described_by_fields!();
    /// The kernel's view: the value when it is a short game (an integer, or a heap ruleset's
    /// normal-play nimber), else an error saying what kind of value it is.
    fn value(&self, a: &[Arg], k: &mut Kernel) -> Result<GameId, KernelError> {
        match heap_code(self.name) {
            Some(code) => {
                args::arity(self, a, 1)?;
                let args2 = [Arg::Text(code.into()), a[0].clone()];
                rs::OCTAL.value(&args2, k)
            }
            None => match call(k, self.name, a)? {
                Answer::Game(g) => Ok(g),
                other => Err(args::error(
                    self.name,
                    format!(
                        "its value {} is a {} of misère play, not a short game; `onag::evaluate` prints it",
                        other.text(k),
                        other.kind()
                    ),
                )),
            },
        }
    }
    /// `kayles(n)` and `dawsons_kayles(n)` open to their octal heaps, `octal("0.77", n)` and
    /// `octal("0.07", n)`, in one step (as CGSuite's names open to onag's, `grundys_game`), so
    /// a normal-play derivation goes on by the octal opening, its moves in words. The other
    /// misère functions are no positions.
    fn open(&self, a: &[Arg], _kernel: &mut Kernel) -> Result<Option<super::Opening>, KernelError> {
        let Some(code) = heap_code(self.name) else {
            return Ok(None);
        };
        args::arity(self, a, 1)?;
        let n = match &a[0] {
            Arg::Game(t) => crate::syntax::print(t, &Default::default()),
            Arg::Text(t) => format!("{t:?}"),
        };
        Ok(rs::opening(
            rs::call("octal", vec![Arg::Text(code.into()), a[0].clone()]),
            self.name,
            format!(
                "{}({n}) is the octal game {code} on a heap of {n}",
                self.name
            ),
            "Winning Ways (Kayles, Dawson's Kayles: octal games)",
        ))
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        let code = heap_code(self.name)?;
        Some(match (term, a) {
            (Term::Call { name, args }, [n])
                if name == "octal" && args.as_slice() == [Arg::Text(code.into()), n.clone()] =>
            {
                Ok(())
            }
            _ => Err(format!(
                "{}(n) opens to octal(\"{code}\", n) with the same n",
                self.name
            )),
        })
    }
    /// `kayles(n)` and `dawsons_kayles(n)` as rows of pins (Winning Ways' Kayles: a bowler
    /// knocks down one pin or two adjacent ones; Dawson's Kayles, two adjacent ones): "take
    /// pin 2 (or pin 4), leaving rows of 1 and 3". Each position once, as the opening lists
    /// it; the pins are counted from the left, and the mirror move that leaves the same rows
    /// is named beside. The option is the octal heaps the opening writes; the position it
    /// leaves is named as rows of the same game (`kayles(1) + kayles(3)`).
    fn moves(&self, a: &[Arg]) -> Option<Vec<super::Move>> {
        let code = heap_code(self.name)?;
        let [n] = a else { return None };
        let n: usize = match n {
            Arg::Game(t) => t.as_number()?.to_integer()?.try_into().ok()?,
            Arg::Text(_) => return None,
        };
        if n > 200 {
            return None;
        }
        let octal = OctalCode::parse(code).ok()?;
        let row = |m: usize| rs::call(self.name, vec![Arg::Game(Term::integer(m as i64))]);
        let heap = |m: usize| {
            rs::call(
                "octal",
                vec![Arg::Text(code.into()), Arg::Game(Term::integer(m as i64))],
            )
        };
        let sum = |hs: &[usize], one: &dyn Fn(usize) -> Term| -> Term {
            let mut it = hs.iter();
            match it.next() {
                None => Term::zero(),
                Some(&h) => it.fold(one(h), |acc, &x| Term::sum(acc, one(x))),
            }
        };
        let mut out = Vec::new();
        for hs in octal.moves(n) {
            let left: usize = hs.iter().sum();
            let k = n.checked_sub(left)?;
            // The first pin taken: after the smaller row on its left (none for one row).
            let first = match hs.as_slice() {
                [a, _] => a + 1,
                _ => 1,
            };
            let pins = match k {
                1 => format!("pin {first}"),
                2 => format!("pins {first} and {}", first + 1),
                _ => return None,
            };
            // The mirror image leaves the same rows: named when it is another move.
            let mirror = n + 1 - (first + k - 1);
            let also = if mirror != first {
                match k {
                    1 => format!(" (or pin {mirror})"),
                    _ => format!(" (or pins {mirror} and {})", mirror + 1),
                }
            } else {
                String::new()
            };
            let rows = match hs.as_slice() {
                [] => "no pins".to_string(),
                [m] => format!("a row of {m}"),
                [a, b] => format!("rows of {a} and {b}"),
                _ => return None,
            };
            out.push(super::Move {
                player: "either",
                words: format!("take {pins}{also} of the row of {n}, leaving {rows}"),
                board: None,
                cells: Vec::new(),
                option: sum(&hs, &heap),
                leaves: Some(sum(&hs, &row)),
            });
        }
        Some(out)
    }
    fn congruent(&self) -> bool {
        // Misère play reads the form of its argument, not its normal-play value.
        false
    }
}

/// The octal code of a heap ruleset named by a misère function (`kayles`: 0.77).
fn heap_code(name: &str) -> Option<&'static str> {
    match name {
        "kayles" => Some("0.77"),
        "dawsons_kayles" => Some("0.07"),
        _ => None,
    }
}

table! {
    listed in FAMILY: MisereFn = fields;
    MISERE: "misere", "*[…] or misere(\"…\")",
        "a misère canonical form in CGSuite's notation: *[2], *[[2],0], *[2#0]";
    CANONICAL: "misere_canonical_form", "misere_canonical_form(G)",
        "the misère canonical form of an impartial game (Conway's simplest form, ONAG ch. 12)";
    OUTCOME: "misere_outcome_class", "misere_outcome_class(G)",
        "who wins G in misère play (the last mover loses): P or N, or L or R for a partizan G";
    NIM_VALUE: "misere_nim_value", "misere_nim_value(G)",
        "the misère nim-value G⁻ of an impartial game: 1 for 0, else the mex of its options'";
    GENUS: "genus", "genus(G)",
        "the genus g^γ0γ1… of an impartial game, as CGSuite prints it (0^0, 2^1420)";
    MATE: "mate", "mate(G)",
        "the mate of an impartial game: * for 0, else the game of its options' mates";
    BIRTHDAY: "misere_birthday", "misere_birthday(G)", "the birthday of G's misère canonical form";
    OPTIONS: "misere_options", "misere_options(G)",
        "the options of G's misère canonical form, as a list";
    KAYLES: "kayles", "kayles(n)",
        "a row of n Kayles pins (octal 0.77); in misère functions the position itself";
    DAWSONS: "dawsons_kayles", "dawsons_kayles(n)",
        "a heap of n in Dawson's Kayles (octal 0.07); in misère functions the position itself";
    IS_TAME: "is_tame", "is_tame(G)", "whether G is (hereditarily) tame in misère play";
    IS_GENERALLY_TAME: "is_generally_tame", "is_generally_tame(G)",
        "whether G is tame or reversibly tame in misère play";
    IS_RESTIVE: "is_restive", "is_restive(G)", "whether G is (hereditarily) restive in misère play";
    IS_GENERALLY_RESTIVE: "is_generally_restive", "is_generally_restive(G)",
        "whether G is restive or reversibly restive in misère play";
    IS_RESTLESS: "is_restless", "is_restless(G)", "whether G is restless in misère play";
    IS_INTROVERTED: "is_introverted", "is_introverted(G)",
        "whether G is 0 or * in misère play (the introverted games)";
    IS_NIM_HEAP: "is_nim_heap", "is_nim_heap(G)", "whether G's misère canonical form is a nim heap";
    IS_EXTRAVERTED: "is_extraverted", "is_extraverted(G)",
        "whether G is a part of {G} in misère play (Conway's extraverted, or divine, games)";
    IS_HALF_TAME: "is_half_tame", "is_half_tame(G)",
        "whether G is not tame but G + G is tame of genus 0^0 in misère play";
    IS_TAMEABLE: "is_tameable", "is_tameable(G)",
        "whether G is generally tame or tameable in misère play (CGSuite's IsTameable)";
    IS_PRIME: "is_prime", "is_prime(G)",
        "whether G's only even parts are 0 and G itself (G neither 0 nor *) in misère play";
    PARTS: "parts", "parts(G)",
        "the even parts H of G other than 0 and G (G = H + K), as a list, in misère play";
    PARTITIONS: "partitions", "partitions(G)",
        "every way to write G as a misère sum of even primes (and * when G is odd), as lists";
    MINUS: "misere_minus", "misere_minus(A, B)",
        "the misère game X with X + B = A (unique by cancellation), an error when B is not a part";
    LINK: "link", "link(A, B)",
        "a game T with A + T and B + T both misère P-positions (ONAG ch. 12), an error when A and B are not linked";
    IS_LINKED_TO: "is_linked_to", "is_linked_to(A, B)",
        "whether some T makes A + T and B + T both misère P-positions (for simplest forms: neither is an option of the other)";
    DISTINGUISHER: "distinguisher", "distinguisher(A, B)",
        "a game T with A + T a misère P-position and B + T an N-position, an error when A = B";
    DAY_N: "misere_day_n", "misere_day_n(n) or misere_day_n(n, max_games) or misere_day_n(n, max_games, max_options)",
        "the misère canonical forms born by day n, as a list (CGSuite's MisereCanonicalGame.DayN); an error past max_games (default 1000000)";
    IS_EVEN: "is_even", "is_even(G)",
        "G = 0 or every option odd (canonical form); for a misère form *[…]: born earlier than G + *";
    IS_ODD: "is_odd", "is_odd(G)",
        "G != 0 and every option even (canonical form); for a misère form *[…]: G + * is born earlier";
}

/// Whether `name` is a misère function evaluated here.
pub fn handles(name: &str) -> bool {
    FAMILY.iter().any(|f| f.name() == name) && heap_code(name).is_none()
}

/// One evaluation's misère arena, its properties and the heap games met so far.
pub struct Ctx {
    /// The canonical forms.
    pub m: Misere,
    /// Genera and phyla.
    pub props: Props,
    heaps: HashMap<String, Heaps>,
    /// Ruleset positions met so far (`cram("..|..")`), by their call: a board's positions
    /// recur through many move orders.
    positions: HashMap<Term, MId>,
}

impl Ctx {
    /// A context under the kernel's budget (deadline, cancel flag, memory).
    pub fn new(k: &Kernel) -> Self {
        Ctx {
            m: Misere::new(k.budget().clone()),
            props: Props::default(),
            heaps: HashMap::new(),
            positions: HashMap::new(),
        }
    }
}

/// What a misère function gives: a short game (an integer, a heap's normal-play nimber), or a
/// value of misère play printed as CGSuite prints it (a form, a genus, a boolean, an outcome).
/// The number world's evaluator (`world`) holds the latter as its `Value::Misere`; this module
/// does not know that type, so the two files do not import each other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A short game.
    Game(GameId),
    /// A list (of forms, or of lists of forms), printed as CGSuite prints it, `[*[2],*[3]]`;
    /// a list the number world can take apart (`size(options(*[2#]))`).
    List(Vec<Answer>),
    /// A value of misère play.
    Misere {
        /// What kind of value it is (`"misère form"`, `"genus"`, `"boolean"`, …).
        kind: &'static str,
        /// It as CGSuite prints it.
        text: String,
    },
}

impl Answer {
    /// What kind of value it is, for messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Answer::Game(_) => "short game",
            Answer::List(_) => "list",
            Answer::Misere { kind, .. } => kind,
        }
    }

    /// It as CGSuite prints it.
    pub fn text(&self, k: &mut Kernel) -> String {
        match self {
            Answer::Game(g) => crate::analysis::shown(k, *g),
            Answer::List(xs) => {
                let items: Vec<String> = xs.iter().map(|x| x.text(k)).collect();
                format!("[{}]", items.join(","))
            }
            Answer::Misere { text, .. } => text.clone(),
        }
    }
}

fn boolean(b: bool) -> Answer {
    Answer::Misere {
        kind: "boolean",
        text: if b { "true" } else { "false" }.into(),
    }
}

/// The value of a misère function call.
pub fn call(k: &mut Kernel, name: &str, a: &[Arg]) -> Result<Answer, KernelError> {
    let mut c = Ctx::new(k);
    let lookup = super::lookup(name);
    let usage = lookup.map(|f| f.usage()).unwrap_or(name);
    let one = |a: &[Arg]| -> Result<(), KernelError> {
        if a.len() == 1 {
            Ok(())
        } else {
            Err(args::error(
                name,
                format!("expected 1 argument ({usage}), found {}", a.len()),
            ))
        }
    };
    if name == "misere_outcome_class" {
        one(a)?;
        let t = game_arg(name, a, 0)?;
        // Impartial forms by their canonical form; anything else by search.
        if let Ok(g) = to_misere(k, &mut c, name, t) {
            let o = match c.m.outcome(g) {
                MisereOutcome::N => "N",
                MisereOutcome::P => "P",
            };
            return Ok(Answer::Misere {
                kind: "outcome class",
                text: o.into(),
            });
        }
        let w = partizan::Search::default().term(k, t, &open_position)?;
        return Ok(Answer::Misere {
            kind: "outcome class",
            text: partizan::letter(w).to_string(),
        });
    }
    if matches!(name, "link" | "is_linked_to" | "distinguisher") {
        let (x, y) = two_forms(k, &mut c, name, usage, a)?;
        let mut links = Links::default();
        let found = match name {
            "is_linked_to" => return Ok(boolean(links.is_linked(&c.m, x, y))),
            "link" => links.link(&mut c.m, x, y)?,
            _ => links.distinguisher_pn(&mut c.m, x, y)?,
        };
        return match found {
            Some(t) => form(&mut c.m, t),
            None => {
                let (px, py) = (notation::print(&mut c.m, x)?, notation::print(&mut c.m, y)?);
                let why = if name == "link" {
                    "Those misère games are not linked"
                } else {
                    "those misère games are equal, so nothing distinguishes them"
                };
                Err(args::error(name, format!("{why}: {px}, {py}")))
            }
        };
    }
    if name == "misere_day_n" {
        return day_n(k, &mut c.m, usage, a);
    }
    if name == "misere_minus" {
        let (x, y) = two_forms(k, &mut c, name, usage, a)?;
        return match c.m.subtract(x, y)? {
            Some(d) => form(&mut c.m, d),
            None => {
                let (px, py) = (notation::print(&mut c.m, x)?, notation::print(&mut c.m, y)?);
                Err(args::error(
                    name,
                    format!("Those misère games are not subtractable: {px}, {py}"),
                ))
            }
        };
    }
    let g = if name == "misere" {
        one(a)?;
        let text = match &a[0] {
            Arg::Text(s) => s.clone(),
            Arg::Game(_) => return Err(args::error(name, "expected the text of *[…]")),
        };
        read(&mut c, name, &text)?
    } else {
        one(a)?;
        to_misere(k, &mut c, name, game_arg(name, a, 0)?)?
    };
    let m = &mut c.m;
    Ok(match name {
        "misere" | "misere_canonical_form" => form(m, g)?,
        "mate" => {
            let x = m.mate(g)?;
            form(m, x)?
        }
        "misere_nim_value" => Answer::Game(k.number(&crate::Dyadic::from(m.gminus(g) as i64))),
        // `birthday` and `options` of a misère form (CGSuite's `Birthday`, `Options` of a
        // MisereCanonicalGame) reach here from the world when an argument is a misère form.
        "misere_birthday" | "birthday" => {
            Answer::Game(k.number(&crate::Dyadic::from(m.birthday(g) as i64)))
        }
        "misere_options" | "options" => {
            let opts = notation::sorted_options(m, g)?;
            list(m, &opts)?
        }
        "genus" => Answer::Misere {
            kind: "genus",
            text: c.props.genus(m, g)?.print(),
        },
        "is_tame" => boolean(c.props.phylum(m, g)?.tame()),
        "is_generally_tame" => boolean(c.props.phylum(m, g)?.generally_tame()),
        "is_restive" => {
            boolean(c.props.phylum(m, g)? == crate::misere::props::Phylum::HereditarilyRestive)
        }
        "is_generally_restive" => boolean(c.props.phylum(m, g)?.generally_restive()),
        "is_restless" => boolean(c.props.phylum(m, g)? == crate::misere::props::Phylum::Restless),
        "is_introverted" => boolean(m.as_heap(g)?.is_some_and(|n| n < 2)),
        "is_nim_heap" => boolean(m.as_heap(g)?.is_some()),
        "nim_value" => Answer::Game(k.number(&crate::Dyadic::from(m.gplus(g) as i64))),
        "is_extraverted" => boolean(m.is_extraverted(g)?),
        "is_prime" => boolean(m.is_prime(g)?),
        "is_tameable" => boolean(c.props.phylum(m, g)?.tameable()),
        "is_half_tame" => {
            let p = c.props.phylum(m, g)?;
            let twice = m.add(g, g)?;
            let q = c.props.phylum(m, twice)?;
            boolean(
                !p.generally_tame()
                    && q.generally_tame()
                    && m.gplus(twice) == 0
                    && m.gminus(twice) == 0,
            )
        }
        "parts" => {
            let ps = m.parts(g, true, false)?;
            list(m, &ps)?
        }
        "partitions" => {
            let mut items = Vec::new();
            for p in m.partitions(g)? {
                items.push(list(m, &p)?);
            }
            Answer::List(items)
        }
        "is_even" => boolean(!m.is_odd(g)?),
        "is_odd" => boolean(m.is_odd(g)?),
        _ => return Err(args::error(name, "not a misère function")),
    })
}

/// A list of forms, printed as CGSuite prints it: `[*[2],*[2[#-2]]]`.
fn list(m: &mut Misere, gs: &[MId]) -> Result<Answer, KernelError> {
    let mut items = Vec::with_capacity(gs.len());
    for &g in gs {
        items.push(form(m, g)?);
    }
    Ok(Answer::List(items))
}

fn form(m: &mut Misere, g: MId) -> Result<Answer, KernelError> {
    Ok(Answer::Misere {
        kind: "canonical form",
        text: notation::print(m, g)?,
    })
}

/// The two misère forms of a two-argument function (`link`, `misere_minus`, …), or the
/// arity error naming its usage.
fn two_forms(
    k: &mut Kernel,
    c: &mut Ctx,
    name: &str,
    usage: &str,
    a: &[Arg],
) -> Result<(MId, MId), KernelError> {
    if a.len() != 2 {
        return Err(args::error(
            name,
            format!("expected 2 arguments ({usage}), found {}", a.len()),
        ));
    }
    let x = to_misere(k, c, name, game_arg(name, a, 0)?)?;
    let y = to_misere(k, c, name, game_arg(name, a, 1)?)?;
    Ok((x, y))
}

fn game_arg<'a>(name: &str, a: &'a [Arg], i: usize) -> Result<&'a Term, KernelError> {
    match a.get(i) {
        Some(Arg::Game(t)) => Ok(t),
        Some(Arg::Text(_)) => Err(args::error(
            name,
            format!("argument {} must be a game, not a string", i + 1),
        )),
        None => Err(args::error(name, format!("argument {} is missing", i + 1))),
    }
}

fn read(c: &mut Ctx, name: &str, text: &str) -> Result<MId, KernelError> {
    match notation::read(&mut c.m, text)? {
        Ok(g) => Ok(g),
        Err(e) => Err(args::error(
            name,
            format!("in *[{text}] at character {}: {}", e.at + 1, e.message),
        )),
    }
}

/// The most copies `n.G` is expanded to in misère play.
const MAX_COPIES: u64 = 1 << 16;

/// An impartial game written as a term, as a misère canonical form (see the module doc).
pub fn to_misere(k: &mut Kernel, c: &mut Ctx, name: &str, t: &Term) -> Result<MId, KernelError> {
    k.check_budget()?;
    let not_impartial = |what: &str| {
        args::error(
            name,
            format!(
                "{what} is not an impartial game; misère canonical forms are of impartial games"
            ),
        )
    };
    match t {
        Term::Game { left, right } => {
            let mut l = Vec::with_capacity(left.len());
            for o in left {
                l.push(to_misere(k, c, name, o)?);
            }
            let mut r = Vec::with_capacity(right.len());
            for o in right {
                r.push(to_misere(k, c, name, o)?);
            }
            l.sort_unstable();
            l.dedup();
            r.sort_unstable();
            r.dedup();
            if l != r {
                return Err(not_impartial(&t.to_string()));
            }
            c.m.game(l)
        }
        Term::Nus { number, up, nim } if number.is_zero() && up.is_zero() => {
            match nim.to_string().parse::<usize>() {
                Ok(n) if n <= notation::MAX_HEAP => c.m.heap(n),
                _ => Err(KernelError::TooLarge {
                    what: format!(
                        "{name}: the heap {t} in misère play (at most *{})",
                        notation::MAX_HEAP
                    ),
                }),
            }
        }
        Term::Sum(a, b) => {
            let x = to_misere(k, c, name, a)?;
            let y = to_misere(k, c, name, b)?;
            c.m.add(x, y)
        }
        // An impartial form is its own negative.
        Term::Neg(a) => to_misere(k, c, name, a),
        Term::Multiple { count, game } => {
            let n = count.to_u64().filter(|&n| n <= MAX_COPIES).ok_or_else(|| {
                KernelError::TooLarge {
                    what: format!("{name}: {count} copies in misère play (at most {MAX_COPIES})"),
                }
            })?;
            let g = to_misere(k, c, name, game)?;
            let mut acc = c.m.zero();
            for _ in 0..n {
                acc = c.m.add(acc, g)?;
            }
            Ok(acc)
        }
        Term::Call { name: f, args: a } => call_form(k, c, name, f, a, t),
        _ => Err(not_impartial(&t.to_string())),
    }
}

/// A call inside a misère argument: the notation, a misère function giving a form, or a heap
/// ruleset's position.
fn call_form(
    k: &mut Kernel,
    c: &mut Ctx,
    name: &str,
    f: &str,
    a: &[Arg],
    t: &Term,
) -> Result<MId, KernelError> {
    let heap_code =
        |k: &mut Kernel, code: &str, i: usize| -> Result<(String, usize), KernelError> {
            let n = match a.get(i) {
                Some(Arg::Game(x)) => {
                    let g = k.eval(x)?;
                    k.as_number(g)
                        .and_then(|d| d.to_string().parse::<usize>().ok())
                }
                _ => None,
            };
            match n {
                Some(n) if n <= MAX_HEAP_TOKENS => Ok((code.to_string(), n)),
                _ => Err(args::error(
                    f,
                    format!(
                    "in misère play a heap size must be a whole number from 0 to {MAX_HEAP_TOKENS}"
                ),
                )),
            }
        };
    let (code, n) = match (f, a) {
        ("misere", [Arg::Text(s)]) => return read(c, f, s),
        ("misere_canonical_form", [Arg::Game(x)]) => return to_misere(k, c, name, x),
        ("misere_minus", [Arg::Game(x), Arg::Game(y)]) => {
            let (g, h) = (to_misere(k, c, name, x)?, to_misere(k, c, name, y)?);
            return match c.m.subtract(g, h)? {
                Some(d) => Ok(d),
                None => {
                    let (pg, ph) = (notation::print(&mut c.m, g)?, notation::print(&mut c.m, h)?);
                    Err(args::error(
                        f,
                        format!("Those misère games are not subtractable: {pg}, {ph}"),
                    ))
                }
            };
        }
        ("mate", [Arg::Game(x)]) => {
            let g = to_misere(k, c, name, x)?;
            return c.m.mate(g);
        }
        ("kayles", [_]) => heap_code(k, "0.77", 0)?,
        ("dawsons_kayles", [_]) => heap_code(k, "0.07", 0)?,
        ("octal", [Arg::Text(code), _]) => heap_code(k, code, 1)?,
        ("subtraction", [Arg::Text(set), _]) => {
            let s = crate::rulesets::position::subtraction_set(set).map_err(|e| args::error(f, e.to_string()))?;
            let code = OctalCode::subtraction(&s).map_err(|e| args::error(f, e.to_string()))?;
            heap_code(k, &code.print(), 1)?
        }
        ("take_and_break", [Arg::Text(code), _]) => {
            let tb = crate::rulesets::take_and_break::TakeAndBreak::parse(code)
                .map_err(|e| args::error(f, e.to_string()))?;
            let Some(oc) = tb.as_octal() else {
                // A code beyond octal (`0.3F`, `4!.0`): the position by its own moves.
                return ruleset_position(k, c, name, t);
            };
            heap_code(k, &oc.print(), 1)?
        }
        ("nim", heaps) => {
            let mut parts = Vec::new();
            for i in 0..heaps.len() {
                let (_, h) = heap_code(k, "nim", i)?;
                parts.push(c.m.heap(h)?);
            }
            return c.m.sum(&parts);
        }
        _ if POSITION_RULESETS.contains(&f) => return ruleset_position(k, c, name, t),
        _ => {
            return Err(args::error(
                name,
                format!("{t} has no misère form here: write the game as braces, *n, *[…], a sum, a heap ruleset (kayles(n), dawsons_kayles(n), octal(\"…\", n), subtraction(\"…\", n), take_and_break(\"…\", n), nim(…)) or an impartial ruleset's position (cram(\"…\"), grundy(n), wythoff(a, b), …)"),
            ))
        }
    };
    if !c.heaps.contains_key(&code) {
        let oc = OctalCode::parse(&code).map_err(|e| args::error(f, e.to_string()))?;
        c.heaps.insert(code.clone(), Heaps::new(oc));
    }
    let h = c.heaps.get_mut(&code).expect("inserted above");
    h.heap(&mut c.m, n)
}

/// The rulesets (besides the heap games above, read through their octal codes) whose calls
/// are positions: one level of their definition ([`Function::open`]) lists the positions
/// each player's moves reach, so in misère play a call is valued by its own moves, never by
/// its normal-play value (a Cram board is the game of the boards its moves leave, not the
/// nimber the kernel gives, which misère play cannot use). The partizan ones are read too, so that a position is reported as not
/// impartial rather than unknown; `misere_outcome_class` searches them ([`open_position`]).
pub const POSITION_RULESETS: &[&str] = &[
    "cram",
    "arc_kayles",
    "grundy",
    "wythoff",
    "mem",
    "spawning",
    "childish_hackenbush",
    "snort",
    "col",
    "domineering",
    "clobber",
    "toads",
    "cutcake",
    "hackenbush",
    "toppling_dominoes",
    "kings",
    "rooks",
    "knights",
    "queens",
    "amazons",
    "grundys_game",
    "take_away",
    "fibonacci_nim",
    "turning",
    "maundy_cake",
    "toads_and_frogs",
    "elephants_and_rhinos",
    "partizan_arc_kayles",
    "anti_clobber",
];

/// One level of a ruleset position's definition: the term of its options (braces whose sides
/// list the positions Left's and Right's moves reach), or `None` when `t` is no ruleset
/// position. A position is a call of a ruleset in [`POSITION_RULESETS`], of a heap game
/// (`take_and_break`, `octal`, `subtraction`, `kayles(n)` and `dawsons_kayles(n)` through
/// their octal codes, `nim(a, …)` as the sum of its heaps), or of any other function whose
/// opening is a rule of its own name (as a ruleset's is, and no operation's such as
/// `cool(G, t)` is): so a position inside a misère search is played by its own moves, never
/// replaced by its normal-play value.
pub fn open_position(k: &mut Kernel, t: &Term) -> Result<Option<Term>, KernelError> {
    let Term::Call { name, args: a } = t else {
        return Ok(None);
    };
    match (name.as_str(), a.as_slice()) {
        ("kayles" | "dawsons_kayles", [n]) => {
            let code = if name == "kayles" { "0.77" } else { "0.07" };
            let octal = Term::Call {
                name: "octal".into(),
                args: vec![Arg::Text(code.into()), n.clone()],
            };
            return open_position(k, &octal);
        }
        ("nim", heaps) if !heaps.is_empty() => {
            // Nim is the sum of its heaps, each the nimber *n (a heap's canonical form is the
            // heap itself, so its misère play is read off it).
            let mut sum = Term::zero();
            for h in heaps {
                let Arg::Game(x) = h else {
                    return Ok(None);
                };
                let g = k.eval(x)?;
                let n = k
                    .as_number(g)
                    .and_then(|d| d.to_integer().cloned())
                    .filter(|n| !num_traits::Signed::is_negative(n))
                    .ok_or_else(|| args::error(name, "a heap must be a natural number"))?;
                let heap = Term::Nus {
                    number: crate::number::Dyadic::zero(),
                    up: num_bigint::BigInt::zero(),
                    nim: crate::number::Nimber::new(n.magnitude().clone()),
                };
                sum = Term::sum(sum, heap);
            }
            return Ok(Some(sum));
        }
        _ => {}
    }
    let Some(f) = super::lookup(name) else {
        return Ok(None);
    };
    let known = POSITION_RULESETS.contains(&name.as_str())
        || matches!(name.as_str(), "take_and_break" | "octal" | "subtraction");
    match f.open(a, k) {
        Ok(Some(o)) if known || o.rule == f.name() => Ok(Some(o.term)),
        Ok(_) => Ok(None),
        // A position's own error (a bad board) is reported; another function's opening that
        // fails means it is no position, and its value reports what is wrong.
        Err(e) if known || matches!(e, KernelError::Limit { .. }) => Err(e),
        Err(_) => Ok(None),
    }
}

/// A ruleset position in misère play: the game of the positions its moves reach, each valued
/// the same way (memoised by its call). A position whose Left and Right moves differ is not
/// impartial.
fn ruleset_position(k: &mut Kernel, c: &mut Ctx, name: &str, t: &Term) -> Result<MId, KernelError> {
    if let Some(&g) = c.positions.get(t) {
        return Ok(g);
    }
    k.check_budget()?;
    let Some(opened) = open_position(k, t)? else {
        return Err(args::error(name, format!("{t} has no misère form here")));
    };
    let g = match &opened {
        Term::Game { left, right } => {
            let (mut l, mut r) = (left.clone(), right.clone());
            l.sort_unstable_by(Term::structural_cmp);
            l.dedup();
            r.sort_unstable_by(Term::structural_cmp);
            r.dedup();
            if l != r {
                return Err(args::error(
                    name,
                    format!("{t} is not an impartial game (its players' moves differ); misère canonical forms are of impartial games"),
                ));
            }
            let mut opts = Vec::with_capacity(l.len());
            for o in &l {
                opts.push(to_misere(k, c, name, o)?);
            }
            c.m.game(opts)?
        }
        other => to_misere(k, c, name, other)?,
    };
    c.positions.insert(t.clone(), g);
    Ok(g)
}

/// The largest heap of a ruleset evaluated in misère play.
const MAX_HEAP_TOKENS: usize = 1 << 12;

/// Whether `t` is a misère form written as a sum or copies of forms (`*[2] + *[2]`,
/// `2.*[2]`, `mate(G) + *`): a leaf of the sum is `*[…]`, `misere_canonical_form(…)` or
/// `mate(…)`. The number world's evaluator hands such a term here.
pub fn is_form_term(t: &Term) -> bool {
    fn leaf(t: &Term) -> bool {
        match t {
            Term::Call { name, .. } => {
                matches!(name.as_str(), "misere" | "misere_canonical_form" | "mate")
            }
            Term::Sum(a, b) => leaf(a) || leaf(b),
            Term::Neg(a) => leaf(a),
            Term::Multiple { game, .. } => leaf(game),
            _ => false,
        }
    }
    matches!(t, Term::Sum(..) | Term::Neg(_) | Term::Multiple { .. }) && leaf(t)
}

/// The misère canonical form of such a term, as a value.
pub fn form_value(k: &mut Kernel, t: &Term) -> Result<Answer, KernelError> {
    let mut c = Ctx::new(k);
    let g = to_misere(k, &mut c, "+", t)?;
    form(&mut c.m, g)
}

/// CGSuite's `MisereCanonicalGame.DayN(n, maxGames, maxOptions)`: every misère canonical form
/// born by day n with at most `max_options` options, day by day, each day's games the
/// canonical forms of the sets of the day before's (Conway, ONAG ch. 12: 1, 2, 3, 5, 22 and
/// 4171780 games by days 0 to 5). A list of more than `max_games` games is an error, as the
/// sets to try grow as 2 to the number of games.
fn day_n(k: &mut Kernel, m: &mut Misere, usage: &str, a: &[Arg]) -> Result<Answer, KernelError> {
    const NAME: &str = "misere_day_n";
    if !(1..=3).contains(&a.len()) {
        return Err(args::error(
            NAME,
            format!("expected 1 to 3 arguments ({usage}), found {}", a.len()),
        ));
    }
    let mut bound = |i: usize, default: u64| -> Result<u64, KernelError> {
        if i >= a.len() {
            return Ok(default);
        }
        let t = game_arg(NAME, a, i)?;
        let g = k.eval(t)?;
        k.as_number(g)
            .filter(|x| x.is_integer() && x.signum() >= 0)
            .and_then(|x| x.to_integer().and_then(|n| n.to_u64()))
            .ok_or_else(|| {
                args::error(
                    NAME,
                    format!("argument {} must be a natural number ({usage})", i + 1),
                )
            })
    };
    let (days, max_games, max_options) = (bound(0, 0)?, bound(1, 1_000_000)?, bound(2, 1_000_000)?);
    let too_many = || {
        args::error(
            NAME,
            format!("more than {max_games} games are born by day {days} (raise max_games, the second argument)"),
        )
    };
    let mut day = vec![m.zero()];
    for _ in 0..days {
        // Each day's games are all sets of the day before's: 2^|day| of them.
        if day.len() >= 63 || (1u64 << day.len()) > max_games.saturating_mul(64).max(1 << 20) {
            return Err(too_many());
        }
        let mut next = std::collections::BTreeSet::new();
        for mask in 0u64..(1u64 << day.len()) {
            if u64::from(mask.count_ones()) > max_options {
                continue;
            }
            let opts: Vec<MId> = (0..day.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| day[i])
                .collect();
            next.insert(m.game(opts)?);
            if next.len() as u64 > max_games {
                return Err(too_many());
            }
        }
        let mut sorted: Vec<MId> = next.into_iter().collect();
        let mut failed = None;
        sorted.sort_by(|&x, &y| match notation::order(m, x, y) {
            Ok(o) => o,
            Err(e) => {
                failed.get_or_insert(e);
                std::cmp::Ordering::Equal
            }
        });
        if let Some(e) = failed {
            return Err(e);
        }
        day = sorted;
    }
    list(m, &day)
}

//! CGSuite's other grid rulesets as functions: `cram("…")` (impartial Domineering),
//! `kings("…")`, `rooks("…")`, `knights("…")`, `queens("…")` (its `GenClobber` variants) and
//! `amazons("…")`, each of a board written as CGSuite writes it. Each value comes from the
//! ruleset's search (`crate::rulesets`); each opening lists the boards one move reaches, whole,
//! as calls, and `check_open` re-derives them with the naive generators of
//! [`super::grid_games_check`].

use super::grid_games_check as naive;
use super::rulesets::{
    game_of, kernel_error, opened_by, opening, read_text, text_call, text_check,
};
use super::{args, Function, Opening};
use crate::kernel::{GameId, Kernel, KernelError};
use crate::rulesets::gen_clobber::{self, Piece};
use crate::rulesets::{amazons, cram};
use crate::term::{Arg, Term};

/// `cram("...|.#.")`.
pub struct Cram;

impl Function for Cram {
    described!("cram", "cram(\"...|.#.\")",
        "a Cram board (rows separated by |, . empty, # filled; either player places a domino either way): a nimber");
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        let b = read_text(self, a, cram::parse)?;
        cram::value(&b, kernel).map_err(|e| kernel_error(self.name(), e))
    }
    fn open(&self, a: &[Arg], _kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        let b = read_text(self, a, cram::parse)?;
        let opts: Vec<Term> = cram::moves(&b)
            .iter()
            .map(|q| text_call("cram", cram::print(q)))
            .collect();
        Ok(opening(
            game_of(opts.clone(), opts),
            "cram",
            format!(
                "The Cram board {} is the impartial game of its moves: either player places a domino on two adjacent empty squares, across or down",
                cram::print(&b)
            ),
            "CGSuite (game.grid.Cram, Domineering's impartial variant)",
        ))
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        text_check(self, a, |t| naive::cram(t, term))
    }
}

/// A Clobber variant of CGSuite's `GenClobber`: `kings`, `rooks`, `knights`, `queens`.
pub struct Variant(pub Piece);

/// `kings("xox|ox.")`.
pub static KINGS: Variant = Variant(Piece::King);
/// `rooks("xox|ox.")`.
pub static ROOKS: Variant = Variant(Piece::Rook);
/// `knights("xox|ox.")`.
pub static KNIGHTS: Variant = Variant(Piece::Knight);
/// `queens("xox|ox.")`.
pub static QUEENS: Variant = Variant(Piece::Queen);

impl Function for Variant {
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn usage(&self) -> &'static str {
        match self.0 {
            Piece::Clobber => "clobber(\"xo.|ox.\")",
            Piece::King => "kings(\"xox|ox.\")",
            Piece::Rook => "rooks(\"xox|ox.\")",
            Piece::Knight => "knights(\"xox|ox.\")",
            Piece::Queen => "queens(\"xox|ox.\")",
        }
    }
    fn summary(&self) -> &'static str {
        match self.0 {
            Piece::Clobber => "a Clobber board (x Left's stone, o Right's, . empty)",
            Piece::King => "a Kings board (Clobber with a king's moves: x Left's stone, o Right's, . empty)",
            Piece::Rook => "a Rooks board (Clobber with a rook's moves over empty squares: x Left's stone, o Right's, . empty)",
            Piece::Knight => "a Knights board (Clobber with a knight's jumps: x Left's stone, o Right's, . empty)",
            Piece::Queen => "a Queens board (Clobber with a queen's moves over empty squares: x Left's stone, o Right's, . empty)",
        }
    }
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        args::arity(self, a, 1)?;
        let b = gen_clobber::parse(args::text(self, a, 0)?, self.0)
            .map_err(|e| kernel_error(self.name(), e))?;
        gen_clobber::value(&b, self.0, kernel).map_err(|e| kernel_error(self.name(), e))
    }
    fn open(&self, a: &[Arg], _kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        args::arity(self, a, 1)?;
        let b = gen_clobber::parse(args::text(self, a, 0)?, self.0)
            .map_err(|e| kernel_error(self.name(), e))?;
        let side = |left: bool| -> Vec<Term> {
            gen_clobber::moves(&b, self.0, left)
                .iter()
                .map(|q| text_call(self.name(), gen_clobber::print(q)))
                .collect()
        };
        let how = match self.0 {
            Piece::Clobber => "one square along its row or column",
            Piece::King => "one square in any of the eight directions",
            Piece::Rook => "along its row or column over empty squares",
            Piece::Knight => "by a knight's jump",
            Piece::Queen => "along its row, column or a diagonal over empty squares",
        };
        Ok(opening(
            game_of(side(true), side(false)),
            self.0.name(),
            format!(
                "The {} board {} is the game of its moves: a stone moves {how} onto a stone of the other colour, which is removed",
                self.0.title(),
                gen_clobber::print(&b)
            ),
            "CGSuite (game.grid.GenClobber: Kings, Rooks, Knights, Queens); Clobber, §1 (the rules)",
        ))
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        text_check(self, a, |t| naive::clobber_variant(self.0.name(), t, term))
    }
}

/// `amazons("x..#|....|.#.o")`.
pub struct Amazons;

impl Function for Amazons {
    described!("amazons", "amazons(\"x..#|....|.#.o\")",
        "an Amazons board (x Left's amazon, o Right's, . empty, # burnt; an amazon moves like a queen, then shoots an arrow like one)");
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        let b = read_text(self, a, amazons::parse)?;
        amazons::value(&b, kernel).map_err(|e| kernel_error(self.name(), e))
    }
    fn open(&self, a: &[Arg], _kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        let b = read_text(self, a, amazons::parse)?;
        Ok(opening(
            opened_by(|left| amazons::moves(&b, left), |q| text_call("amazons", amazons::print(q))),
            "amazons",
            format!(
                "The Amazons board {} is the game of its moves: an amazon moves like a chess queen over empty squares, then shoots an arrow the same way from where it lands, burning the square the arrow reaches",
                amazons::print(&b)
            ),
            "CGSuite (game.grid.Amazons)",
        ))
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        text_check(self, a, |t| naive::amazons(t, term))
    }
}

/// The outcome class of `t` when it is a call of a Clobber variant (`clobber`, `kings`,
/// `rooks`, `knights`, `queens`), found by play (`crate::rulesets::outcome`) without the
/// canonical value; `None` for any other term, or when the search met its ceiling of
/// positions (a board of many independent regions), so that the caller takes the value.
pub fn outcome_by_play(k: &mut Kernel, t: &Term) -> Result<Option<&'static str>, KernelError> {
    let Term::Call { name, args: a } = t else {
        return Ok(None);
    };
    let piece = match name.as_str() {
        "clobber" => Piece::Clobber,
        "kings" => Piece::King,
        "rooks" => Piece::Rook,
        "knights" => Piece::Knight,
        "queens" => Piece::Queen,
        _ => return Ok(None),
    };
    let [Arg::Text(text)] = a.as_slice() else {
        return Ok(None);
    };
    let b = gen_clobber::parse(text, piece).map_err(|e| kernel_error(name, e))?;
    let o = crate::rulesets::outcome::outcome(
        &gen_clobber::GenClobber(piece),
        &b,
        k,
        crate::rulesets::outcome::MAX_POSITIONS,
    )?;
    Ok(o.map(|o| o.letter()))
}

//! Games on graphs as functions, positions in CGSuite's graph notation: `snort("L-.-.-.-L")`,
//! `col("R-.-R")`, `arc_kayles("---")` and `childish_hackenbush("l(l;rl)")` (graph Hackenbush
//! itself is `hackenbush`, which reads the same CGSuite strings). Each value comes from the
//! ruleset's search (`crate::rulesets::{col, arc_kayles, hackenbush}`); each opening lists the
//! whole positions one move reaches, and `check_open` re-derives them with the naive
//! generators of [`super::graph_games_check`].

use super::graph_games_check as naive;
use super::rulesets::{
    game_of, kernel_error, opened_by, opening, picture_call, read_text, text_call, text_check,
};
use super::{args, Function, Opening};
use crate::kernel::{GameId, Kernel, KernelError};
use crate::rulesets::{arc_kayles, col, hackenbush};
use crate::term::{Arg, Term};

/// Most options an opening lists (one per vertex or edge: a graph the search takes has far
/// fewer).
const MAX_LISTED: usize = 10_000;

/// `snort("…")` or `col("…")`.
pub struct ColLike(pub col::Game);

/// `col("…")`.
pub const COL: ColLike = ColLike(col::Game::Col);
/// `snort("…")`.
pub const SNORT: ColLike = ColLike(col::Game::Snort);

impl Function for ColLike {
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn usage(&self) -> &'static str {
        match self.0 {
            col::Game::Col => "col(\"L-.-R\")",
            col::Game::Snort => "snort(\"L-.-.\")",
        }
    }
    fn summary(&self) -> &'static str {
        match self.0 {
            col::Game::Col => "a Col position in CGSuite's graph notation (colour a vertex; adjacent vertices never share a colour; L, R tinted vertices)",
            col::Game::Snort => "a Snort position in CGSuite's graph notation (colour a vertex; adjacent vertices never differ in colour; L, R tinted vertices)",
        }
    }
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        args::arity(self, a, 1)?;
        let g =
            col::read(self.0, args::text(self, a, 0)?).map_err(|e| kernel_error(self.name(), e))?;
        col::value(self.0, &g, kernel).map_err(|e| kernel_error(self.name(), e))
    }
    fn open(&self, a: &[Arg], _kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        args::arity(self, a, 1)?;
        let text = args::text(self, a, 0)?;
        let g = col::read(self.0, text).map_err(|e| kernel_error(self.name(), e))?;
        let board = col::Board::new(self.0, &g).map_err(|e| kernel_error(self.name(), e))?;
        let start = board.start();
        let side = |left: bool| -> Vec<Term> {
            board
                .moves(&start, left)
                .iter()
                .map(|q| {
                    if q.alive == 0 {
                        Term::zero()
                    } else {
                        text_call(self.name(), board.print(q))
                    }
                })
                .collect()
        };
        let (left, right) = (side(true), side(false));
        if left.len() + right.len() > MAX_LISTED {
            return Err(KernelError::TooLarge {
                what: format!(
                    "{}: the options of {text:?} (at most {MAX_LISTED} are listed)",
                    self.name()
                ),
            });
        }
        let (rule, says, cite) = match self.0 {
            col::Game::Col => (
                "col",
                format!("The Col position {text} is the game of its moves: Left colours a vertex not next to a blue one, Right one not next to a red one; a coloured vertex leaves, its neighbours tinted"),
                "Winning Ways (Col); CGSuite's games on graphs (game.graph.Col)",
            ),
            col::Game::Snort => (
                "snort",
                format!("The Snort position {text} is the game of its moves: Left colours a vertex not next to a red one, Right one not next to a blue one; a coloured vertex leaves, its neighbours tinted"),
                "Winning Ways (Snort); CGSuite's games on graphs (game.graph.Snort)",
            ),
        };
        Ok(opening(game_of(left, right), rule, says, cite))
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        match self.0 {
            col::Game::Col => text_check(self, a, |t| naive::col(t, term)),
            col::Game::Snort => text_check(self, a, |t| naive::snort(t, term)),
        }
    }
}

/// `arc_kayles("…")`.
pub struct ArcKayles;

impl Function for ArcKayles {
    described!(
        "arc_kayles",
        "arc_kayles(\"---\")",
        "an Arc Kayles position in CGSuite's graph notation (remove an edge's two ends; impartial)"
    );
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        let g = read_text(self, a, arc_kayles::read)?;
        arc_kayles::value(&g, kernel).map_err(|e| kernel_error(self.name(), e))
    }
    fn open(&self, a: &[Arg], _kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        args::arity(self, a, 1)?;
        let text = args::text(self, a, 0)?;
        let g = arc_kayles::read(text).map_err(|e| kernel_error(self.name(), e))?;
        let board = arc_kayles::board(&g).map_err(|e| kernel_error(self.name(), e))?;
        if board.edges.len() > MAX_LISTED {
            return Err(KernelError::TooLarge {
                what: format!(
                    "arc_kayles: the options of {text:?} (at most {MAX_LISTED} are listed)"
                ),
            });
        }
        let opts: Vec<Term> = board
            .moves(board.start(), true)
            .into_iter()
            .map(|q| {
                if q == 0 {
                    Term::zero()
                } else {
                    text_call("arc_kayles", board.print(q))
                }
            })
            .collect();
        Ok(opening(
            game_of(opts.clone(), opts),
            "arc-kayles",
            format!("The Arc Kayles position {text} is the impartial game of its moves: remove the two ends of an edge"),
            "Winning Ways (Arc Kayles); CGSuite's games on graphs (game.graph.ArcKayles)",
        ))
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        text_check(self, a, |t| naive::arc_kayles(t, term))
    }
}

/// `childish_hackenbush("…")`.
pub struct ChildishHackenbush;

impl Function for ChildishHackenbush {
    described!("childish_hackenbush", "childish_hackenbush(\"l(l;rl)\")",
        "a Childish Hackenbush picture (as hackenbush's; a blue or red edge may be cut only if nothing falls)");
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        let p = read_text(self, a, hackenbush::Picture::parse)?;
        hackenbush::value_of(&p, true, kernel).map_err(|e| kernel_error(self.name(), e))
    }
    fn open(&self, a: &[Arg], _kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        let p = read_text(self, a, hackenbush::Picture::parse)?;
        Ok(opening(
            opened_by(|left| p.moves_of(left, true), |q| picture_call("childish_hackenbush", q)),
            "childish-hackenbush",
            format!(
                "The Childish Hackenbush picture {} is the game of its cuts: Left cuts a blue edge whose cut drops nothing or any green edge, Right likewise a red or green one",
                p.print()
            ),
            "CGSuite's games on graphs (game.graph.ChildishHackenbush); Winning Ways (Hackenbush)",
        ))
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        text_check(self, a, |t| naive::childish_hackenbush(t, term))
    }
}

//! CGSuite's remaining strip, graph and grid rulesets as functions, each written as CGSuite
//! writes it: `partizan_arc_kayles("llr")` (its `game.graph.PartizanArcKayles`),
//! `elephants_and_rhinos("tt..ff")` (`game.strip.ElephantsAndRhinos`),
//! `toads_and_frogs("tt..ff")` (`game.strip.ToadsAndFrogs`, in CGSuite's strip language; onag's
//! own `toads("TT..FF")` writes its pieces in capitals), `anti_clobber("xoxo|oo..")`
//! (`game.grid.AntiClobber`); and `grundys_game(n)`, CGSuite's name for onag's `grundy(n)`.
//! Values come from `crate::rulesets`; each opening lists the positions one move reaches, and
//! `check_open` derives them again with the naive generators of
//! [`super::cgsuite_rulesets_check`] (and [`super::graph_games_check`] for graphs).

use super::cgsuite_rulesets_check as naive;
use super::rulesets::{
    call, expected, game_of, kernel_error, opened_by, opening, read_text, text_call, text_check,
};
use super::{args, Function, Opening};
use crate::kernel::{GameId, Kernel, KernelError};
use crate::rulesets::toads;
use crate::rulesets::{anti_clobber as ac, elephants_and_rhinos as er, partizan_arc_kayles as pak};
use crate::term::{Arg, Term};

/// `partizan_arc_kayles("llr")`.
pub struct PartizanArcKayles;

impl Function for PartizanArcKayles {
    described!("partizan_arc_kayles", "partizan_arc_kayles(\"lr(e;l)\")",
        "Partizan Arc Kayles on a graph in CGSuite's notation with edges l (Left's), r (Right's), e (either's): take an edge of yours, removing both its ends (CGSuite's game.graph.PartizanArcKayles)");
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        let g = read_text(self, a, pak::read)?;
        pak::value(&g, kernel).map_err(|e| kernel_error(self.name(), e))
    }
    fn open(&self, a: &[Arg], _kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        let g = read_text(self, a, pak::read)?;
        let board = pak::Board::new(&g).map_err(|e| kernel_error(self.name(), e))?;
        let side = |left: bool| -> Vec<Term> {
            board
                .moves(board.start(), left)
                .into_iter()
                .map(|p| text_call("partizan_arc_kayles", board.print(p)))
                .collect()
        };
        Ok(opening(
            game_of(side(true), side(false)),
            "partizan_arc_kayles",
            "A Partizan Arc Kayles graph is the game of its moves: a player takes an edge of their colour or a green one, removing both its ends and every edge at them".to_string(),
            "CGSuite game.graph.PartizanArcKayles",
        ))
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        text_check(self, a, |t| {
            super::graph_games_check::partizan_arc_kayles(t, term)
        })
    }
}

/// A Toads and Frogs strip in CGSuite's language, played with jumps (`toads_and_frogs`) or
/// without (`elephants_and_rhinos`).
pub struct Strip {
    name: &'static str,
    usage: &'static str,
    summary: &'static str,
    jumps: bool,
}

/// `toads_and_frogs("tt..ff")`.
pub static TOADS_AND_FROGS: Strip = Strip {
    name: "toads_and_frogs",
    usage: "toads_and_frogs(\"tt..ff\")",
    summary: "Toads and Frogs in CGSuite's strip language (t Left's toads move right, f Right's frogs move left, one step or a jump over one of the other's; . empty): CGSuite's game.strip.ToadsAndFrogs; toads(\"TT..FF\") is the same game",
    jumps: true,
};

/// `elephants_and_rhinos("tt..ff")`.
pub static ELEPHANTS_AND_RHINOS: Strip = Strip {
    name: "elephants_and_rhinos",
    usage: "elephants_and_rhinos(\"tt..ff\")",
    summary: "Elephants and Rhinos: Toads and Frogs without jumps (t Left's elephants step right, f Right's rhinos step left, . empty): CGSuite's game.strip.ElephantsAndRhinos",
    jumps: false,
};

impl Function for Strip {
    described_by_fields!();
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        let s = read_text(self, a, er::parse)?;
        if self.jumps {
            // The same encoding as `toads`' rows: 0 empty, 1 toad, 2 frog.
            toads::value(&s, kernel)
        } else {
            er::value(&s, kernel)
        }
        .map_err(|e| kernel_error(self.name, e))
    }
    fn open(&self, a: &[Arg], _kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        let s = read_text(self, a, er::parse)?;
        let side = |left: bool| -> Vec<Term> {
            let next: Vec<Box<[u8]>> = if self.jumps {
                toads::moves(&s, left)
            } else {
                er::moves(&s, left)
            };
            next.iter()
                .map(|q| text_call(self.name, er::print(q)))
                .collect()
        };
        let (rule, says, cite) = if self.jumps {
            (
                "toads_and_frogs",
                format!("The Toads and Frogs strip {} is the game of its moves: a toad steps or jumps a frog to the right, a frog steps or jumps a toad to the left", er::print(&s)),
                "Winning Ways (Toads and Frogs); CGSuite game.strip.ToadsAndFrogs",
            )
        } else {
            (
                "elephants_and_rhinos",
                format!("The Elephants and Rhinos strip {} is the game of its moves: an elephant steps right, a rhino steps left, into an empty square", er::print(&s)),
                "CGSuite game.strip.ElephantsAndRhinos (GenToadsAndFrogs with maxJump 0)",
            )
        };
        Ok(opening(game_of(side(true), side(false)), rule, says, cite))
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        Some(match a {
            [Arg::Text(t)] => naive::strip(self.name, self.jumps, t, term),
            _ => Err(expected(self)),
        })
    }
}

/// `anti_clobber("xoxo|oo..")`.
pub struct AntiClobber;

impl Function for AntiClobber {
    described!("anti_clobber", "anti_clobber(\"xoxo|oo..\")",
        "Anti-Clobber: a stone moves orthogonally onto an empty square, leaving an enemy stone behind (x Left's, o Right's, . empty, # blocked; rows separated by |): CGSuite's game.grid.AntiClobber");
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        let b = read_text(self, a, ac::parse)?;
        ac::value(&b, kernel).map_err(|e| kernel_error(self.name(), e))
    }
    fn open(&self, a: &[Arg], _kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        let b = read_text(self, a, ac::parse)?;
        Ok(opening(
            opened_by(|left| ac::moves(&b, left), |q| text_call("anti_clobber", ac::print(q))),
            "anti_clobber",
            format!("The Anti-Clobber board {} is the game of its moves: a player's stone steps onto an adjacent empty square and an opponent's stone appears where it stood", ac::print(&b)),
            "CGSuite game.grid.AntiClobber (GenClobber played backwards)",
        ))
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        text_check(self, a, |t| naive::anti_clobber(t, term))
    }
}

/// A function under CGSuite's name where onag chose another (`grundys_game` for `grundy`):
/// the same function, listed under both names, its calls opened to the target's calls.
pub struct Alias {
    /// CGSuite's name, in snake case.
    pub name: &'static str,
    /// onag's function.
    pub target: &'static str,
    /// How to call it.
    pub usage: &'static str,
    /// What it is.
    pub summary: &'static str,
}

/// `grundys_game(n)`, CGSuite's `GrundysGame(n)`: onag's `grundy(n)`.
pub static GRUNDYS_GAME: Alias = Alias {
    name: "grundys_game",
    target: "grundy",
    usage: "grundys_game(n)",
    summary: "CGSuite's name (game.heap.GrundysGame) for grundy(n): a heap of n in Grundy's game, split a heap into two unequal heaps",
};

impl Alias {
    fn target(&self) -> Result<&'static dyn Function, KernelError> {
        super::lookup(self.target).ok_or_else(|| {
            args::error(
                self.name,
                format!("its function {} is missing", self.target),
            )
        })
    }
}

impl Function for Alias {
    described_by_fields!();
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        self.target()?.value(a, kernel)
    }
    /// The call under onag's name: one step, so the target's own opening (and its check)
    /// follows as the next.
    fn open(&self, a: &[Arg], _kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        Ok(opening(
            call(self.target, a.to_vec()),
            self.name,
            format!("{} is CGSuite's name for {}", self.name, self.target),
            "CGSuite's ruleset library (game.heap.GrundysGame)",
        ))
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        Some(match term {
            Term::Call { name, args } if name == self.target && args.as_slice() == a => Ok(()),
            _ => Err(format!(
                "{}(…) opens to {}(…) with the same arguments",
                self.name, self.target
            )),
        })
    }
    fn congruent(&self) -> bool {
        self.target().map_or(true, |f| f.congruent())
    }
}

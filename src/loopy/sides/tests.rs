//! The sides of loopy games against CGSuite's documented values and the theory, worked by
//! hand in the comments.

use super::*;
use crate::functions::world;
use crate::syntax::parse;
use crate::Kernel;

fn w() -> Work {
    Work::default()
}

fn show(src: &str) -> String {
    let mut k = Kernel::new();
    let t = parse(src).unwrap_or_else(|e| panic!("{src}: {}", e.render()));
    let v = world::eval(&mut k, &t).unwrap_or_else(|e| panic!("{src}: {e}"));
    v.display(&mut k, true)
}

#[test]
fn explore() {
    for s in [
        "on + off",
        "over - over",
        "over + under",
        "upon - upon",
        "over + upon",
        "backsliding_toads_and_frogs(\"tt..ff\")",
        "backsliding_toads_and_frogs(\"ttt..fff\")",
    ] {
        let t = std::time::Instant::now();
        let r = std::panic::catch_unwind(|| show(s));
        eprintln!("{s} => {:?} in {:?}", r.ok(), t.elapsed());
    }
}

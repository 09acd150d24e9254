//! What the tests of the number world and of loopy values start from: an expression read and
//! valued as `onag eval` does, any error failing the test with the expression named, so each
//! test file need not write its own reader.

use super::world::{self, Value};
use crate::syntax::parse;
use crate::Kernel;

/// The value of `src`; a parse or evaluation error fails the test.
pub(crate) fn value(k: &mut Kernel, src: &str) -> Value {
    let t = parse(src).unwrap_or_else(|e| panic!("{src}: {}", e.render()));
    world::eval(k, &t).unwrap_or_else(|e| panic!("{src}: {e}"))
}

/// The value of `src` printed in ASCII, as `onag eval` prints it into a pipe.
pub(crate) fn show(src: &str) -> String {
    let mut k = Kernel::new();
    let v = value(&mut k, src);
    v.display(&mut k, true)
}

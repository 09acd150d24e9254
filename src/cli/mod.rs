//! The `onag` command line: argument parsing and output only.

/// Runs the CLI; returns the exit status.
pub fn main() -> i32 {
    0
}

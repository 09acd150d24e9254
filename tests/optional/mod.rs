//! Programs some tests need that a fresh machine may lack (pdflatex, Chromium and its driver).
//!
//! README's test command must pass on a machine with only the Rust toolchain, so a test whose
//! program is missing skips, saying on one line what to install. CI must not pass by skipping:
//! `.ci/run` installs the programs and sets `ONAG_REQUIRE_TOOLS=1`, which turns a missing
//! program into a failure. The decision is a pure function of the search path and that
//! variable, so tests/optional_tools.rs can check it on a simulated fresh machine.
#![allow(dead_code)]

use std::ffi::OsStr;
use std::io::Write;
use std::path::PathBuf;

/// The variable that makes a missing program a failure instead of a skip.
pub const REQUIRE: &str = "ONAG_REQUIRE_TOOLS";

/// Where `program` is on the search path `path` (as `PATH` holds it), if anywhere.
pub fn find(program: &str, path: Option<&OsStr>) -> Option<PathBuf> {
    std::env::split_paths(path?)
        .map(|dir| dir.join(program))
        .find(|p| is_executable(p))
}

#[cfg(unix)]
fn is_executable(p: &std::path::Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(p: &std::path::Path) -> bool {
    p.is_file()
}

/// What a test does about its programs.
#[derive(Debug)]
pub enum Decision {
    /// Every program was found, in the order asked.
    Run(Vec<PathBuf>),
    /// Some are missing and none is required: the line to print.
    Skip(String),
    /// Some are missing and `ONAG_REQUIRE_TOOLS` is set: the failure message.
    Fail(String),
}

/// Decides for `test`, which needs `programs`, installed by `install` (a command to show).
pub fn decide(
    test: &str,
    programs: &[&str],
    install: &str,
    path: Option<&OsStr>,
    required: bool,
) -> Decision {
    let found: Vec<_> = programs.iter().map(|p| find(p, path)).collect();
    let missing: Vec<&str> = programs
        .iter()
        .zip(&found)
        .filter(|(_, f)| f.is_none())
        .map(|(p, _)| *p)
        .collect();
    if missing.is_empty() {
        return Decision::Run(found.into_iter().flatten().collect());
    }
    let what = missing.join(" and ");
    if required {
        Decision::Fail(format!(
            "{test}: {what} not found on PATH, and {REQUIRE} is set: install with `{install}`"
        ))
    } else {
        Decision::Skip(format!(
            "skipped {test}: {what} not found on PATH; install with `{install}` \
             (.ci/run does, and sets {REQUIRE}=1 so that a missing program fails)"
        ))
    }
}

/// The programs' paths, or `None` after printing the skip line; panics when they are required.
pub fn require_or_skip(test: &str, programs: &[&str], install: &str) -> Option<Vec<PathBuf>> {
    let path = std::env::var_os("PATH");
    let required = std::env::var_os(REQUIRE).is_some_and(|v| !v.is_empty() && v != "0");
    match decide(test, programs, install, path.as_deref(), required) {
        Decision::Run(paths) => Some(paths),
        Decision::Skip(line) => {
            // Straight to the process's standard error: the test harness captures `eprintln!`
            // of passing tests, and this line is for whoever runs the suite.
            let _ = writeln!(std::io::stderr(), "{line}");
            None
        }
        Decision::Fail(message) => panic!("{message}"),
    }
}

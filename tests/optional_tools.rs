//! The test setup on a fresh machine: README's `cargo test --release` must pass where pdflatex,
//! Chromium and chromedriver are absent, skipping what needs them with one line saying what to
//! install, while CI (`ONAG_REQUIRE_TOOLS=1`, set by `.ci/run`) fails without them.
//!
//! The decision is checked as a function of PATH, and then for real: the two test binaries
//! that need those programs are run again with a PATH that has none of them.

mod optional;

use optional::{decide, Decision};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("onag-tools-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

#[cfg(unix)]
fn fake_program(dir: &Path, name: &str) {
    use std::os::unix::fs::PermissionsExt;
    let p = dir.join(name);
    std::fs::write(&p, "#!/bin/sh\nexit 0\n").expect("write a fake program");
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).expect("chmod");
}

#[test]
#[cfg(unix)]
fn a_missing_program_skips_with_what_to_install_unless_required() {
    let empty = scratch("empty");
    let path = OsString::from(&empty);
    let install = "apt-get install texlive-latex-base";
    match decide("t", &["pdflatex"], install, Some(&path), false) {
        Decision::Skip(line) => {
            assert!(line.contains("pdflatex not found"), "{line}");
            assert!(line.contains(install), "{line}");
            assert!(!line.contains('\n'), "one line: {line}");
        }
        other => panic!("expected a skip, got {other:?}"),
    }
    match decide("t", &["pdflatex"], install, Some(&path), true) {
        Decision::Fail(m) => assert!(m.contains("ONAG_REQUIRE_TOOLS"), "{m}"),
        other => panic!("expected a failure, got {other:?}"),
    }
    // No PATH at all is a fresh machine too.
    assert!(matches!(
        decide("t", &["pdflatex"], install, None, false),
        Decision::Skip(_)
    ));
    // Found only when every program is there, and a non-executable file does not count.
    let some = scratch("some");
    fake_program(&some, "chromium");
    std::fs::write(some.join("chromedriver"), "not executable").unwrap();
    let path = OsString::from(&some);
    match decide("t", &["chromium", "chromedriver"], "x", Some(&path), false) {
        Decision::Skip(line) => assert!(line.contains("chromedriver not found"), "{line}"),
        other => panic!("expected a skip, got {other:?}"),
    }
    fake_program(&some, "chromedriver");
    match decide("t", &["chromium", "chromedriver"], "x", Some(&path), true) {
        Decision::Run(paths) => assert_eq!(
            paths,
            vec![some.join("chromium"), some.join("chromedriver")]
        ),
        other => panic!("expected to run, got {other:?}"),
    }
    let _ = std::fs::remove_dir_all(&empty);
    let _ = std::fs::remove_dir_all(&some);
}

/// The newest test executable of the target `name` beside this one, if cargo built it.
fn sibling(name: &str) -> Option<PathBuf> {
    let me = std::env::current_exe().ok()?;
    let dir = me.parent()?;
    let prefix = format!("{name}-");
    std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .filter(|e| {
            let n = e.file_name().to_string_lossy().into_owned();
            n.starts_with(&prefix)
                && !n.contains('.')
                && n[prefix.len()..].chars().all(|c| c.is_ascii_hexdigit())
        })
        .max_by_key(|e| e.metadata().and_then(|m| m.modified()).ok())
        .map(|e| e.path())
}

#[test]
fn the_tests_that_need_programs_pass_by_skipping_on_a_fresh_machine() {
    let empty = scratch("fresh");
    let mut ran = 0;
    for (target, test, programs) in [
        (
            "pictures",
            "latex_derivation_compiles_with_pdflatex",
            "pdflatex",
        ),
        (
            "serve_browser",
            "the_page_steps_through_a_seed_derivation_in_headless_chromium",
            "chromium",
        ),
    ] {
        let Some(exe) = sibling(target) else {
            // `cargo test` builds every test target before running any; a filtered run
            // (`--test optional_tools`) may not have built this one. CI always has.
            assert!(
                std::env::var_os("CI").is_none(),
                "the {target} test binary was not built beside this one"
            );
            continue;
        };
        let out = Command::new(&exe)
            .args(["--exact", test])
            .env("PATH", &empty)
            .env_remove(optional::REQUIRE)
            .output()
            .expect("run a test binary");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success(),
            "{target} failed on a fresh machine:\n{stdout}\n{stderr}"
        );
        assert!(
            stdout.contains("1 passed"),
            "{target} ran no test:\n{stdout}"
        );
        assert!(
            stderr.contains(&format!("skipped {test}: {programs}")),
            "{target} did not say what to install:\n{stderr}"
        );
        // And required, the same absence fails.
        let out = Command::new(&exe)
            .args(["--exact", test])
            .env("PATH", &empty)
            .env(optional::REQUIRE, "1")
            .output()
            .expect("run a test binary");
        assert!(
            !out.status.success(),
            "{target} passed without its programs though {} was set",
            optional::REQUIRE
        );
        ran += 1;
    }
    if std::env::var_os("CI").is_some() {
        assert_eq!(ran, 2);
    }
    let _ = std::fs::remove_dir_all(&empty);
}

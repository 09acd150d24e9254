//! The checker shares nothing with what it checks.
//!
//! The proof producer (the engine and `proof::compose`) evaluates rules with `onag::eval`, and
//! the kernel decides its comparisons. The checker (`src/proof/check.rs`, its interpreter
//! `src/proof/pattern.rs` with normal play's `src/proof/matcher.rs` and misère play's
//! `src/proof/misere_check.rs`, the step helpers `src/proof/step.rs` they use, every file of
//! `src/definitional/`: the order by the definition, its canonical forms and stops, and the
//! check of `cool`/`heat` openings `src/functions/analysis_check.rs` that runs on them) must use
//! neither, and holds no kernel at all: an error in the evaluator would
//! otherwise be confirmed by the very code that made it. This test reads their source (the
//! part outside `#[cfg(test)]`) and refuses any path into the evaluator, the engine or the
//! producer, and any call of the kernel's own comparison (`le`, `compare`). A separate crate
//! would enforce the same by the compiler, at the cost of splitting the kernel and rule
//! language out of this one; the text check is kept small and its patterns are tested below.

const CHECKER: [&str; 6] = [
    "src/proof/check.rs",
    "src/proof/matcher.rs",
    "src/proof/pattern.rs",
    "src/proof/misere_check.rs",
    "src/proof/step.rs",
    "src/functions/analysis_check.rs",
];

/// The checker's files: [`CHECKER`] and every file of `src/definitional/`, the games by their
/// definitions that the checkers (and `functions`' checks of openings) decide with, so that a
/// file added there is read too.
fn checker_files() -> Vec<String> {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut files: Vec<String> = CHECKER.iter().map(|f| f.to_string()).collect();
    let mut definitional: Vec<String> = std::fs::read_dir(format!("{root}/src/definitional"))
        .expect("src/definitional")
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".rs"))
        .map(|name| format!("src/definitional/{name}"))
        .collect();
    definitional.sort();
    for needed in ["inequality.rs", "values.rs", "stops.rs", "check_limits.rs"] {
        let file = format!("src/definitional/{needed}");
        assert!(definitional.contains(&file), "{file} is missing");
    }
    files.extend(definitional);
    files
}

/// What the checker's code must not contain, and why.
const FORBIDDEN: [(&str, &str); 13] = [
    ("eval::", "the producer's rule evaluator"),
    ("engine::", "the engine"),
    ("compose", "the proof producer"),
    ("explain", "the reading of the engine's record"),
    ("analysis", "the e-graph's class values"),
    ("kernel.le(", "the kernel's own comparison"),
    ("kernel.compare(", "the kernel's own comparison"),
    ("Kernel::le", "the kernel's own comparison, by path"),
    ("Kernel::compare", "the kernel's own comparison, by path"),
    ("left_options(", "the kernel's canonical options"),
    ("right_options(", "the kernel's canonical options"),
    ("as_nus(", "the kernel's closed forms of values"),
    ("crate::eval", "the producer's rule evaluator, by path"),
];

/// The checker reads terms into forms of its own and decides values on them: it holds no
/// kernel, names none of its types (not even its error: the checker has its own,
/// `Undecided`) and reaches into the kernel's module by no path.
fn kernel_uses(src: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (n, line) in code(src).lines().enumerate() {
        let folded: String = line.chars().filter(|c| !c.is_whitespace()).collect();
        if folded.contains("Kernel") || folded.contains("kernel::") {
            out.push(format!("line {}: {}", n + 1, line.trim()));
        }
    }
    out
}

#[test]
fn the_checker_holds_no_kernel() {
    let root = env!("CARGO_MANIFEST_DIR");
    for file in checker_files() {
        let src = std::fs::read_to_string(format!("{root}/{file}")).expect(&file);
        let bad = kernel_uses(&src);
        assert!(bad.is_empty(), "{file} uses the kernel: {bad:?}");
    }
    assert!(!kernel_uses("let k = Kernel::new();").is_empty());
    assert!(!kernel_uses("fn f(k: &mut Kernel) {}").is_empty());
    assert!(!kernel_uses("Result<bool, KernelError>").is_empty());
    assert!(!kernel_uses("use crate::kernel::{GameId, Relation};").is_empty());
    assert!(kernel_uses("// the kernel::Kernel is not used here").is_empty());
    assert!(kernel_uses("let d = Definitional::new(&mut memo, None);").is_empty());
}

/// The code of a file before its unit tests, with comments removed.
fn code(src: &str) -> String {
    let body = src.split("#[cfg(test)]").next().unwrap_or("");
    body.lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Each forbidden use in `src`, with its line, folded so `kernel . le (` counts too.
fn violations(src: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (n, line) in code(src).lines().enumerate() {
        let folded: String = line.chars().filter(|c| !c.is_whitespace()).collect();
        for (needle, what) in FORBIDDEN {
            if folded.contains(needle) {
                out.push(format!("line {}: `{needle}` ({what})", n + 1));
            }
        }
    }
    out
}

#[test]
fn the_checker_uses_neither_the_evaluator_nor_the_kernels_comparison() {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut bad = Vec::new();
    for file in checker_files() {
        let src = std::fs::read_to_string(format!("{root}/{file}")).expect(&file);
        // A module's root may only name its files; any other file this short lost its code.
        assert!(
            src.len() > 1000 || file.ends_with("/mod.rs"),
            "{file} is suspiciously short"
        );
        for v in violations(&src) {
            bad.push(format!("{file}: {v}"));
        }
    }
    assert!(
        bad.is_empty(),
        "the checker reaches into the producer:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_producer_does_use_the_evaluator() {
    // The other half of the boundary: the engine and the producer evaluate rules through
    // `eval`, not through the checker's interpreter.
    let root = env!("CARGO_MANIFEST_DIR");
    let compose = std::fs::read_to_string(format!("{root}/src/proof/compose.rs")).unwrap();
    assert!(code(&compose).contains("crate::eval::"));
    assert!(!code(&compose).contains("matcher::"));
    let engine = std::fs::read_to_string(format!("{root}/src/engine/matcher.rs")).unwrap();
    assert!(code(&engine).contains("crate::eval::"));
}

/// The producer of the final-form claim and what it must not name: the claim's checker
/// (`final_check`, whose deciders would otherwise confirm their own answers) and the checker's
/// order by the definition (`inequality`). Both sides may name `final_claim`, the claim's data
/// and naming, which decides nothing.
const FINAL_PRODUCER: [&str; 1] = ["src/proof/final_form.rs"];
const FINAL_FORBIDDEN: [(&str, &str); 7] = [
    ("final_check", "the final claim's checker"),
    ("inequality", "the checker's order by the definition"),
    ("Definitional", "the checker's order by the definition"),
    ("misere_check", "the misère checker"),
    ("stopper_order", "the loopy checker's order"),
    ("loopy_order", "the loopy checker's order"),
    ("loopy_sides", "the loopy checker's side order"),
];

fn final_violations(src: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (n, line) in code(src).lines().enumerate() {
        let folded: String = line.chars().filter(|c| !c.is_whitespace()).collect();
        for (needle, what) in FINAL_FORBIDDEN {
            if folded.contains(needle) {
                out.push(format!("line {}: `{needle}` ({what})", n + 1));
            }
        }
    }
    out
}

#[test]
fn the_final_claims_producer_decides_for_itself() {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut bad = Vec::new();
    for file in FINAL_PRODUCER {
        let src = std::fs::read_to_string(format!("{root}/{file}")).expect(file);
        assert!(src.len() > 1000, "{file} is suspiciously short");
        // It does decide, by the kernels: the kernel's order, the misère kernel, the loopy
        // order.
        let body = code(&src);
        for needed in ["k.le(", "m.reduction(", "loopy::order::ge("] {
            assert!(body.contains(needed), "{file} does not call {needed}");
        }
        for v in final_violations(&src) {
            bad.push(format!("{file}: {v}"));
        }
    }
    assert!(
        bad.is_empty(),
        "the final claim's producer reaches into its checker:\n{}",
        bad.join("\n")
    );
    // The checker of the claim uses none of the kernels' deciding either.
    let check = std::fs::read_to_string(format!("{root}/src/proof/final_check.rs")).unwrap();
    assert!(violations(&check).is_empty(), "{:?}", violations(&check));
    assert!(kernel_uses(&check).is_empty(), "{:?}", kernel_uses(&check));
    assert!(!code(&check).contains("final_form"));
    // The patterns catch what they are meant to.
    for line in [
        "let (c, conds) = final_check::required(r, t, p, &l)?;",
        "let mut d = super::inequality::Definitional::new(&mut memo, None);",
        "use super::final_check :: memo;",
    ] {
        assert!(!final_violations(line).is_empty(), "missed: {line}");
    }
    assert!(final_violations("use super::final_claim::FinalClaim;").is_empty());
}

#[test]
fn the_patterns_catch_what_they_are_meant_to() {
    let caught = [
        "use crate::eval::terms::TermHost;",
        "use crate::engine::matcher::Graph;",
        "let r = self.kernel.compare(a, b)?;",
        "let r = d.kernel . le (a, b)?;",
        "let r = Kernel::le(&mut k, a, b);",
        "use super::compose::Composer;",
        "let l = d.kernel.left_options(g)?;",
        "let (x, u, n) = k.as_nus(a)?;",
    ];
    for line in caught {
        assert!(!violations(line).is_empty(), "missed: {line}");
    }
    let allowed = [
        "let r = d.compare(gx, gy)?; // by the definition",
        "let g = self.kernel.eval(t)?;",
        "// the engine::matcher is not used here",
        "#[cfg(test)]\nuse crate::eval::terms::TermHost;",
    ];
    for line in allowed {
        assert!(violations(line).is_empty(), "wrongly refused: {line}");
    }
}

//! One input driven through a layer of the library, with the properties every input must have.
//! Shared by the proptest fuzzers (`tests/fuzz.rs`), the corpus replay (`tests/fuzz_corpus.rs`)
//! and the libFuzzer targets (`fuzz/fuzz_targets/*.rs`, which include this file by path), so that
//! all three check the same things. A violated property panics; the callers catch that.

use onag::Kernel;
use onag::RuleSet;
use onag::Term;
use onag::{parse, print, PrintOptions};
use onag::{proof_of_simplification, Proof};
use onag::{Engine, EngineError, Limits};
use std::time::Duration;

/// Limits small enough that one fuzz input costs at most a couple of seconds.
pub fn fuzz_limits() -> Limits {
    Limits {
        max_nodes: 50_000,
        max_rounds: 5_000,
        time: Duration::from_secs(2),
        max_copies: 16,
        max_memory: 512 << 20,
        cancel: None,
        max_work: u64::MAX,
    }
}

fn show(t: &Term) -> String {
    print(t, &Default::default())
}

/// Whether the kernel can be asked for the term's value without risking a long computation: no
/// large multiples or rows (the kernel's default budget is sized for a machine, not for a fuzz
/// input's second), and a small tree.
pub fn kernel_safe(t: &Term) -> bool {
    fn ok(t: &Term) -> bool {
        match t {
            Term::Multiple { count, game } => count.bits() <= 4 && ok(game),
            Term::Hackenstring(r) => r.len() <= 16,
            Term::Game { left, right } => left.iter().chain(right).all(ok),
            Term::Sum(a, b) => ok(a) && ok(b),
            Term::Neg(a) => ok(a),
            Term::PlusMinus(xs) => xs.iter().all(ok),
            Term::Tiny { sub, .. } | Term::Miny { sub, .. } => ok(sub),
            Term::Nus { number, up, nim } => {
                number.numerator().bits() <= 64 && up.bits() <= 8 && nim.value().bits() <= 16
            }
            // A function may search a whole board: its cost is not the term's size.
            Term::Call { .. } | Term::Ref(_) => false,
            // Shared terms are driven by their own tests.
            Term::Name(_) | Term::Where { .. } => false,
            // A kind of term added later: not known to be cheap.
            _ => false,
        }
    }
    t.size() <= 60 && ok(t)
}

/// The game parser: an error has a position and a bounded rendering; a term prints back to
/// text that parses to the same term, in ASCII and in Unicode.
pub fn syntax(src: &str) {
    match parse(src) {
        Ok(t) => {
            for unicode in [false, true] {
                let text = print(
                    &t,
                    &PrintOptions {
                        unicode,
                        width: None,
                        ..Default::default()
                    },
                );
                let back = parse(&text)
                    .unwrap_or_else(|e| panic!("{src:?} printed as {text:?}, which fails: {e}"));
                assert_eq!(back, t, "{src:?} printed as {text:?}");
            }
        }
        Err(onag::Error::Parse(e)) => {
            assert!(e.line >= 1 && e.column >= 1, "{e:?}");
            assert!(e.line <= src.split('\n').count(), "{e:?}");
            let r = e.render();
            assert!(r.contains('^') && r.len() < 4_000, "{r}");
        }
        Err(e) => panic!("{src:?}: not a parse error: {e}"),
    }
}

/// The rule-file parser: an error names the file and a line inside it. A file that loads is
/// added to the shipped rules and run on a small game; an unsound rule must be reported as
/// such, never panic.
pub fn rules(src: &str) {
    let mut set = RuleSet::builtin();
    match set.add_text("fuzz.rules", src) {
        Err(e) => {
            assert_eq!(e.file, "fuzz.rules");
            assert!(e.line >= 1 && e.column >= 1, "{e:?}");
            assert!(e.line <= src.split('\n').count() + 1, "{e:?}");
            assert!(!e.to_string().is_empty());
        }
        Ok(()) => {
            let t = parse("{0,1|2} + {*|*}").unwrap();
            match Engine::new(set).with_limits(fuzz_limits()).saturate(&t) {
                Ok(_) | Err(_) => {}
            }
        }
    }
}

/// Runs with more engine steps than this skip the proof: proofs grow exponentially with the
/// size of up multiples (`{^6|}`: 92 engine steps, 2,029 proof steps, 1.3 GB; `{3/2^6*2|}`
/// more than 3 GB), a known defect kept as an ignored test in `tests/adversarial.rs`. Without
/// this bound one such input would exhaust the machine's memory instead of failing a test.
pub const KNOWN_BLOWUP_STEPS: usize = 60;

/// The engine on a term given as text: a result has the input's value and a proof that the
/// checker accepts; the only errors are limits and unsupported inputs, never an unsound rule.
pub fn engine(src: &str) {
    let Ok(t) = parse(src) else { return };
    if t.size() > 200 {
        return;
    }
    let rules = RuleSet::builtin();
    let value = if kernel_safe(&t) {
        Kernel::new().eval(&t).ok()
    } else {
        None
    };
    match Engine::new(rules.clone())
        .with_limits(fuzz_limits())
        .saturate(&t)
    {
        Ok(mut s) => {
            if value.is_some() {
                let mut k = Kernel::new();
                let a = k.eval(&t).unwrap();
                let b = k.eval(&s.result);
                assert_eq!(b.ok(), Some(a), "{src}: result {}", show(&s.result));
            }
            if s.steps().count() > KNOWN_BLOWUP_STEPS {
                return;
            }
            let result = s.result.clone();
            let p = proof_of_simplification(&mut s, &rules)
                .unwrap_or_else(|e| panic!("{src}: no proof: {e}"));
            assert!(p.checked());
            assert_eq!(p.result, result, "{src}");
            // The proof by lemmas (the path sums take) ends at a term of the same value, with
            // a proof the checker accepted; its only errors are limits.
            let engine = Engine::new(rules.clone()).with_limits(fuzz_limits());
            match onag::simplify(&t, &engine) {
                Ok(l) => {
                    assert!(l.proof.checked(), "{src}");
                    if value.is_some() {
                        let mut k = Kernel::new();
                        assert_eq!(
                            k.eval(l.result()).ok(),
                            k.eval(&t).ok(),
                            "{src}: proof by lemmas ends at {}",
                            show(l.result())
                        );
                    }
                }
                // The engine's limit (it carries the term reached) or a term it cannot hold.
                Err(
                    onag::Error::Limit {
                        reached: Some(_), ..
                    }
                    | onag::Error::BadInput(_),
                ) => {}
                Err(e) => panic!("{src}: no proof by lemmas: {e}"),
            }
        }
        Err(EngineError::Unsound(m)) => panic!("{src}: the shipped rules are unsound: {m}"),
        Err(EngineError::Limit { which, reached }) => {
            assert!(!which.is_empty());
            assert!(
                reached.starts_with(onag::TOO_LARGE) || parse(&reached).is_ok(),
                "{src}: reached {reached:?}"
            );
        }
        Err(EngineError::Unsupported(m)) => assert!(!m.is_empty()),
        Err(EngineError::Interrupted { .. }) => {
            panic!("{src}: interrupted, with no cancel flag set")
        }
    }
}

/// The proof reader and checker: whatever the text, an accepted proof was checked here and
/// proves a true equality (the kernel agrees that input and result are equal).
pub fn json(text: &str) {
    let rules = RuleSet::builtin();
    let read = Proof::from_json(text);
    if let Ok(p) = &read {
        assert!(!p.checked(), "from_json must not trust the text");
        assert_eq!(Proof::from_json(&p.to_json()).ok().as_ref(), Some(p));
    }
    // One grammar: the streaming reader of `onag check` reads exactly the texts the whole
    // reader reads (a limit aside), and accepts exactly the proofs the whole check accepts.
    let streamed = onag::check(text, &rules);
    if !matches!(streamed, Err(onag::Error::Limit { .. })) {
        assert_eq!(
            matches!(streamed, Err(onag::Error::BadInput(_))),
            read.is_err(),
            "the two readers disagree on {text:?}: {streamed:?}"
        );
    }
    let whole = read.ok().map(|mut p| p.verify(&rules).map(|()| p));
    // The whole check's own budget of work is smaller than `onag::check`'s: a check it stopped
    // is no verdict either.
    let stopped = matches!(&whole, Some(Err(e)) if e.limit.is_some());
    let verified = whole.and_then(|r| r.ok());
    if !matches!(streamed, Err(onag::Error::Limit { .. })) && !stopped {
        assert_eq!(
            streamed.is_ok(),
            verified.is_some(),
            "the two checks disagree on {text:?}"
        );
    }
    if let Some(p) = verified {
        assert!(p.checked());
        // A misère proof: its two sides have the same misère simplest form.
        if p.play == onag::Play::Misere {
            let misere = Engine::default().with_play(onag::Play::Misere);
            if let Ok(v) = onag::prove(&p.input, &p.result, &misere) {
                assert!(
                    matches!(v, onag::Verdict::Equal(..)),
                    "the checker accepted {} = {} in misère play, which is false",
                    show(&p.input),
                    show(&p.result)
                );
            }
            return;
        }
        if kernel_safe(&p.input) && kernel_safe(&p.result) {
            let mut k = Kernel::new();
            if let (Ok(a), Ok(b)) = (k.eval(&p.input), k.eval(&p.result)) {
                assert_eq!(
                    a,
                    b,
                    "the checker accepted {} = {}, which is false",
                    show(&p.input),
                    show(&p.result)
                );
            }
        }
    }
}

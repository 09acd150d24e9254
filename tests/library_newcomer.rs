//! Issue 46: the library used as a newcomer would, from outside the crate: every play through
//! the same calls (the engine says the play), `?` into `Box<dyn Error>`, limits on every call,
//! and a proof file written by the command line read and checked.
//!
//! Every value asserted is checked against an independent source: the definitions, brute force
//! written here (the order of short games by Definition 2.5 of seed 002; misère outcomes by
//! their definition, the last player to move loses), or facts published in ONAG and Winning
//! Ways (on + off = dud; on exceeds every number; ⇑ = {0|↑*}).

use onag::{Engine, Error, Evidence, Limits, LoopyKind, Play, Relation, RuleSet, Value, Verdict};
use std::error::Error as StdError;
use std::process::Command;
use std::time::Duration;

type Res = Result<(), Box<dyn StdError>>;

// ---- independent short games: Definition 2.5 of seed 002 -------------------------------

/// A short game by its options.
#[derive(Clone)]
struct G(Vec<G>, Vec<G>);

impl G {
    fn text(&self) -> String {
        let side = |xs: &[G]| xs.iter().map(G::text).collect::<Vec<_>>().join(",");
        format!("{{{}|{}}}", side(&self.0), side(&self.1))
    }
}

/// G ≤ H: no Left option of G is ≥ H, and no Right option of H is ≤ G.
fn le(g: &G, h: &G) -> bool {
    !g.0.iter().any(|gl| le(h, gl)) && !h.1.iter().any(|hr| le(hr, g))
}

/// Games born by day 2, written out: every game whose sides hold at most one of day 1's four
/// games, and some with two on a side.
fn day2() -> Vec<G> {
    let zero = G(vec![], vec![]);
    let day1 = [
        zero.clone(),
        G(vec![zero.clone()], vec![]),
        G(vec![], vec![zero.clone()]),
        G(vec![zero.clone()], vec![zero.clone()]),
    ];
    let mut sides: Vec<Vec<G>> = vec![vec![]];
    sides.extend(day1.iter().map(|g| vec![g.clone()]));
    let mut out = Vec::new();
    for l in &sides {
        for r in &sides {
            out.push(G(l.clone(), r.clone()));
        }
    }
    for (i, j) in [(0, 1), (0, 3), (1, 2), (2, 3)] {
        let two = vec![day1[i].clone(), day1[j].clone()];
        out.push(G(two.clone(), vec![]));
        out.push(G(vec![day1[0].clone()], two));
    }
    out
}

#[test]
fn normal_play_values_compare_by_the_definition_of_order() -> Res {
    let games = day2();
    let values: Vec<Value> = games
        .iter()
        .map(|g| g.text().parse::<Value>())
        .collect::<Result<_, _>>()?;
    for (g, a) in games.iter().zip(&values) {
        for (h, b) in games.iter().zip(&values) {
            let want = match (le(g, h), le(h, g)) {
                (true, true) => Some(std::cmp::Ordering::Equal),
                (true, false) => Some(std::cmp::Ordering::Less),
                (false, true) => Some(std::cmp::Ordering::Greater),
                (false, false) => None,
            };
            assert_eq!(a.partial_cmp(b), want, "{} vs {}", g.text(), h.text());
            assert_eq!(a == b, want == Some(std::cmp::Ordering::Equal));
            // The same relation from the call that compares terms.
            let rel = onag::compare(
                &onag::parse(&g.text())?,
                &onag::parse(&h.text())?,
                &Engine::default(),
            )?;
            let want_rel = match want {
                Some(std::cmp::Ordering::Equal) => Relation::Equal,
                Some(std::cmp::Ordering::Less) => Relation::Less,
                Some(std::cmp::Ordering::Greater) => Relation::Greater,
                None => Relation::Fuzzy,
            };
            assert_eq!(rel, want_rel, "{} vs {}", g.text(), h.text());
        }
        // What a value prints reads back as the same value.
        assert_eq!(a.to_string().parse::<Value>()?, *a, "{a}");
    }
    // {1|} is 2, more than 1, though a structural order of the texts might say otherwise.
    assert!("{1|}".parse::<Value>()? > "1".parse::<Value>()?);
    Ok(())
}

#[test]
fn normal_play_simplify_and_prove_give_values_and_verdicts() -> Res {
    let engine = Engine::default();
    // ONAG: {0,1|2} is 3/2, the simplest number between 1 and 2.
    let s = onag::simplify(&onag::parse("{0, 1 | 2}")?, &engine)?;
    assert!(s.canonical && s.proof.checked() && s.stuck.is_none());
    assert_eq!(
        (s.play(), s.value.to_string()),
        (Play::Normal, "3/2".to_string())
    );
    // Winning Ways: ⇑ = {0|↑*}.
    let v = onag::prove(&onag::parse("^ + ^")?, &onag::parse("{0 | ^*}")?, &engine)?;
    let Verdict::Equal(p) = &v else { panic!("{v}") };
    assert!(p.checked() && p.play == Play::Normal);
    assert!(v.to_string().contains("proved"), "{v}");
    // ↑ ≠ *: ↑ − * = ↑*, which whoever moves first wins (outcome N).
    let v = onag::prove(&onag::parse("^")?, &onag::parse("*")?, &engine)?;
    let Verdict::Different(d) = &v else {
        panic!("{v}")
    };
    assert_eq!(
        (d.a.to_string(), d.b.to_string()),
        ("^".to_string(), "*".to_string())
    );
    let Evidence::Normal(n) = &d.evidence else {
        panic!("{d:?}")
    };
    assert_eq!(n.outcome, onag::OutcomeClass::N);
    assert!(!d.to_string().is_empty());
    // Beyond the short games: ω + 1 is more than every integer, 1/3 lies between 0 and 1/2.
    let w: Value = "w + 1".parse()?;
    assert!(matches!(w, Value::Number(_)) && w > "1000".parse()?);
    let third: Value = "1/3".parse()?;
    assert!(third > "0".parse()? && third < "1/2".parse()?);
    assert_eq!("is_number(1/2)".parse::<Value>()?, Value::Bool(true));
    Ok(())
}

// ---- independent misère outcomes: the last player to move loses --------------------------

/// An impartial game by its options.
#[derive(Clone, Debug)]
struct Imp(Vec<Imp>);

/// Whether the player to move wins in misère play: with no move, they win (the other player
/// moved last); otherwise when some move leaves the other player losing.
fn misere_next_wins(g: &Imp) -> bool {
    g.0.is_empty() || g.0.iter().any(|o| !misere_next_wins(o))
}

/// The disjunctive sum, by its options.
fn sum(a: &Imp, b: &Imp) -> Imp {
    let mut opts: Vec<Imp> = a.0.iter().map(|x| sum(x, b)).collect();
    opts.extend(b.0.iter().map(|y| sum(a, y)));
    Imp(opts)
}

fn heap(n: usize) -> Imp {
    Imp((0..n).map(heap).collect())
}

/// A misère form's tree of options, read from the value itself.
fn tree(f: &onag::MisereForm) -> Result<Imp, Error> {
    Ok(Imp(f
        .options()?
        .iter()
        .map(tree)
        .collect::<Result<_, _>>()?))
}

fn text(g: &Imp) -> String {
    let opts = g.0.iter().map(text).collect::<Vec<_>>().join(",");
    format!("{{{opts}|{opts}}}")
}

#[test]
fn misere_play_through_the_same_calls() -> Res {
    let misere = Engine::default().with_play(Play::Misere);
    // A game with a reversible option: {*2, {*}} as an impartial form.
    let g = Imp(vec![heap(2), Imp(vec![heap(1)])]);
    let s = onag::simplify(&onag::parse(&text(&g))?, &misere)?;
    assert!(s.proof.checked() && s.play() == Play::Misere && s.canonical);
    let Value::Misere(form) = &s.value else {
        panic!("{:?}", s.value)
    };
    // The simplest form is equal to g in misère play: for every small X the outcomes of g + X
    // and form + X agree (the definition of misère equality, tested on X up to *3 + *2).
    let f = tree(form)?;
    for x in [
        heap(0),
        heap(1),
        heap(2),
        heap(3),
        sum(&heap(2), &heap(3)),
        Imp(vec![heap(2)]),
    ] {
        assert_eq!(
            misere_next_wins(&sum(&g, &x)),
            misere_next_wins(&sum(&f, &x)),
            "{form}"
        );
    }
    // *2 + *2 ≠ 0 in misère play (it is a P-position, 0 an N-position).
    let v = onag::prove(&onag::parse("*2 + *2")?, &onag::parse("0")?, &misere)?;
    let Verdict::Different(d) = &v else {
        panic!("{v}")
    };
    assert_eq!(d.play, Play::Misere);
    let Evidence::Misere(x) = &d.evidence else {
        panic!("{d:?}")
    };
    if let Some(x) = x {
        // The distinguisher's outcomes are right by brute force.
        let xt = tree(&x.x)?;
        let a = sum(&sum(&heap(2), &heap(2)), &xt);
        let b = xt.clone();
        let o = |p: bool| {
            if p {
                onag::MisereOutcome::N
            } else {
                onag::MisereOutcome::P
            }
        };
        assert_eq!(x.a_plus_x, o(misere_next_wins(&a)));
        assert_eq!(x.b_plus_x, o(misere_next_wins(&b)));
        assert_ne!(x.a_plus_x, x.b_plus_x);
    }
    assert!(v.to_string().contains("misère"), "{v}");
    // Equal games are proved so, with a proof in misère play.
    let v = onag::prove(&onag::parse("*2 + *3")?, &onag::parse("*3 + *2")?, &misere)?;
    assert!(matches!(v, Verdict::Equal(ref p) if p.play == Play::Misere && p.checked()));
    // evaluate and compare follow the play too.
    let v = onag::evaluate(&onag::parse("*2 + *2")?, &misere)?;
    let Value::Misere(f) = &v else {
        panic!("{v:?}")
    };
    assert!(
        !misere_next_wins(&tree(f)?),
        "*2 + *2 is a misère P-position"
    );
    let rel = onag::compare(&onag::parse("*2 + *3")?, &onag::parse("*3 + *2")?, &misere)?;
    assert_eq!(rel, Relation::Equal);
    Ok(())
}

#[test]
fn loopy_play_through_the_same_calls() -> Res {
    let loopy = Engine::default().with_play(Play::Loopy);
    // Winning Ways ch. 11: on + off = dud.
    let s = onag::simplify(&onag::parse("on + off")?, &loopy)?;
    assert_eq!(
        (s.play(), s.value.to_string()),
        (Play::Loopy, "dud".to_string())
    );
    let Value::Loopy(l) = &s.value else {
        panic!("{:?}", s.value)
    };
    assert_eq!(l.kind()?, LoopyKind::Sided);
    let v = onag::prove(&onag::parse("on + off")?, &onag::parse("dud")?, &loopy)?;
    assert!(matches!(v, Verdict::Equal(ref p) if p.play == Play::Loopy && p.checked()));
    // on exceeds every number; on and off differ, on the greater.
    assert_eq!(
        onag::compare(&onag::parse("on")?, &onag::parse("1000")?, &loopy)?,
        Relation::Greater
    );
    let v = onag::prove(&onag::parse("on")?, &onag::parse("off")?, &loopy)?;
    let Verdict::Different(d) = &v else {
        panic!("{v}")
    };
    assert!(
        matches!(d.evidence, Evidence::Loopy(Relation::Greater)),
        "{d:?}"
    );
    let on: Value = "on".parse()?;
    assert!(on > "1000".parse()? && on > "off".parse()?);
    assert_eq!(
        onag::evaluate(&onag::parse("on + off")?, &loopy)?,
        "dud".parse()?
    );
    // The loopy reader's errors travel by `?` too.
    let mut k = onag::Kernel::new();
    let g = onag::read_loopy("upon", &mut k, &mut onag::LoopyWork::default())?;
    assert!(g.is_stopper());
    Ok(())
}

// ---- errors and limits ---------------------------------------------------------------------

#[test]
fn errors_carry_by_question_mark_and_print_without_a_prefix() {
    fn bad() -> Res {
        onag::parse("{0 |")?;
        Ok(())
    }
    let e = bad().unwrap_err();
    assert!(!e.to_string().starts_with("error"), "{e}");
    // The parse error is the source of the library's error.
    let e = onag::parse("{0 |").unwrap_err();
    let src = e.source().expect("a parse error's source");
    assert!(src.downcast_ref::<onag::ParseError>().is_some());
    fn loopy_bad() -> Res {
        let mut k = onag::Kernel::new();
        onag::read_loopy("{pass |", &mut k, &mut onag::LoopyWork::default())?;
        Ok(())
    }
    let e = loopy_bad().unwrap_err();
    assert!(!e.to_string().starts_with("error"), "{e}");
    assert!(e.source().is_some(), "{e}");
    // And into the library's own error, by `From`.
    fn into_onag_error(text: &str) -> Result<onag::Loopy, Error> {
        let mut k = onag::Kernel::new();
        Ok(onag::read_loopy(
            text,
            &mut k,
            &mut onag::LoopyWork::default(),
        )?)
    }
    assert!(into_onag_error("upon").is_ok());
    let e = into_onag_error("{pass |").unwrap_err();
    assert!(matches!(e, Error::Parse(_)) && e.exit_code() == 2, "{e:?}");
    // Every public error type is a std error.
    fn is_error<E: StdError + Send + Sync + 'static>() {}
    is_error::<onag::Error>();
    is_error::<onag::LoopyReadError>();
    is_error::<onag::TableError>();
    is_error::<onag::CertError>();
    is_error::<onag::On2RangeError>();
    is_error::<onag::SurrealError>();
    is_error::<onag::ParseError>();
    is_error::<onag::KernelError>();
    is_error::<onag::EngineError>();
    is_error::<onag::ProofError>();
}

#[test]
fn every_play_stops_at_the_engines_limits() {
    let tight = onag::Limits {
        max_work: 100,
        ..onag::Limits::default()
    };
    let big = onag::parse("{1|-1} + {2|-2} + {3|-3} + {4|-4} + {5|-5} + {6|-6} + {7|-7}").unwrap();
    for play in [Play::Normal, Play::Loopy] {
        let engine = Engine::default().with_play(play).with_limits(tight.clone());
        let e = onag::evaluate(&big, &engine).unwrap_err();
        assert!(matches!(e, Error::Limit { .. }), "{play}: {e}");
    }
    // A misère derivation of a large Kayles row stops at a short time limit.
    let quick = onag::Limits {
        time: Duration::from_millis(1),
        ..onag::Limits::default()
    };
    let misere = Engine::default()
        .with_play(Play::Misere)
        .with_limits(quick.clone());
    let e = onag::simplify(&onag::parse("kayles(40)").unwrap(), &misere).unwrap_err();
    assert_eq!(e.exit_code(), 3, "{e}");
    // A cancel flag already set stops a normal-play simplification.
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let cancelled = onag::Limits {
        cancel: Some(flag),
        ..onag::Limits::default()
    };
    let sum = onag::parse("{1|-1} + {2|-2} + {3|-3} + {4|-4} + {5|-5}").unwrap();
    let e = onag::simplify(&sum, &Engine::default().with_limits(cancelled)).unwrap_err();
    assert!(
        matches!(e, Error::Interrupted { .. } | Error::Limit { .. }),
        "{e}"
    );
}

// ---- a file written by the command line ----------------------------------------------------

fn onag_writes(args: &[&str], name: &str) -> std::path::PathBuf {
    let out = Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(args)
        .output()
        .expect("runs onag");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let path =
        std::env::temp_dir().join(format!("onag-newcomer-{}-{name}.json", std::process::id()));
    std::fs::write(&path, &out.stdout).unwrap();
    path
}

#[test]
fn a_proof_file_written_by_the_cli_is_read_and_checked() -> Res {
    let rules = RuleSet::builtin();
    // Σ ±k for k ≤ 6: large enough that the proof shares terms through its table.
    let sum = "{1|-1} + {2|-2} + {3|-3} + {4|-4} + {5|-5} + {6|-6}";
    let path = onag_writes(&["simplify", "--format", "json", sum], "sum6");
    let file = onag::check_path(&path, &rules, &Limits::default())?;
    std::fs::remove_file(&path).ok();
    assert_eq!(file.play, Play::Normal);
    // The result is a game, never a reference into the file's table.
    assert!(!file.result.to_string().contains('#'), "{}", file.result);
    assert_eq!(file.result.to_string().parse::<Value>()?, file.value);
    // A sum of switches ±6, …, ±1 is a first-player win: moving first, a player takes the
    // largest switch and the two alternate down, 6 − 5 + 4 − 3 + 2 − 1 = 3 for the first
    // mover. So the value is confused with 0, and it equals its own written sum.
    assert_eq!(file.value.partial_cmp(&"0".parse()?), None);
    assert_eq!(file.value, sum.parse()?);

    // A misère proof: kayles(7), whose misère outcome brute force over Kayles gives.
    let path = onag_writes(
        &["simplify", "--misere", "--format", "json", "kayles(7)"],
        "k7",
    );
    let file = onag::check_reader(std::fs::File::open(&path)?, &rules, &Limits::default())?;
    std::fs::remove_file(&path).ok();
    assert_eq!(file.play, Play::Misere);
    let Value::Misere(form) = &file.value else {
        panic!("{:?}", file.value)
    };
    assert_eq!(misere_next_wins(&tree(form)?), kayles_next_wins(&[7]));
    Ok(())
}

/// Misère Kayles by brute force: a move knocks down one pin or two adjacent ones from a row,
/// which may leave two rows; the player who cannot move wins.
fn kayles_next_wins(rows: &[usize]) -> bool {
    let mut rows: Vec<usize> = rows.iter().copied().filter(|&r| r > 0).collect();
    rows.sort_unstable();
    if rows.is_empty() {
        return true;
    }
    for (i, &r) in rows.iter().enumerate() {
        for take in 1..=2.min(r) {
            for left in 0..=(r - take) {
                let right = r - take - left;
                let mut next = rows.clone();
                next.remove(i);
                next.push(left);
                next.push(right);
                if !kayles_next_wins(&next) {
                    return true;
                }
            }
        }
    }
    false
}

// ---- the types a user holds ----------------------------------------------------------------

/// The Rust API guidelines' traits on the types a user holds: `Send + Sync` (checked at
/// compile time, and used: one engine shared by threads), `Debug` and `Clone`.
#[test]
fn the_main_types_are_thread_safe_debug_and_clone() {
    fn shared<T: Send + Sync + std::fmt::Debug + Clone>() {}
    shared::<Engine>();
    shared::<onag::Limits>();
    shared::<RuleSet>();
    shared::<Value>();
    shared::<onag::Term>();
    shared::<onag::Proof>();
    shared::<onag::Simplification>();
    shared::<onag::Verdict>();
    shared::<onag::Disproof>();
    shared::<onag::CheckedFile>();
    shared::<Error>();
    // One engine, two threads: each value by the definition of the simplest number between
    // its options ({0|5} = 1, {0, 1 | 2} = 3/2).
    let engine = std::sync::Arc::new(Engine::default());
    let threads: Vec<_> = [("{0|5}", "1"), ("{0, 1 | 2}", "3/2")]
        .into_iter()
        .map(|(game, want)| {
            let engine = engine.clone();
            std::thread::spawn(move || {
                let s = onag::simplify(&onag::parse(game).unwrap(), &engine).unwrap();
                assert_eq!(s.value.to_string(), want);
            })
        })
        .collect();
    for t in threads {
        t.join().expect("the thread's assertions hold");
    }
}

/// The library's messages speak of its own calls, never of the command line's commands or
/// flags (each face adds its own words): a game with no derivation names `onag::evaluate`,
/// and a check stopped by a limit says so rather than "does not check".
#[test]
fn library_messages_name_library_calls_not_commands() {
    let engine = Engine::default();
    for game in ["w + 1", "nimmul(*256, *2)"] {
        let e = onag::simplify(&onag::parse(game).unwrap(), &engine)
            .unwrap_err()
            .to_string();
        assert!(e.contains("`onag::evaluate`"), "{game}: {e}");
        assert!(!e.contains("`onag ") && !e.contains("--"), "{game}: {e}");
        // And `onag::evaluate` gives the value, as the message says.
        assert!(
            onag::evaluate(&onag::parse(game).unwrap(), &engine).is_ok(),
            "{game}"
        );
    }
    let rules = RuleSet::builtin();
    let s = onag::simplify(&onag::parse("{0,1|2}").unwrap(), &engine).unwrap();
    let cancelled = onag::Limits {
        cancel: Some(std::sync::Arc::new(std::sync::atomic::AtomicBool::new(
            true,
        ))),
        ..onag::Limits::default()
    };
    let e = onag::check_with(&s.proof.to_json(), &rules, &cancelled).unwrap_err();
    assert!(matches!(e, Error::Limit { .. }), "{e:?}");
    assert!(!e.to_string().contains("does not check"), "{e}");

    // Misère play decides equality only: the message names the call that tells the two
    // apart, both simplest forms, and reads as one sentence (no gap left by a broken line).
    let misere = engine.with_play(Play::Misere);
    let e = onag::compare(
        &onag::parse("*2").unwrap(),
        &onag::parse("*3").unwrap(),
        &misere,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("`onag::prove`"), "{e}");
    assert!(e.contains("*2") && e.contains("*3"), "{e}");
    assert!(!e.contains("  "), "{e}");
}

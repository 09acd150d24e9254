//! Function calls in the expression language: parsing, printing and evaluation.

mod nim_roots;

use onag::Kernel;
use onag::{print, ParseError, PrintOptions};
use onag::{Arg, Term};

/// `onag::parse` with the parser's own error: every input here is far below the limits, so an
/// error is always `Error::Parse`, whose line, column and message these tests read.
fn parse(s: &str) -> Result<Term, ParseError> {
    onag::parse(s).map_err(|e| match e {
        onag::Error::Parse(p) => p,
        e => panic!("{s:?}: not a parse error: {e}"),
    })
}

fn eval_num(src: &str) -> String {
    let mut k = Kernel::new();
    let g = k.eval(&parse(src).unwrap()).unwrap();
    print(&k.to_term(g), &PrintOptions::default())
}

#[test]
fn a_call_parses_with_string_and_game_arguments_and_prints_back() {
    let t = parse("birthday({0|1}) + 2").unwrap();
    let Term::Sum(call, _) = &t else {
        panic!("{t:?}")
    };
    assert_eq!(
        **call,
        Term::Call {
            name: "birthday".into(),
            args: vec![Arg::Game(parse("{0|1}").unwrap())]
        }
    );
    let printed = print(&t, &PrintOptions::default());
    assert_eq!(printed, "birthday({0|1}) + 2");
    assert_eq!(parse(&printed).unwrap(), t);
    // A string argument is kept as text, and prints back quoted.
    let t = Term::Call {
        name: "birthday".into(),
        args: vec![Arg::Text("..#|...".into()), Arg::Game(Term::integer(3))],
    };
    assert_eq!(parse(&print(&t, &PrintOptions::default())).unwrap(), t);
}

#[test]
fn an_unknown_function_is_a_positioned_error_listing_the_functions() {
    // The parser builds the call without knowing the functions; evaluating it resolves the
    // name, and the error is placed at the call in the text.
    let src = "1 + frobnicate(2)";
    let t = parse(src).unwrap();
    let e = Kernel::new().eval(&t).unwrap_err();
    let onag::Error::At(e) = onag::Error::from(e).at_source(src) else {
        panic!("not placed in the text")
    };
    assert_eq!((e.line, e.column), (1, 5));
    assert!(e.render().contains("    ^^^^^^^^^^^^^"), "{}", e.render());
    assert!(
        e.message.contains("frobnicate: unknown function"),
        "{}",
        e.message
    );
    // The list of functions, each one a name the function table knows.
    let list = e.message.split("the functions are ").nth(1).unwrap();
    let listed: Vec<&str> = list.trim_end_matches(')').split(", ").collect();
    assert!(listed.iter().all(|n| onag::function(n).is_some()), "{list}");
    for f in ["birthday", "cool", "domineering", "nimmul", "cut"] {
        assert!(listed.contains(&f), "{f} missing from {list}");
    }
    // A name not followed by `(` is still an unknown name, not a call.
    assert!(parse("frobnicate").is_err());
    let e = parse("birthday(1, 2").unwrap_err();
    assert_eq!((e.line, e.column), (1, 14));
}

#[test]
fn an_unknown_function_names_the_nearest_ones_first() {
    let message = |src: &str| {
        let t = parse(src).unwrap();
        let e = Kernel::new().eval(&t).unwrap_err();
        let onag::Error::At(e) = onag::Error::from(e).at_source(src) else {
            panic!("not placed in the text")
        };
        e.message
    };
    // CGSuite's capitalised method name: its snake-case function.
    let m = message("MisereNimValue(*2)");
    assert!(
        m.contains("unknown function; did you mean `misere_nim_value`? (the functions are"),
        "{m}"
    );
    // One letter wrong or missing.
    let m = message("birthdy({1|0})");
    assert!(m.contains("did you mean `birthday`?"), "{m}");
    let m = message("temprature({1|-1})");
    assert!(m.contains("did you mean `temperature`?"), "{m}");
    // Nothing near: only the list.
    let m = message("frobnicate(2)");
    assert!(
        m.contains("frobnicate: unknown function (the functions are"),
        "{m}"
    );
    assert!(!m.contains("did you mean"), "{m}");
}

#[test]
fn a_where_may_define_a_functions_name_since_a_call_is_written_with_parentheses() {
    // birthday(1) is 1 (day 1), and the name birthday stands for 5: 5 + 1 = 6.
    let t = parse("birthday + birthday(1) where birthday = 5").unwrap();
    let mut k = Kernel::new();
    let g = k.eval(&t).unwrap();
    assert_eq!(k.as_number(g), Some(onag::Dyadic::from(6)));
}

/// The birthday of a game, from the definition: one more than the latest birthday among its
/// canonical options, 0 for {|}.
fn birthday_by_definition(k: &mut Kernel, g: onag::GameId) -> u64 {
    let mut opts = k.left_options(g).unwrap();
    opts.extend(k.right_options(g).unwrap());
    opts.into_iter()
        .map(|o| 1 + birthday_by_definition(k, o))
        .max()
        .unwrap_or(0)
}

#[test]
fn birthday_is_the_canonical_forms_day() {
    // Seed 002, birthdays: n is born on day n, 1/2^k on day k+1, *n on day n.
    assert_eq!(eval_num("birthday(5)"), "5");
    assert_eq!(eval_num("birthday(-3)"), "3");
    assert_eq!(eval_num("birthday(1/8)"), "4");
    assert_eq!(eval_num("birthday(*4)"), "4");
    assert_eq!(eval_num("birthday(^)"), "2");
    // The form {-1|1} is born on day 2, its value 0 on day 0.
    assert_eq!(eval_num("birthday({-1|1})"), "0");
    assert_eq!(eval_num("birthday({2|-1}) + birthday(+-1)"), "5");
    let mut k = Kernel::new();
    for src in [
        "{1|{2|-3}}",
        "{^|v*}",
        "{0||0|-2}",
        "3/4+*2",
        "{1/2|*}+{3|^}",
    ] {
        let g = k.eval(&parse(src).unwrap()).unwrap();
        let want = birthday_by_definition(&mut k, g);
        assert_eq!(
            eval_num(&format!("birthday({src})")),
            want.to_string(),
            "{src}"
        );
    }
}

#[test]
fn bad_arguments_are_errors_naming_the_function() {
    let mut k = Kernel::new();
    for (src, want) in [
        ("birthday(\"x\")", "must be a game"),
        ("birthday()", "expected 1 argument"),
        ("birthday(1, 2)", "expected 1 argument"),
    ] {
        let e = k.eval(&parse(src).unwrap()).unwrap_err();
        assert!(e.to_string().contains(want), "{src}: {e}");
        assert!(e.to_string().starts_with("birthday:"), "{src}: {e}");
    }
}

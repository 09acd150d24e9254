//! The expressions `benches/functions.rs` times, a few for every function of the expression
//! language: each function applied to representative games of birthday ≤ 5 (hot games,
//! switches, sums of ups, nimbers; two hot games of birthday 6 the issue names, {5|{3|-2}} and
//! {{4|2}|{-1|-3}}, for good measure), numbers for the number functions, and for rulesets
//! positions whose values are born by day 5. `tests/function_cases.rs` checks that the list
//! covers `onag::function_names()` and that every case evaluates, so a new function cannot be
//! forgotten and a case cannot time an error.

/// Short games, partizan: hot games, switches, numbers, infinitesimals.
pub const GAMES: &[&str] = &[
    "{5|{3|-2}}",
    "{{4|2}|{-1|-3}}",
    "{3|-1}",
    "{2|{1|-1}}",
    "^+^+^*",
    "{0|^*}",
    "*4+*3",
    "13/8",
];

/// Impartial games (`options` and the misère functions take only these).
pub const IMPARTIAL: &[&str] = &["*4", "*2+*3", "{0,*2|0,*2}", "{*,*2|*,*2}"];

/// The impartial games and one misère form.
pub const MISERE: &[&str] = &["*4", "*2+*3", "{0,*2|0,*2}", "{*,*2|*,*2}", "*[[2],0]"];

/// Numbers for the functions of numbers.
pub const NUMBERS: &[&str] = &["13/8", "-5/4", "31", "-7"];

/// Non-negative integers for the functions of integers.
pub const INTEGERS: &[&str] = &["31", "1024", "12345"];

/// Loopy games, for the loopy family.
pub const LOOPY: &[&str] = &["on", "upon", "on + off", "1 & 0", "5 + over", "a{0|a}"];

/// The rulesets: each case is a position, whose value must be born by day 5.
pub const RULESETS: &[&str] = &[
    "domineering",
    "clobber",
    "toads",
    "cutcake",
    "octal",
    "subtraction",
    "take_and_break",
    "grundy",
    "wythoff",
    "toppling_dominoes",
    "mem",
    "spawning",
    "take_away",
    "fibonacci_nim",
    "maundy_cake",
    "turning",
    "toads_and_frogs",
    "elephants_and_rhinos",
    "partizan_arc_kayles",
    "anti_clobber",
    "grundys_game",
    "hackenbush",
    "snort",
    "col",
    "arc_kayles",
    "childish_hackenbush",
    "cram",
    "kings",
    "rooks",
    "knights",
    "queens",
    "amazons",
];

/// `f(x)` for each `x`.
fn each(f: &str, xs: &[&str]) -> Vec<String> {
    xs.iter().map(|x| format!("{f}({x})")).collect()
}

/// The expressions as written.
fn lit(xs: &[&str]) -> Vec<String> {
    xs.iter().map(|x| x.to_string()).collect()
}

/// Every function's name with the expressions that time it.
pub fn cases() -> Vec<(&'static str, Vec<String>)> {
    let mut c: Vec<(&'static str, Vec<String>)> = Vec::new();
    // Functions of one short game.
    for f in [
        "birthday",
        "freeze",
        "reduced",
        "temperature",
        "mean",
        "left_stop",
        "right_stop",
        "formbirthday",
        "left_options",
        "right_options",
        "followers",
        "follower_count",
        "incentives",
        "left_incentives",
        "right_incentives",
        "stop_count",
        "is_all_small",
        "is_infinitesimal",
        "is_numberish",
        "is_number_tiny",
        "is_uptimal",
        "is_dyadic",
        "is_ordinal",
        "is_integer",
        "is_number",
        "is_nimber",
        "is_even_tempered",
        "is_odd_tempered",
        "canonical_form",
        "game_value",
        "is_finite",
    ] {
        c.push((f, each(f, GAMES)));
    }
    // Atomic weight and companion are defined on all-small games.
    for f in [
        "atomic_weight",
        "is_atomic",
        "companion",
        "uptimal_expansion",
    ] {
        c.push((f, each(f, &["^+^+^*", "{0|^*}", "*4+*3", "^[3]*", "^<3>"])));
    }
    c.push((
        "cool",
        GAMES.iter().map(|g| format!("cool({g}, 1)")).collect(),
    ));
    c.push((
        "heat",
        ["{5|{3|-2}}", "{3|-1}", "^+^+^*", "*4+*3"]
            .iter()
            .map(|g| format!("heat({g}, 1)"))
            .collect(),
    ));
    c.push((
        "overheat",
        ["^", "*", "{0|^*}", "1/2"]
            .iter()
            .map(|g| format!("overheat({g}, 1, 1)"))
            .collect(),
    ));
    c.push((
        "norton",
        ["{5|{3|-2}}", "{3|-1}", "^+^+^*", "*4+*3"]
            .iter()
            .map(|g| format!("norton({g}, 2)"))
            .collect(),
    ));
    // Rulesets: positions whose values are born by day 5.
    c.push((
        "domineering",
        lit(&[r#"domineering("..#|...")"#, r#"domineering("...|...")"#]),
    ));
    c.push((
        "clobber",
        lit(&[r#"clobber("xo.|ox.")"#, r#"clobber("xoxo")"#]),
    ));
    c.push(("toads", lit(&[r#"toads("TT..FF")"#, r#"toads("T.F.T")"#])));
    c.push(("cutcake", lit(&["cutcake(3, 2)", "cutcake(4, 3)"])));
    c.push((
        "octal",
        lit(&[r#"octal("0.77", 8)"#, r#"octal("0.07", 10)"#]),
    ));
    c.push((
        "subtraction",
        lit(&[r#"subtraction("1,2,3", 10)"#, r#"subtraction("2,5", 12)"#]),
    ));
    c.push(("nim", lit(&["nim(5)", "nim(w)", "*w + *3"])));
    c.push(("options", each("options", IMPARTIAL)));
    c.push((
        "take_and_break",
        lit(&[
            r#"take_and_break("4!.0", 8)"#,
            r#"take_and_break("0.137", 10)"#,
        ]),
    ));
    c.push(("grundy", lit(&["grundy(8)", "grundy(11)"])));
    c.push(("wythoff", lit(&["wythoff(3, 5)", "wythoff(2, 3)"])));
    c.push((
        "toppling_dominoes",
        lit(&[
            r#"toppling_dominoes("lrrlrrl")"#,
            r#"toppling_dominoes("llr")"#,
        ]),
    ));
    c.push(("mem", lit(&["mem(6, 2)", "mem(8, 3)"])));
    c.push((
        "spawning",
        lit(&[r#"spawning("1-3", 3)"#, r#"spawning("4FS", 6)"#]),
    ));
    c.push((
        "take_away",
        lit(&["take_away(3, 4, 2)", "take_away(1/2, 6, 4)"]),
    ));
    c.push((
        "fibonacci_nim",
        lit(&["fibonacci_nim(4, 2)", "fibonacci_nim(6, 1)"]),
    ));
    c.push((
        "maundy_cake",
        lit(&["maundy_cake(4, 2)", "maundy_cake(2, 3)"]),
    ));
    c.push((
        "turning",
        lit(&[r#"turning("1-3", "thth")"#, r#"turning("1+C", "hht")"#]),
    ));
    c.push((
        "toads_and_frogs",
        lit(&[r#"toads_and_frogs("t.f")"#, r#"toads_and_frogs("t.tf.")"#]),
    ));
    c.push((
        "elephants_and_rhinos",
        lit(&[
            r#"elephants_and_rhinos("t..f")"#,
            r#"elephants_and_rhinos("t.f.")"#,
        ]),
    ));
    c.push((
        "partizan_arc_kayles",
        lit(&[
            r#"partizan_arc_kayles("llr")"#,
            r#"partizan_arc_kayles("lre")"#,
        ]),
    ));
    c.push((
        "anti_clobber",
        lit(&[r#"anti_clobber("xoxo|oo..")"#, r#"anti_clobber("x.o")"#]),
    ));
    c.push((
        "grundys_game",
        lit(&["grundys_game(8)", "grundys_game(11)"]),
    ));
    c.push((
        "hackenbush",
        lit(&[r#"hackenbush("LRE")"#, r#"hackenbush("LRL")"#]),
    ));
    c.push(("snort", lit(&[r#"snort("L-.-.")"#, r#"snort(".-.-.")"#])));
    c.push(("col", lit(&[r#"col("L-.-R")"#, r#"col(".-.-.")"#])));
    c.push((
        "arc_kayles",
        lit(&[r#"arc_kayles("---")"#, r#"arc_kayles("----")"#]),
    ));
    c.push((
        "childish_hackenbush",
        lit(&[
            r#"childish_hackenbush("l(l;rl)")"#,
            r#"childish_hackenbush("lrr")"#,
        ]),
    ));
    c.push(("cram", lit(&[r#"cram("...|.#.")"#, r#"cram("...|...")"#])));
    for f in ["kings", "rooks", "knights", "queens"] {
        c.push((
            f,
            vec![format!(r#"{f}("xox|ox.")"#), format!(r#"{f}("x..|..o")"#)],
        ));
    }
    c.push((
        "amazons",
        lit(&[r#"amazons("x..#|...o")"#, r#"amazons("x..|..o")"#]),
    ));
    // The number world.
    c.push(("omega", lit(&["omega(2)", "w + 1"])));
    c.push(("epsilon", lit(&["epsilon", "epsilon + 1"])));
    c.push(("mul", lit(&["mul(3/2, 5/4)", "mul(*3, *5)", "3/4 * w"])));
    c.push(("div", lit(&["div(3, 4)", "div(*3, *5)"])));
    c.push(("power", lit(&["power(3, 5)", "2^(-4)", "(2/3)^(-3)"])));
    c.push(("sqrt", lit(&["sqrt(16)", "sqrt(*5)"])));
    c.push(("nimmul", lit(&["nimmul(*6, *7)", "nimmul(*13, *11)"])));
    c.push(("nimdiv", lit(&["nimdiv(*6, *7)"])));
    c.push(("niminv", lit(&["niminv(*5)", "niminv(*13)"])));
    c.push(("nimsqrt", lit(&["nimsqrt(*6)", "nimsqrt(*13)"])));
    c.push(("nimpow", lit(&["nimpow(*3, 4)", "nimpow(*6, 5)"])));
    c.push(("nimsolve", lit(&["nimsolve(*5)", "nimsolve(*2)"])));
    c.push(("osum", lit(&["osum(1, w)", "osum(3, 5)"])));
    c.push(("oprod", lit(&["oprod(2, w)", "oprod(3, 5)"])));
    c.push(("hs", lit(&[r#"hs"LRE""#, r#"hs"L(R)""#])));
    c.push(("sbirthday", each("sbirthday", NUMBERS)));
    c.push(("cut", lit(&["{0,1,2,...|}", "{0|1,1/2,1/4,...}"])));
    // Misère play.
    c.push(("misere", lit(&["*[2]", "*[[2],0]", r#"misere("*[2#0]")"#])));
    for f in [
        "misere_canonical_form",
        "misere_outcome_class",
        "misere_nim_value",
        "genus",
        "mate",
        "misere_birthday",
        "misere_options",
        "is_tame",
        "is_generally_tame",
        "is_restive",
        "is_generally_restive",
        "is_restless",
        "is_introverted",
        "is_nim_heap",
        "is_extraverted",
        "is_half_tame",
        "is_prime",
        "is_tameable",
        "parts",
        "partitions",
    ] {
        c.push((f, each(f, MISERE)));
    }
    c.push((
        "distinguisher",
        lit(&[
            "distinguisher(*[[2]], *[2]+*[2])",
            "distinguisher(*[2], *[2]+*[2])",
        ]),
    ));
    c.push(("link", lit(&["link(*[[[2]]], *[2]+*[2])"])));
    c.push((
        "misere_day_n",
        lit(&[
            "misere_day_n(3)",
            "misere_day_n(4)",
            "misere_day_n(4, 100, 2)",
        ]),
    ));
    c.push((
        "is_linked_to",
        lit(&[
            "is_linked_to(*[[[2]]], *[2]+*[2])",
            "is_linked_to(*[[[2]]], *[[2]])",
        ]),
    ));
    c.push((
        "misere_minus",
        lit(&["misere_minus(*[2]+*[2], *[2])", "misere_minus(*2+*3, *2)"]),
    ));
    // is_even and is_odd take games, misère forms and integers.
    for f in ["is_even", "is_odd"] {
        let mut xs = each(f, &["{5|{3|-2}}", "^+^+^*", "*4+*3", "{0,*2|0,*2}"]);
        xs.extend(each(f, &["*[[2],0]", "12345"]));
        c.push((f, xs));
    }
    c.push((
        "kayles",
        lit(&["kayles(6)", "misere_outcome_class(kayles(6))"]),
    ));
    c.push((
        "dawsons_kayles",
        lit(&[
            "dawsons_kayles(7)",
            "misere_outcome_class(dawsons_kayles(7))",
        ]),
    ));
    // Misère quotients of small heaps.
    for f in [
        "misere_quotient",
        "misere_quotient_order",
        "misere_p_portion",
        "pretending_function",
        "misere_quotient_table",
        "misere_quotient_grid",
        "misere_quotient_json",
    ] {
        c.push((
            f,
            vec![format!(r#"{f}("0.77", 8)"#), format!(r#"{f}("0.07", 8)"#)],
        ));
    }
    c.push((
        "misere_quotients",
        lit(&[
            r#"misere_quotients("0.77 0.07", 8)"#,
            r#"misere_quotients("0.04", "0.15", 8, 30)"#,
        ]),
    ));
    // Lists.
    c.push((
        "size",
        lit(&["size(left_options({5|{3|-2}}))", "size(followers(*4+*3))"]),
    ));
    // Loopy games.
    for f in ["on", "off", "over", "under", "upon", "dud"] {
        c.push((f, vec![f.to_string(), format!("{f} + ^")]));
    }
    c.push(("pass", lit(&["{pass|*}", "{0,pass|0}"])));
    c.push(("loop", lit(&["a{0|a}", "a{0,a|b{a|0}}"])));
    c.push(("sidle", lit(&["1 & 0", "sidle(on, 0)"])));
    for f in [
        "onside",
        "offside",
        "outcome_class",
        "outcome",
        "is_loopfree",
        "is_stopper",
        "is_stopper_sided",
        "is_plumtree",
        "is_pseudonumber",
        "is_idempotent",
    ] {
        c.push((f, each(f, LOOPY)));
    }
    c.push(("upsum", lit(&["upsum(on, 0)", "upsum(upon, over)"])));
    for f in ["degree", "variety", "is_stable"] {
        c.push((f, each(f, &["on", "over", "{pass|3/2}", "{-1/4+*|pass}"])));
    }
    c.push((
        "upsum_variety",
        lit(&["upsum_variety(upon, ^<on>)", "upsum_variety(on, on)"]),
    ));
    c.push((
        "downsum_variety",
        lit(&["downsum_variety(upon, ^<on>)", "downsum_variety(on, on)"]),
    ));
    c.push((
        "backsliding_toads_and_frogs",
        lit(&[
            r#"backsliding_toads_and_frogs("t.f")"#,
            r#"outcome_class(backsliding_toads_and_frogs("t..f"))"#,
        ]),
    ));
    c.push(("downsum", lit(&["downsum(on, off)", "downsum(upon, 1)"])));
    // Numbers and integers.
    for f in [
        "floor",
        "ceiling",
        "abs",
        "numerator",
        "denominator",
        "sign",
    ] {
        c.push((f, each(f, NUMBERS)));
    }
    for f in ["lb", "isqrt", "is_evil", "is_odious", "is_two_power"] {
        c.push((f, each(f, INTEGERS)));
    }
    for f in ["gcd", "mod", "int_div", "max", "min"] {
        c.push((
            f,
            vec![
                format!("{f}(84, 36)"),
                format!("{f}(-17, 5)"),
                format!("{f}(12345, 678)"),
            ],
        ));
    }
    c.push((
        "nim_value",
        each("nim_value", &["*4+*3", "{0,*2|0,*2}", "{*,*2|*,*2}"]),
    ));
    // Products and other sums.
    for f in [
        "conway_product",
        "ordinal_sum",
        "ordinal_product",
        "conjunctive_sum",
        "selective_sum",
    ] {
        c.push((
            f,
            vec![
                format!("{f}({{3|-1}}, ^)"),
                format!("{f}(*3, *2)"),
                format!("{f}({{2|{{1|-1}}}}, {{0|^*}})"),
            ],
        ));
    }
    c.push(("tiny", lit(&["tiny(on)", "tiny(2)", "tiny({1|over})"])));
    c.push(("miny", lit(&["miny(on)", "miny(1/2)"])));
    c.push(("pow", lit(&["pow(^, 3)", "pow({0|^*}, 2)", "pow(^, on)"])));
    c.push((
        "pow_to",
        lit(&["pow_to(^, 3)", "pow_to(^*, 2)", "pow_to(^, {5|pass})"]),
    ));
    c.push((
        "subordinate",
        lit(&[
            "subordinate(ordinal_sum(^, 3), ^)",
            "subordinate(ordinal_sum({1|-1}, ^), {1|-1})",
            "subordinate(upon + *, *)",
        ]),
    ));
    c
}

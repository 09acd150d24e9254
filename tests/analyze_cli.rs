//! `onag analyze`: the JSON keys and values, the thermograph picture (golden file, rendered by
//! resvg), certificates checked and tampered ones rejected by `onag check`, and exit statuses.

use std::process::Command;

fn onag(args: &[&str]) -> (i32, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(args)
        .output()
        .expect("run onag");
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = onag(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).expect("JSON")
}

#[test]
fn json_has_the_listed_keys_and_textbook_values() {
    let v = json(&["analyze", "--format", "json", "{{3|2}|0}"]);
    for key in [
        "canonical",
        "outcome",
        "left_stop",
        "right_stop",
        "mean",
        "temperature",
        "atomic_weight",
        "reduced",
        "left_winning_moves",
        "right_winning_moves",
        "thermograph",
    ] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    assert_eq!(v["temperature"], "5/4");
    assert_eq!(v["mean"], "5/4");
    // Left moves to {3|2} > 0, Right to 0: the first player wins.
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["left_stop"], "2");
    assert_eq!(v["right_stop"], "0");
    assert!(v["atomic_weight"].is_null());
    assert_eq!(v["left_winning_moves"], serde_json::json!(["{3|2}"]));
    assert_eq!(v["right_winning_moves"], serde_json::json!(["0"]));
    assert_eq!(v["thermograph"]["mast"], "5/4");
    // Left's wall: Right's wall of {3|2} (2 + t up to its temperature 1/2, then 5/2) minus t,
    // so 2 and then 5/2 - t; Right's: Left's wall of 0 plus t. They meet at (5/4, 5/4).
    assert_eq!(
        v["thermograph"]["left_wall"],
        serde_json::json!([["-1", "2"], ["1/2", "2"], ["5/4", "5/4"]])
    );
    assert_eq!(
        v["thermograph"]["right_wall"],
        serde_json::json!([["-1", "-1"], ["5/4", "5/4"]])
    );

    let v = json(&["analyze", "--format", "json", "{1/2|-3}"]);
    assert_eq!(
        (v["mean"].as_str(), v["temperature"].as_str()),
        (Some("-5/4"), Some("7/4"))
    );
    let v = json(&["analyze", "--format", "json", "^"]);
    assert_eq!(v["atomic_weight"], "1");
    assert_eq!(v["reduced"], "0");
    // A sum names the component moved in.
    let v = json(&["analyze", "--format", "json", "{2|-1} + {1|-1}"]);
    assert_eq!(
        v["left_winning_moves"],
        serde_json::json!([{"component": 0, "in": "{2|-1}", "to": "2"}])
    );
}

#[test]
fn text_markdown_and_latex_show_the_summary() {
    for f in ["text", "markdown", "latex"] {
        let (code, out, err) = onag(&["analyze", "--format", f, "{2|-1}"]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("3/2") && out.contains("1/2"), "{f}: {out}");
        assert!(out.contains("temperature"), "{f}: {out}");
    }
}

#[test]
fn thermograph_svg_matches_golden_and_renders() {
    let (code, svg, err) = onag(&["analyze", "--format", "svg", "{{3|2}|0}"]);
    assert_eq!(code, 0, "{err}");
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/golden/analyze_3_2_0.svg.txt"
    );
    if std::env::var("ONAG_BLESS").is_ok() {
        std::fs::write(path, &svg).unwrap();
    }
    let want = std::fs::read_to_string(path).expect("golden file (ONAG_BLESS=1 writes it)");
    assert_eq!(svg, want);
    let tree = resvg::usvg::Tree::from_str(&svg, &resvg::usvg::Options::default()).expect("parses");
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    let (mut blue, mut red, mut ink) = (0, 0, 0);
    for px in pixmap.pixels() {
        let (r, g, b) = (px.red() as i32, px.green() as i32, px.blue() as i32);
        if r + g + b < 3 * 200 {
            ink += 1;
        }
        if b > 150 && r < 100 && g < 120 {
            blue += 1;
        }
        if r > 150 && b < 100 && g < 100 {
            red += 1;
        }
    }
    assert!(
        blue > 100 && red > 100 && ink > 500,
        "blue {blue} red {red} ink {ink}"
    );
    // Left's wall is drawn on the left: the mean blue column is left of the mean red one.
    let w = pixmap.width() as usize;
    let (mut bx, mut rx) = (0usize, 0usize);
    for (i, px) in pixmap.pixels().iter().enumerate() {
        let (r, g, b) = (px.red() as i32, px.green() as i32, px.blue() as i32);
        if b > 150 && r < 100 && g < 120 {
            bx += i % w;
        }
        if r > 150 && b < 100 && g < 100 {
            rx += i % w;
        }
    }
    assert!(bx / blue < rx / red);
}

#[test]
fn certificates_check_and_tampering_is_rejected() {
    let dir = std::env::temp_dir().join(format!("onag-cert-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for game in [
        "{2|-1} + {1|-1}",
        "{{3|2}|0} + ^",
        "{1/2|-3}",
        "^ + *3",
        "5",
        "{3||2|1} + {4|0}",
    ] {
        let (code, cert, err) = onag(&["analyze", "--certificate", game]);
        assert_eq!(code, 0, "{err}");
        let file = dir.join("cert.json");
        std::fs::write(&file, &cert).unwrap();
        let (code, out, err) = onag(&["check", file.to_str().unwrap()]);
        assert_eq!(code, 0, "{game}: {out}{err}");
        assert!(out.starts_with("ok: the thermograph certificate"), "{out}");

        let v: serde_json::Value = serde_json::from_str(&cert).unwrap();
        let root = v["root"].as_u64().unwrap() as usize;
        if v["games"][root]["left"].as_array().unwrap().is_empty() {
            continue;
        }
        // A wrong mast, a moved breakpoint, a dropped option: each rejected with status 1.
        let mut bad = v.clone();
        bad["games"][root]["mast"] = serde_json::json!("100");
        let mut moved = v.clone();
        let wall = moved["games"][root]["left_wall"].as_array_mut().unwrap();
        wall[0][1] = serde_json::json!("1000");
        let mut dropped = v.clone();
        dropped["games"][root]["left"] = serde_json::json!([]);
        for t in [bad, moved, dropped] {
            std::fs::write(&file, t.to_string()).unwrap();
            let (code, out, _) = onag(&["check", file.to_str().unwrap()]);
            assert_eq!(code, 1, "{game}: {out}");
            assert!(out.starts_with("rejected"), "{out}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `check` tells a certificate from a proof by the top-level `certificate` field however the
/// file is laid out: the key spelt with an escape, a certificate carrying a proof's own
/// fields (so that the proof's reader, which now reads first, gets further into it), and a
/// proof with a stray `certificate` field, which is still checked as the proof it is.
#[test]
fn a_certificate_is_told_from_a_proof_whatever_its_fields() {
    let dir = std::env::temp_dir().join(format!("onag-cert-kind-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("f.json");
    let check = |text: &str| {
        std::fs::write(&file, text).unwrap();
        onag(&["check", file.to_str().unwrap()])
    };
    let (code, cert, err) = onag(&["analyze", "--certificate", "{2|-1} + {1|-1}"]);
    assert_eq!(code, 0, "{err}");
    let certified = |out: &str| out.starts_with("ok: the thermograph certificate");
    // As written, and with its key escaped (`\u0063` is `c`): a certificate either way.
    let (code, out, err) = check(&cert);
    assert!(code == 0 && certified(&out), "{out}{err}");
    let escaped = cert.replacen("\"certificate\"", "\"\\u0063ertificate\"", 1);
    assert_ne!(escaped, cert);
    let (code, out, err) = check(&escaped);
    assert!(code == 0 && certified(&out), "{out}{err}");
    // With a proof's input, result and steps beside its own fields: still the certificate.
    let mut v: serde_json::Value = serde_json::from_str(&cert).unwrap();
    v["input"] = serde_json::json!("{1|-1}");
    v["result"] = serde_json::json!("{1|-1}");
    v["steps"] = serde_json::json!([]);
    let (code, out, err) = check(&v.to_string());
    assert!(code == 0 && certified(&out), "{out}{err}");
    // A proof with a `certificate` field naming another kind: the proof is checked. Naming
    // thermographs, it is read as a certificate (one with no games), as it always was.
    let (code, proof, err) = onag(&["simplify", "--format", "json", "{1|-1} + {2|-2}"]);
    assert_eq!(code, 0, "{err}");
    let mut p: serde_json::Value = serde_json::from_str(&proof).unwrap();
    p["certificate"] = serde_json::json!("none");
    let (code, out, err) = check(&p.to_string());
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("ok: the proof that"), "{out}");
    p["certificate"] = serde_json::json!("thermographs");
    let (code, out, err) = check(&p.to_string());
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("certificate fails at no `games` list"),
        "{out}"
    );
    p["certificate"] = serde_json::json!("none");
    // And one made unreadable (a `steps` that is no list) is bad input, never a certificate.
    let (code, out, err) = check(
        &p.to_string()
            .replacen("\"steps\"", "\"steps\": 1, \"x\"", 1),
    );
    assert_eq!(code, 2, "{out}{err}");
    assert!(!certified(&out), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The bad input, each with its message: atomic weight of a game that is not
/// infinitesimal, a temperature that is not a number or is negative (exit 2); a huge
/// temperature is exact (exit 0); the temperature of a gigantic sum stops at the memory limit
/// (exit 3), never with a made-up value.
#[test]
fn bad_input_says_what_and_why() {
    let (code, _, err) = onag(&["eval", "atomic_weight({1|-1})"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("atomic_weight") && err.contains("not infinitesimal"),
        "{err}"
    );
    // Cooling is defined for t > -1 (below 0 as CGSuite cools).
    let (code, _, err) = onag(&["eval", "cool({1|-1}, -3/2)"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("cool") && err.contains("greater than -1") && err.contains("-3/2"),
        "{err}"
    );
    let (code, _, err) = onag(&["eval", "cool({1|-1}, ^)"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("must be a number") && err.contains('^'),
        "{err}"
    );
    let (code, _, err) = onag(&["eval", "temperature(1, 2)"]);
    assert_eq!(code, 2);
    assert!(err.contains("expected 1 argument"), "{err}");
    // A temperature of 10^300: above every temperature here, so the mast, exactly.
    let huge = format!("1{}", "0".repeat(300));
    let (code, out, err) = onag(&["eval", &format!("cool({{5|-3}}, {huge})")]);
    assert_eq!((code, out.trim()), (0, "1"), "{err}");
    // Heating by it is exact too: {1|-1} heated by t is ±(1 + t).
    let (code, out, err) = onag(&["eval", &format!("heat({{1|-1}}, {huge})")]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), format!("+-1{}1", "0".repeat(299)));
    // Cooling by the least dyadic above a temperature.
    let (code, out, err) = onag(&["eval", "cool({2|-1}, 3/2 + 1/1048576)"]);
    assert_eq!((code, out.trim()), (0, "1/2"), "{err}");
    let big: Vec<String> = (1..=14).map(|k| format!("{{{k}||0|-{k}}}")).collect();
    let expr = format!("temperature({})", big.join(" + "));
    let (code, _, err) = onag(&["eval", "--max-memory", "64M", &expr]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("limit") && err.contains("memory"), "{err}");
}

#[test]
fn bad_input_and_limits() {
    assert_eq!(onag(&["eval", "atomic_weight({1|-1})"]).0, 2);
    assert_eq!(onag(&["eval", "cool({1|-1}, -1)"]).0, 2);
    assert_eq!(onag(&["eval", "cool({1|-1}, ^)"]).0, 2);
    assert_eq!(onag(&["analyze", "{1|"]).0, 2);
    // Σ12 {k||0|-k} is far from finishing in 0.2 s; it ran for minutes (3 on a loaded
    // machine) in the printer's unmemoised order of options, outside any budget, while the
    // atomic weight's error message wrote the game. Now it stops at the deadline at once.
    let big: Vec<String> = (1..=12).map(|k| format!("{{{k}||0|-{k}}}")).collect();
    let start = std::time::Instant::now();
    let (code, _, err) = onag(&["analyze", "--time-limit", "0.2", &big.join(" + ")]);
    assert_eq!(code, 3, "{err}");
    assert!(
        err.contains("limit reached") || err.contains("deadline"),
        "{err}"
    );
    // Generous (the 1.5 x bound is `tests/limits_every_command.rs`'s): only a run that is
    // not stopped at all takes this long.
    assert!(start.elapsed().as_secs() < 30, "took {:?}", start.elapsed());
}

//! `onag serve`'s JSON API over real HTTP on 127.0.0.1 (issue 19): answers are the CLI's own
//! JSON byte for byte, values are the seeds' worked examples, errors are JSON 4xx with the
//! CLI's messages, hostile requests leave the server unaffected, a bounded load test, and
//! Ctrl-C stops it cleanly.

#[path = "serve/server.rs"]
mod server;

use serde_json::json;
use server::{cli, expr, switches, Server};
use std::time::{Duration, Instant};

/// Seed 004's worked examples under the fundamental rules, with the canonical forms the seed
/// derives (README's table).
const SEED_004: &[(&str, &str)] = &[
    ("{0,1|2}", "3/2"),
    ("{-5|0,{*,*4|*,*4}}", "-1"),
    ("{0|5}", "1"),
    ("{{*|*},*,*3|{*|*},*,*3}", "*2"),
    ("{0,-7|1,1+1/2,3/4}", "1/2"),
    ("{0,*5|0,*5}", "*"),
    ("{{|}|}", "1"),
    ("{{*|*}|}", "1"),
];

#[test]
fn simplify_answers_the_seed_examples_in_the_clis_json() {
    let s = Server::start(&[]);
    for (game, canonical) in SEED_004 {
        let body = json!({"expr": game, "rules": "fundamental"}).to_string();
        let a = s.post("/api/simplify", &body);
        assert_eq!(a.status, 200, "{game}: {}", a.body);
        assert_eq!(a.exit, Some(0));
        assert!(a.content_type.starts_with("application/json"));
        let v = a.json();
        assert_eq!(v["result"], *canonical, "{game}");
        assert_eq!(v["checked"], true);
        // Every step names a rule of the fundamental group.
        let fundamental: Vec<String> = s
            .get("/api/rules")
            .json()
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| {
                r["groups"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|g| g == "fundamental")
            })
            .map(|r| r["name"].as_str().unwrap().to_string())
            .collect();
        for step in v["steps"].as_array().unwrap() {
            let rule = step["rule"].as_str().unwrap();
            assert!(fundamental.iter().any(|r| r == rule), "{game}: {rule}");
        }
        // The same bytes as the command line.
        let (out, status) = cli(&[
            "simplify",
            "--rules",
            "fundamental",
            "--format",
            "json",
            game,
        ]);
        assert_eq!(status, 0);
        assert_eq!(a.body, out, "{game}");
    }
    // {0|5} goes as the seed argues: 5 reverses through 4.
    let v = s
        .post(
            "/api/simplify",
            &json!({"expr": "{0|5}", "rules": ["fundamental"]}).to_string(),
        )
        .json();
    let rules: Vec<&str> = v["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["rule"].as_str().unwrap())
        .collect();
    assert!(rules.contains(&"reversible-right"), "{rules:?}");
}

#[test]
fn every_endpoint_matches_the_cli_byte_for_byte() {
    let s = Server::start(&[]);
    let cases: Vec<(&str, serde_json::Value, Vec<&str>, i32)> = vec![
        (
            "/api/simplify",
            json!({"expr": "{0,1|2}"}),
            vec!["simplify", "--format", "json", "{0,1|2}"],
            0,
        ),
        (
            "/api/simplify",
            json!({"expr": "{*2,{*|*}|*2,{*|*}}", "misere": true}),
            vec![
                "simplify",
                "--misere",
                "--format",
                "json",
                "{*2,{*|*}|*2,{*|*}}",
            ],
            0,
        ),
        (
            "/api/prove",
            json!({"left": "*+*", "right": "0", "misere": true, "format": "text"}),
            vec!["prove", "--misere", "*+*", "0"],
            0,
        ),
        (
            "/api/prove",
            json!({"left": "*2+*2", "right": "{*2|*2}", "misere": true}),
            vec!["prove", "--misere", "--format", "json", "*2+*2", "{*2|*2}"],
            1,
        ),
        (
            "/api/simplify",
            json!({"expr": "{0|5}", "rules": "fundamental", "explain": 2}),
            vec![
                "simplify",
                "--rules",
                "fundamental",
                "--explain",
                "2",
                "--format",
                "json",
                "{0|5}",
            ],
            0,
        ),
        (
            "/api/simplify",
            json!({"expr": "{0|5}", "rules": "fundamental", "format": "latex"}),
            vec![
                "simplify",
                "--rules",
                "fundamental",
                "--format",
                "latex",
                "{0|5}",
            ],
            0,
        ),
        (
            "/api/simplify",
            json!({"expr": "{0|5}", "format": "markdown"}),
            vec!["simplify", "--format", "markdown", "{0|5}"],
            0,
        ),
        (
            "/api/prove",
            json!({"left": "{1|-1} + {2|-2}", "right": "{3|1||-1|-3}"}),
            vec![
                "prove",
                "--format",
                "json",
                "{1|-1} + {2|-2}",
                "{3|1||-1|-3}",
            ],
            0,
        ),
        (
            "/api/prove",
            json!({"left": "{0|1}", "right": "1"}),
            vec!["prove", "--format", "json", "{0|1}", "1"],
            1,
        ),
        (
            "/api/compare",
            json!({"left": "^", "right": "*"}),
            vec!["compare", "--format", "json", "^", "*"],
            0,
        ),
        (
            "/api/compare",
            json!({"left": "w", "right": "1/3"}),
            vec!["compare", "--format", "json", "w", "1/3"],
            0,
        ),
        (
            "/api/simplify",
            json!({"expr": "{0,1|2}", "format": "svg"}),
            vec!["simplify", "--format", "svg", "{0,1|2}"],
            0,
        ),
        (
            "/api/analyze",
            json!({"expr": "{2|-1}"}),
            vec!["analyze", "--format", "json", "{2|-1}"],
            0,
        ),
        (
            "/api/analyze",
            json!({"expr": "{{3|1}|-2}", "braces": true}),
            vec!["analyze", "--braces", "--format", "json", "{{3|1}|-2}"],
            0,
        ),
        (
            "/api/analyze",
            json!({"expr": "{1/2|-3}", "format": "svg"}),
            vec!["analyze", "--format", "svg", "{1/2|-3}"],
            0,
        ),
    ];
    for (path, body, args, exit) in cases {
        let a = s.post(path, &body.to_string());
        let (out, status) = cli(&args);
        assert_eq!(status, exit, "{args:?}");
        assert_eq!(a.status, 200, "{path} {body}: {}", a.body);
        assert_eq!(a.exit, Some(exit), "{path} {body}");
        assert_eq!(a.body, out, "{path} {body}");
    }
    let rules = s.get("/api/rules");
    assert_eq!(rules.status, 200);
    assert_eq!(rules.body, cli(&["rules", "--format", "json"]).0);
}

#[test]
fn a_false_claim_is_an_ordinary_answer_with_the_winning_move() {
    let s = Server::start(&[]);
    let a = s.post(
        "/api/prove",
        &json!({"left": "{0|1}", "right": "1"}).to_string(),
    );
    assert_eq!(a.status, 200);
    assert_eq!(a.exit, Some(1));
    let v = a.json();
    assert_eq!(v["equal"], false);
    // {0|1} - 1 = 1/2 - 1 = -1/2 < 0: Right wins moving first, to 0.
    assert_eq!(v["difference"], "-1/2");
    assert_eq!(v["relation"], "<");
    assert_eq!(
        v["moves"],
        json!([{"outcome": "P", "player": "Right", "to": "0"}])
    );
    // In the games as written: Right moves {0|1} to 1, leaving 1 - 1 = 0, which Left, to
    // move, loses.
    assert_eq!(
        v["moves_in_games"],
        json!([{"player": "Right", "game": "A", "mover": "Right", "at": [],
                "part": "{0|1}", "to": "1", "game_after": "1"}])
    );
    // Compare: {0|0} + {0|} = * + 1 against 1: A - B = *, a first-player win; either player
    // wins by moving the part * of A to 0 (leaving 0 + 1 - 1 = 0).
    let v = s
        .post(
            "/api/compare",
            &json!({"left": "{0|0} + {0|}", "right": "1"}).to_string(),
        )
        .json();
    assert_eq!(v["relation"], "||");
    for player in ["Left", "Right"] {
        let m = v["moves_in_games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["player"] == player)
            .unwrap_or_else(|| panic!("{player}: {v}"));
        assert_eq!(m["game"], "A");
        assert_eq!(m["at"], json!(["sum.0"]));
        assert_eq!(m["part"], "{0|0}");
        assert_eq!(m["to"], "0");
    }
}

#[test]
fn bad_input_is_json_4xx_with_the_clis_message() {
    let s = Server::start(&[]);
    // A parse error: the caret and its position.
    let a = s.post("/api/parse", &expr("{0,1|2"));
    assert_eq!(a.status, 400);
    assert_eq!(a.exit, Some(2));
    let v = a.json();
    assert_eq!(
        (v["line"].as_u64(), v["column"].as_u64()),
        (Some(1), Some(7))
    );
    let err = v["error"].as_str().unwrap();
    assert!(err.starts_with("error: expected an option"), "{err}");
    assert!(err.contains("--> line 1, column 7"), "{err}");
    assert!(err.ends_with("|       ^"), "{err}");
    // The CLI says the same on standard error.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(["simplify", "{0,1|2"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stderr).trim_end(), err);
    // The parse endpoint reads a good term back.
    let ok = s.post("/api/parse", &expr("{ 0 , 1 | 2 }")).json();
    assert_eq!(ok, json!({"ok": true, "term": "{0,1|2}"}));
    // Which side is wrong, in prove and compare.
    let v = s
        .post(
            "/api/prove",
            &json!({"left": "1", "right": "{|"}).to_string(),
        )
        .json();
    assert!(
        v["error"].as_str().unwrap().contains("in the second game"),
        "{v}"
    );
    assert_eq!(v["side"], "second");
    // Unknown rule groups, fields, formats, depths; missing fields.
    for (path, body, says) in [
        (
            "/api/simplify",
            json!({"expr": "1", "rules": "nonsense"}),
            "no rule or group named `nonsense`",
        ),
        (
            "/api/simplify",
            json!({"expr": "1", "colour": 1}),
            "unknown field `colour`",
        ),
        (
            "/api/simplify",
            json!({"expr": "1", "format": "pdf"}),
            "\"format\"",
        ),
        (
            "/api/simplify",
            json!({"expr": "1", "explain": 99}),
            "at most 8 levels",
        ),
        ("/api/simplify", json!({}), "needs \"expr\""),
        ("/api/prove", json!({"expr": "1"}), "\"left\""),
        (
            "/api/tree",
            json!({"expr": "1", "tree": "upside-down"}),
            "\"tree\"",
        ),
        ("/api/simplify", json!({"expr": 5}), "invalid type"),
    ] {
        let a = s.post(path, &body.to_string());
        assert_eq!(a.status, 400, "{body}: {}", a.body);
        let v = a.json();
        assert!(v["error"].as_str().unwrap().contains(says), "{body}: {v}");
        assert_eq!(v["status"], 2);
    }
    // Unknown paths and methods.
    assert_eq!(s.get("/api/nothing").status, 404);
    assert_eq!(s.get("/api/simplify").status, 405);
}

#[test]
fn the_tree_endpoint_gives_the_game_tree_as_written_and_canonical() {
    let s = Server::start(&[]);
    let v = s.post("/api/tree", &expr("{0,1|2}")).json();
    assert_eq!(
        v,
        json!({"label": "{0,1|2}", "children": [
            {"side": "L", "tree": {"label": "0", "children": []}},
            {"side": "L", "tree": {"label": "1", "children": []}},
            {"side": "R", "tree": {"label": "2", "children": []}},
        ]})
    );
    // Canonical: 3/2 = {1|2}, 1 = {0|}, 2 = {1|}, 0 = {|}.
    let v = s
        .post(
            "/api/tree",
            &json!({"expr": "{0,1|2}", "tree": "canonical"}).to_string(),
        )
        .json();
    assert_eq!(v["label"], "3/2");
    let kids: Vec<(&str, &str)> = v["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["side"].as_str().unwrap(),
                c["tree"]["label"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(kids, vec![("L", "1"), ("R", "2")]);
    // A proof's term may name its table's entries.
    let v = s.post("/api/tree", &expr("{#0|1}")).json();
    assert_eq!(v["children"][0]["tree"]["label"], "#0");
}

#[test]
fn hostile_requests_are_4xx_and_leave_the_server_unaffected() {
    let mut s = Server::start(&[]);
    // 10 MB body.
    let big = vec![b' '; 10 << 20];
    let a = s.send("/api/simplify", "application/json", &big);
    assert_eq!(a.status, 413, "{}", a.body);
    assert!(a.json()["error"].as_str().unwrap().contains("larger than"));
    // 10^5-deep nesting, in the expression and in the JSON itself.
    let deep = format!("{}{}", "{".repeat(100_000), "}".repeat(100_000));
    let a = s.post("/api/simplify", &expr(&deep));
    assert_eq!(a.status, 400);
    assert!(a.json()["error"]
        .as_str()
        .unwrap()
        .contains("nested too deeply"));
    let deep_json = format!(
        "{{\"expr\": {}1{}}}",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    let a = s.post("/api/simplify", &deep_json);
    assert_eq!(a.status, 400, "{}", a.body);
    // Invalid UTF-8.
    let a = s.send(
        "/api/simplify",
        "application/json",
        b"{\"expr\": \"\xff\xfe\"}",
    );
    assert_eq!(a.status, 400);
    assert!(a.json()["error"].as_str().unwrap().contains("not UTF-8"));
    // Wrong content type, and none.
    for ct in ["text/plain", "application/x-www-form-urlencoded", ""] {
        let a = s.send("/api/simplify", ct, expr("1").as_bytes());
        assert_eq!(a.status, 415, "{ct}");
        assert!(a.json()["error"]
            .as_str()
            .unwrap()
            .contains("application/json"));
    }
    // Not JSON at all.
    let a = s.post("/api/simplify", "{expr: 1");
    assert_eq!(a.status, 400);
    assert!(a.json()["line"].is_u64());
    // A path outside the API is never a file.
    assert_eq!(s.get("/../../etc/passwd").status, 404);
    assert_eq!(s.get("/assets/app.js").status, 404);
    // Unaffected.
    assert!(s.alive());
    let v = s.post("/api/simplify", &expr("{0,1|2}")).json();
    assert_eq!(v["result"], "3/2");
}

#[test]
fn limits_are_answers_and_a_full_queue_is_503() {
    let s = Server::start(&["--time-limit", "0.3", "--jobs", "1", "--queue", "0"]);
    let slow = json!({"expr": switches(12), "rules": "fundamental"}).to_string();
    let start = Instant::now();
    let a = s.post("/api/simplify", &slow);
    assert_eq!(a.status, 422, "{}", a.body);
    assert_eq!(a.exit, Some(3));
    let err = a.json()["error"].as_str().unwrap().to_string();
    assert!(
        err.contains("limit reached") && err.contains("time"),
        "{err}"
    );
    // Stopped near its 0.3 s, not after the several seconds it would take.
    assert!(
        start.elapsed() < Duration::from_secs(4),
        "{:?}",
        start.elapsed()
    );
    // One worker, no queue: while it computes, another request is refused at once. The busy
    // request must outlast its 3 s by far on any machine: twelve switches take about 3 s here
    // (CI once finished them inside the limit), twenty-four would take hours.
    let s = Server::start(&["--time-limit", "3", "--jobs", "1", "--queue", "0"]);
    let slower = json!({"expr": switches(24), "rules": "fundamental"}).to_string();
    std::thread::scope(|scope| {
        let busy = scope.spawn(|| s.post("/api/simplify", &slower));
        let deadline = Instant::now() + Duration::from_secs(3);
        while s.get("/api/health").json()["running"] != 1 {
            assert!(Instant::now() < deadline, "the slow request never started");
            std::thread::sleep(Duration::from_millis(10));
        }
        let a = s.post("/api/simplify", &expr("{0,1|2}"));
        assert_eq!(a.status, 503, "{}", a.body);
        assert!(a.json()["error"].as_str().unwrap().contains("busy"));
        assert_eq!(busy.join().unwrap().status, 422);
    });
    // Free again.
    assert_eq!(s.post("/api/simplify", &expr("{0,1|2}")).status, 200);
}

#[test]
fn load_test_200_requests_from_20_clients() {
    let s = Server::start(&[
        "--time-limit",
        "0.3",
        "--jobs",
        "2",
        "--queue",
        "32",
        "--max-memory",
        "1G",
    ]);
    let slow = json!({"expr": switches(12), "rules": "fundamental"}).to_string();
    let deep = expr(&format!("{}{}", "{".repeat(100_000), "}".repeat(100_000)));
    let start = Instant::now();
    let counts = std::sync::Mutex::new(std::collections::BTreeMap::<u16, usize>::new());
    std::thread::scope(|scope| {
        for client in 0..20 {
            let (s, slow, deep, counts) = (&s, &slow, &deep, &counts);
            scope.spawn(move || {
                for i in 0..10 {
                    let a = match (client + i) % 5 {
                        0 => s.post("/api/simplify", slow),
                        1 => s.post("/api/simplify", deep),
                        2 => s.post(
                            "/api/prove",
                            &json!({"left": "{0|5}", "right": "1"}).to_string(),
                        ),
                        3 => s.post("/api/parse", &expr("{0,1|2")),
                        _ => s.post("/api/simplify", &expr("{0,1|2}")),
                    };
                    let expected: &[u16] = match (client + i) % 5 {
                        0 => &[422, 503],
                        1 | 3 => &[400],
                        _ => &[200, 503],
                    };
                    assert!(expected.contains(&a.status), "{} {}", a.status, a.body);
                    if a.status == 200 {
                        let v = a.json();
                        assert!(v["result"] == "3/2" || v["result"] == "1", "{v}");
                    }
                    *counts.lock().unwrap().entry(a.status).or_default() += 1;
                }
            });
        }
    });
    let counts = counts.into_inner().unwrap();
    assert_eq!(counts.values().sum::<usize>(), 200, "{counts:?}");
    assert!(counts.get(&200).copied().unwrap_or(0) > 0, "{counts:?}");
    assert!(
        start.elapsed() < Duration::from_secs(120),
        "{:?}",
        start.elapsed()
    );
    let h = s.get("/api/health").json();
    assert_eq!(h["ok"], true);
    assert_eq!(h["running"], 0);
    // The whole process stayed under its memory limit.
    let peak = h["memory_peak"].as_u64().unwrap();
    assert!(peak < 1 << 30, "peak {peak}");
    eprintln!(
        "load: {counts:?} in {:?}, peak {} MB",
        start.elapsed(),
        peak >> 20
    );
}

#[test]
fn ctrl_c_stops_the_server_cleanly_even_mid_computation() {
    let s = Server::start(&["--time-limit", "30"]);
    let url = s.url.clone();
    // A computation that would run for hours (twelve switches take only seconds).
    let slow = json!({"expr": switches(24), "rules": "fundamental"}).to_string();
    let (tx, rx) = std::sync::mpsc::channel();
    let client = std::thread::spawn(move || {
        let r = ureq::Agent::new_with_config(
            ureq::Agent::config_builder()
                .http_status_as_error(false)
                .proxy(None)
                .build(),
        )
        .post(&format!("{url}/api/simplify"))
        .header("content-type", "application/json")
        .send(slow.as_bytes());
        let _ = tx.send(r.map(|r| r.status().as_u16()));
    });
    let deadline = Instant::now() + Duration::from_secs(5);
    while s.get("/api/health").json()["running"] != 1 {
        assert!(Instant::now() < deadline);
        std::thread::sleep(Duration::from_millis(10));
    }
    let (status, err, took) = s.interrupt(Duration::from_secs(15));
    assert_eq!(status, Some(0), "{err}");
    assert!(err.contains("onag serve: stopped"), "{err}");
    assert!(took < Duration::from_secs(10), "{took:?}");
    // The request in flight was answered (stopped by the cancel flag) or its connection closed.
    let _ = rx.recv_timeout(Duration::from_secs(10));
    client.join().unwrap();
}

#[test]
fn a_host_other_than_loopback_is_warned_about() {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(["serve", "--port", "0", "--host", "0.0.0.0"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(child.stdout.take().unwrap()),
        &mut line,
    )
    .unwrap();
    assert!(line.contains("listening on http://0.0.0.0:"), "{line}");
    // SAFETY: a plain kill(2) of our own child.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGINT);
    }
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("warning: listening on 0.0.0.0, not a loopback address"),
        "{err}"
    );
    assert_eq!(out.status.code(), Some(0));
    // A host that is not an address is bad input.
    let (_, status) = cli(&["serve", "--host", "example"]);
    assert_eq!(status, 2);
}

/// Issue 18: bad input found while evaluating a call or an infinite brace has the call's
/// position in the JSON error, as a parse error does, with the side it is in.
#[test]
fn an_error_in_a_call_has_its_position() {
    let s = Server::start(&[]);
    let a = s.post(
        "/api/compare",
        &json!({"left": "1", "right": "1 + {0,1,5,…|}"}).to_string(),
    );
    assert_eq!((a.status, a.exit), (400, Some(2)), "{}", a.body);
    let v = a.json();
    assert_eq!(
        (
            v["line"].as_u64(),
            v["column"].as_u64(),
            v["length"].as_u64()
        ),
        (Some(1), Some(5), Some(10))
    );
    assert_eq!(v["side"], "second");
    let err = v["error"].as_str().unwrap();
    assert!(
        err.starts_with("error: in the second game: cut: 0, 1, 5, ..."),
        "{err}"
    );
    assert!(
        // In ASCII, as the CLI writes into a pipe: … is spelled ... and the caret widens with it
        // (the JSON's column and length stay those of the text as typed).
        err.ends_with("1 | 1 + {0,1,5,...|}\n  |     ^^^^^^^^^^^^"),
        "{err}"
    );
    let a = s.post("/api/simplify", &expr("*2 + niminv(*0)"));
    assert_eq!((a.status, a.exit), (400, Some(2)), "{}", a.body);
    let v = a.json();
    assert_eq!(
        (
            v["line"].as_u64(),
            v["column"].as_u64(),
            v["length"].as_u64()
        ),
        (Some(1), Some(6), Some(10))
    );
    assert_eq!(v["message"], "niminv: *0 has no nim inverse");
    // The CLI says the same on standard error.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(["simplify", "*2 + niminv(*0)"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim_end(),
        v["error"].as_str().unwrap()
    );
}

/// Each step of the simplification of `expr` under `rules` with /api/step's description of it
/// (the step posted as the page posts it: with its `from`), the main chain and every lemma.
fn described_steps(
    s: &Server,
    expr: &str,
    rules: &str,
) -> Vec<(serde_json::Value, serde_json::Value)> {
    let v = s
        .post(
            "/api/simplify",
            &json!({"expr": expr, "rules": rules}).to_string(),
        )
        .json();
    let mut chains = vec![(v["input"].clone(), v["steps"].clone())];
    for l in v["lemmas"].as_array().into_iter().flatten() {
        chains.push((l["from"].clone(), l["steps"].clone()));
    }
    let mut out = Vec::new();
    for (start, steps) in chains {
        let mut from = start;
        for st in steps.as_array().unwrap() {
            let mut with_from = st.clone();
            with_from["from"] = from.clone();
            let a = s.post("/api/step", &json!({ "step": with_from }).to_string());
            assert_eq!(a.status, 200, "{expr}: {}", a.body);
            from = st["to"].clone();
            out.push((with_from, a.json()));
        }
    }
    out
}

/// The text a span of a described step marks (the terms are ASCII: UTF-16 units are bytes).
fn marked(d: &serde_json::Value, side: &str, span: &serde_json::Value) -> String {
    let text = d[side]["text"].as_str().unwrap();
    let (a, b) = (
        span[0].as_u64().unwrap() as usize,
        span[1].as_u64().unwrap() as usize,
    );
    text[a..b].to_string()
}

fn named<'a>(d: &'a serde_json::Value, role: &str) -> &'a serde_json::Value {
    d["named"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["role"] == role)
        .unwrap_or_else(|| panic!("no {role} in {d}"))
}

/// Whether two games are equal, by the kernel's comparison (an independent path from the
/// proof's rules).
fn equal(s: &Server, a: &str, b: &str) -> bool {
    s.post("/api/compare", &json!({"left": a, "right": b}).to_string())
        .json()["relation"]
        == "="
}

#[test]
fn a_step_says_where_its_change_is_in_the_text() {
    let s = Server::start(&[]);
    // {1,0|}: 0 <= 1, so Left's 0 is dominated by 1 (seed 004, fact 5) and deleted.
    let steps = described_steps(&s, "{1,0|}", "fundamental");
    let (_, d) = steps
        .iter()
        .find(|(st, _)| st["rule"] == "dominated-left")
        .expect("a dominated step");
    assert_eq!(d["before"]["text"], "{1,0|}");
    assert_eq!(marked(d, "before", &named(d, "dominated")["span"]), "0");
    assert_eq!(marked(d, "before", &named(d, "dominating")["span"]), "1");
    let deleted = d["deleted"].as_array().unwrap();
    assert_eq!(deleted.len(), 1, "{d}");
    assert_eq!(marked(d, "before", &deleted[0]["span"]), "0");
    assert_eq!(deleted[0]["path"], json!(["L1"]));
    assert!(d["inserted"].as_array().unwrap().is_empty());
    assert_eq!(marked(d, "after", &d["changed"]["after"]), "{1|}");

    // {{2|0}|3}, written {2|0||3}: its first step opens the `0` inside, at L0/R0; the mark is
    // that `0`, not `2|0` (issue 30).
    let steps = described_steps(&s, "{{2|0}|3}", "fundamental");
    let (st, d) = &steps[0];
    assert_eq!(st["at"], json!(["L0", "R0"]));
    assert_eq!(d["before"]["text"], "{2|0||3}");
    assert_eq!(marked(d, "before", &d["changed"]["before"]), "0");
    assert_eq!(d["changed"]["before"], json!([3, 4]));
    assert_eq!(marked(d, "after", &d["changed"]["after"]), "{|}");
    // Then G >= 0 (Right's only move, to 3, loses), so Left's {2|0} reverses through Right's
    // 0 <= G (now written {|}): the reversing option is marked, inside the reversible one.
    let (_, d) = steps
        .iter()
        .find(|(st, _)| st["rule"] == "reversible-left")
        .expect("a reversible step");
    assert_eq!(d["before"]["text"], "{2|{|}||3}");
    let reversing = named(d, "reversing");
    assert_eq!(marked(d, "before", &reversing["span"]), "{|}");
    assert_eq!(reversing["path"], json!(["L0", "R0"]));
    assert_eq!(reversing["value"], "0");
    assert_eq!(
        marked(d, "before", &named(d, "reversible")["span"]),
        "2|{|}"
    );
    let deleted = d["deleted"].as_array().unwrap();
    assert_eq!(deleted.len(), 1);
    assert_eq!(marked(d, "before", &deleted[0]["span"]), "2|{|}");
    // The same step with nested braces: every option that is a game written whole, the
    // reversible option `{2|{|}}` (the game {{2|{|}}|3} is {2|{|}||3}, the parser's reading
    // of the bars), the witnesses and the reason written so too.
    let (st, _) = steps
        .iter()
        .find(|(st, _)| st["rule"] == "reversible-left")
        .unwrap();
    let d = s
        .post(
            "/api/step",
            &json!({"step": st, "braces": true}).to_string(),
        )
        .json();
    assert_eq!(d["before"]["text"], "{{2|{|}}|3}");
    assert_eq!(
        marked(&d, "before", &named(&d, "reversible")["span"]),
        "{2|{|}}"
    );
    assert_eq!(marked(&d, "before", &named(&d, "reversing")["span"]), "{|}");
    let games = d["witnesses"]["games"].as_object().unwrap();
    assert!(games.values().any(|v| v == "{2|{|}}"), "{d}");
    assert!(
        games.values().all(|v| !v.as_str().unwrap().contains("||")),
        "{d}"
    );
    assert!(!d["why"].as_str().unwrap().contains("||"), "{d}");
    // Each option is a whole term, so the parser reads the braced text as the same game.
    assert!(equal(
        &s,
        d["before"]["text"].as_str().unwrap(),
        "{2|{|}||3}"
    ));

    // {0|5}: 5 reverses through 4 (seed 004's worked example): the reversible option is worth
    // 5 and its reversing option 4, whatever form the derivation has opened them to.
    let steps = described_steps(&s, "{0|5}", "fundamental");
    let (_, d) = steps
        .iter()
        .find(|(st, _)| st["rule"] == "reversible-right")
        .expect("a reversible step");
    let a = marked(d, "before", &named(d, "reversible")["span"]);
    let b = marked(d, "before", &named(d, "reversing")["span"]);
    assert!(equal(&s, &a, "5"), "{a}");
    assert!(equal(&s, &b, "4"), "{b}");
    // The tree has the same nodes: the reversing option is a child of the reversible one.
    let path = named(d, "reversing")["path"].as_array().unwrap().clone();
    assert_eq!(path.len(), 2, "{d}");
    assert_eq!(path[0], "R0");
}

#[test]
fn a_step_inside_a_sum_marks_only_its_part() {
    let s = Server::start(&[]);
    // {1,0|} + {0|5}: a step inside one summand marks that summand's text only.
    let steps = described_steps(&s, "{1,0|} + {0|5}", "fundamental");
    let inside: Vec<_> = steps
        .iter()
        .filter(|(st, _)| {
            st["at"]
                .as_array()
                .and_then(|a| a.first())
                .is_some_and(|e| e == "sum.0" || e == "sum.1")
        })
        .collect();
    assert!(!inside.is_empty(), "no step inside a sum: {steps:?}");
    for (st, d) in inside {
        let before = d["before"]["text"].as_str().unwrap();
        let part = marked(d, "before", &d["changed"]["before"]);
        assert!(part.len() < before.len(), "{st}: {part} in {before}");
        // The sum is a node with its two parts.
        let tree = &d["before"]["tree"];
        assert_eq!(tree["kind"], "sum", "{st}");
        let edges: Vec<&str> = tree["children"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["edge"].as_str().unwrap())
            .collect();
        assert_eq!(edges, ["sum.0", "sum.1"]);
        // The marked text is the part the path names.
        let first = st["at"][0].as_str().unwrap();
        let k = if first == "sum.0" { 0 } else { 1 };
        let span = &tree["children"][k]["node"]["span"];
        let whole = marked(d, "before", span);
        assert!(whole.contains(&part), "{part} not in {whole}");
    }
}

#[test]
fn a_steps_witnesses_that_are_numbers_are_said_as_numbers() {
    let s = Server::start(&[]);
    // {0|5} (seed 004): the derivation opens 5 to {{3|}|} and reverses it through {3|}. By the
    // definition n + 1 = {n|}: {3|} = 4, {{3|}|} = 5; and {0|5} = 1 (the seed's result).
    let steps = described_steps(&s, "{0|5}", "fundamental");
    let (st, d) = steps
        .iter()
        .find(|(st, _)| st["rule"] == "reversible-right")
        .expect("a reversible step");
    assert_eq!(
        d["numbers"],
        json!({"{{3|}|}": "5", "{3|}": "4", "{0|{{3|}|}}": "1"})
    );
    // In the reason in words, each such term, whole, is followed by its number.
    let why = st["why"].as_str().unwrap();
    let mut said = String::new();
    let mut at = 0;
    for w in d["why_numbers"].as_array().unwrap() {
        let (a, b) = (
            w[0].as_u64().unwrap() as usize,
            w[1].as_u64().unwrap() as usize,
        );
        assert!(a >= at, "{w}");
        said.push_str(&why[at..b]);
        said.push_str(&format!(" (= {})", w[2].as_str().unwrap()));
        at = b;
    }
    said.push_str(&why[at..]);
    assert_eq!(
        said,
        "Right option {{3|}|} (= 5) is reversible through its Left option {3|} (= 4), because \
         {3|} (= 4) >= {0|{{3|}|}} (= 1); it is replaced by the Right options of {3|} (= 4) (none)"
    );
    // A witness written as its number, and a step with none, say nothing more.
    let (_, d) = steps
        .iter()
        .find(|(st, _)| st["rule"] == "integer-open")
        .expect("an integer opened");
    assert_eq!(d["numbers"], json!({}));
    assert_eq!(d["why_numbers"], json!([]));
}

#[test]
fn analyze_draws_the_options_thermographs_on_request_only() {
    let s = Server::start(&[]);
    let plain = s.post("/api/analyze", &json!({"expr": "{{3|1}|-2}"}).to_string());
    assert!(
        plain.json().get("options").is_none(),
        "the CLI's answer has no options"
    );
    let a = s.post(
        "/api/analyze",
        &json!({"expr": "{{3|1}|-2}", "options": true}).to_string(),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    let v = a.json();
    // The rest is the CLI's answer.
    let mut rest = v.clone();
    rest.as_object_mut().unwrap().remove("options");
    assert_eq!(rest, plain.json());
    let o = &v["options"];
    // {3|1} (ONAG ch. 9, a switch {a|b} with a > b): stops 3 and 1, mean (3+1)/2 = 2,
    // temperature (3-1)/2 = 1; cooled by t it is {3-t | 1+t}, so its walls run from 4 and 0 at
    // t = -1 to 2 at t = 1.
    assert_eq!(o["left"].as_array().unwrap().len(), 1);
    let l = &o["left"][0];
    assert_eq!(l["canonical"], "{3|1}");
    assert_eq!(
        [
            &l["left_stop"],
            &l["right_stop"],
            &l["mean"],
            &l["temperature"]
        ],
        [&json!("3"), &json!("1"), &json!("2"), &json!("1")]
    );
    assert_eq!(
        l["thermograph"]["left_wall"],
        json!([["-1", "4"], ["1", "2"]])
    );
    assert_eq!(
        l["thermograph"]["right_wall"],
        json!([["-1", "0"], ["1", "2"]])
    );
    // -2, a number: a mast at -2 all the way down (an integer's temperature is -1).
    let r = &o["right"][0];
    assert_eq!(r["canonical"], "-2");
    assert_eq!(r["thermograph"]["left_wall"], json!([["-1", "-2"]]));
    assert_eq!(r["thermograph"]["right_wall"], json!([["-1", "-2"]]));
    assert_eq!(
        [&r["mean"], &r["temperature"]],
        [&json!("-2"), &json!("-1")]
    );
    assert_eq!([&o["more_left"], &o["more_right"]], [&json!(0), &json!(0)]);
    // Only analyze, only in JSON.
    for body in [
        json!({"expr": "{2|-1}", "options": true, "format": "text"}),
        json!({"expr": "{2|-1}", "options": true}),
    ] {
        let path = if body.get("format").is_some() {
            "/api/analyze"
        } else {
            "/api/simplify"
        };
        assert_eq!(s.post(path, &body.to_string()).status, 400, "{path} {body}");
    }
}

/// Loopy games (issue 31) take the loopy path on the server as on the command line, chosen by
/// their notation: the same bytes for simplify, prove and compare, statuses included; a loopy
/// sum too large for the request's time ends that request with the limit's error (422, exit
/// 3), and the server serves on.
#[test]
fn loopy_games_are_answered_as_the_cli_answers_them() {
    let s = Server::start(&[]);
    let cases: Vec<(&str, serde_json::Value, Vec<&str>, i32)> = vec![
        (
            "/api/simplify",
            json!({"expr": "upon + upon"}),
            vec!["simplify", "--format", "json", "upon + upon"],
            0,
        ),
        (
            "/api/simplify",
            json!({"expr": "a{0,{a|1}|-1}", "format": "text"}),
            vec!["simplify", "a{0,{a|1}|-1}"],
            0,
        ),
        (
            "/api/prove",
            json!({"left": "on + off", "right": "dud"}),
            vec!["prove", "--format", "json", "on + off", "dud"],
            0,
        ),
        (
            "/api/prove",
            json!({"left": "upon + upon", "right": "upon", "format": "text"}),
            vec!["prove", "upon + upon", "upon"],
            1,
        ),
        (
            "/api/compare",
            json!({"left": "over + under", "right": "over & under", "format": "text"}),
            vec!["compare", "over + under", "over & under"],
            0,
        ),
    ];
    for (path, body, args, code) in cases {
        let a = s.post(path, &body.to_string());
        let (out, status) = cli(&args);
        assert_eq!(status, code, "{args:?}: {out}");
        assert_eq!(a.status, 200, "{body}: {}", a.body);
        assert_eq!(a.exit, Some(code), "{body}");
        assert_eq!(a.body, out, "{body}");
    }
    // The proofs are loopy proofs, and check.
    let p = s.post(
        "/api/prove",
        &json!({"left": "on + off", "right": "dud"}).to_string(),
    );
    assert_eq!(p.json()["play"], "loopy");
    // on + off is dud by the definitions; the derivation of the sum is its graph.
    let v = s.post("/api/simplify", &expr("on + off")).json();
    assert_eq!(v["play"], "loopy", "{v}");

    let s = Server::start(&["--time-limit", "0.5"]);
    let start = Instant::now();
    let a = s.post("/api/simplify", &expr(EXPLODING_LOOPY));
    assert_eq!(a.status, 422, "{}", a.body);
    assert_eq!(a.exit, Some(3));
    assert!(
        a.json()["error"].as_str().unwrap().contains("limit"),
        "{}",
        a.body
    );
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    let b = s.post("/api/simplify", &expr("upon + upon"));
    assert_eq!(b.status, 200, "{}", b.body);
}

/// A loopy sum whose graph (the product of its parts' graphs) is far too large to derive in
/// half a second.
const EXPLODING_LOOPY: &str = "a{0||0|a} + b{1||0|b} + c{2||0|c} + d{3||0|d} + e{4||0|e} + f{5||0|f} + g{6||0|g} + h{7||0|h} + i{8||0|i} + j{9||0|j} + k{10||0|k} + l{11||0|l}";

/// Misère outcome of Nim by brute force: P when there are moves and each leads to N.
fn nim_misere_p(heaps: &mut [usize]) -> bool {
    let mut any = false;
    for i in 0..heaps.len() {
        for k in 0..heaps[i] {
            any = true;
            let old = std::mem::replace(&mut heaps[i], k);
            let p = nim_misere_p(heaps);
            heaps[i] = old;
            if p {
                return false;
            }
        }
    }
    any
}

#[test]
fn the_page_analyzes_misere_and_loopy_games_and_draws_boards() {
    let s = Server::start(&[]);
    let row = |v: &serde_json::Value, field: &str| -> serde_json::Value {
        v["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["field"] == field)
            .unwrap_or_else(|| panic!("{field} in {v}"))["value"]
            .clone()
    };
    // Misère: *2+*2 and *2+*3 by brute force over Nim; * + * is a misère N-position too, and
    // *2+*2's normal outcome is P (nim sum 0, Bouton).
    for (game, heaps) in [
        ("*2+*2", vec![2, 2]),
        ("*2+*3", vec![2, 3]),
        ("*+*", vec![1, 1]),
    ] {
        let a = s.post(
            "/api/analyze",
            &json!({"expr": game, "misere": true}).to_string(),
        );
        assert_eq!(a.status, 200, "{}", a.body);
        let v = a.json();
        assert_eq!(v["play"], "misere");
        let p = nim_misere_p(&mut heaps.clone());
        assert_eq!(
            row(&v, "misere_outcome"),
            if p { "P" } else { "N" },
            "{game}"
        );
        let normal = heaps.iter().fold(0, |x, h| x ^ h) == 0;
        assert_eq!(
            row(&v, "normal_outcome"),
            if normal { "P" } else { "N" },
            "{game}"
        );
    }
    // Loopy, by the notation: CGSuite's names (Siegel, CGT VI: on + off = dud, its onside on
    // and offside off; over = {0|pass}), dud a draw.
    let a = s.post("/api/analyze", &json!({"expr": "on + off"}).to_string());
    let v = a.json();
    assert_eq!(v["play"], "loopy");
    assert_eq!(row(&v, "value"), "dud");
    assert_eq!(row(&v, "onside"), "on");
    assert_eq!(row(&v, "offside"), "off");
    assert_eq!(row(&v, "stopper"), "false");
    let a = s.post("/api/analyze", &json!({"expr": "a{0|a}"}).to_string());
    assert_eq!(row(&a.json(), "value"), "over");
    // A Domineering board as the CLI draws it: a 2x2 board is four cells.
    let a = s.post(
        "/api/picture",
        &json!({"expr": "domineering(\"..|..\")"}).to_string(),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    assert!(a.content_type.starts_with("image/svg+xml"));
    let (out, code) = cli(&[
        "eval",
        "--ruleset",
        "domineering",
        "--format",
        "svg",
        "..|..",
    ]);
    assert_eq!(code, 0);
    assert_eq!(a.body.trim(), out.trim());
    assert_eq!(a.body.matches("width=\"40\" height=\"40\"").count(), 4);
    // No picture of a game that is no ruleset's position: 400, saying so.
    let a = s.post("/api/picture", &json!({"expr": "{0|1}"}).to_string());
    assert_eq!(a.status, 400);
    // The misère rules, for the words of a misère step.
    let rules = s.get("/api/rules/misere").json();
    assert!(rules
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r["name"] == "misere-reversible"));
}

/// The words of every move listed beside an opening step of `expr`'s derivation, with the
/// option each gives (`"L0"`), and whether every option was found.
fn opening_moves(s: &Server, expr: &str) -> Vec<(String, String, bool)> {
    let steps = described_steps(s, expr, "fundamental");
    let (_, d) = steps
        .iter()
        .find(|(_, d)| d["moves"].as_array().is_some_and(|m| !m.is_empty()))
        .unwrap_or_else(|| panic!("{expr}: no opening step lists its moves"));
    d["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["player"].as_str().unwrap().to_string(),
                m["words"].as_str().unwrap().to_string(),
                m["option"].is_string(),
            )
        })
        .collect()
}

#[test]
fn every_ruleset_opening_says_which_move_gives_which_option() {
    let s = Server::start(&[]);
    // Kayles (octal 0.77) on a heap of 5, by its rules: knock down one pin or two adjacent
    // ones, anywhere in the row, leaving the pins on either side as two heaps. One pin: 4, or
    // 1 and 3, or 2 and 2; two pins: 3, or 1 and 2.
    let mut want: Vec<String> = Vec::new();
    for take in 1..=2usize {
        let rest = 5 - take;
        for a in 0..=rest / 2 {
            let b = rest - a;
            want.push(if a == 0 {
                format!("take {take} from the heap of 5, leaving {b}")
            } else {
                format!("take {take} from the heap of 5, leaving {a} and {b}")
            });
        }
    }
    let mut got = opening_moves(&s, "octal(\"0.77\", 5)");
    assert!(
        got.iter().all(|(p, _, found)| p == "either" && *found),
        "{got:?}"
    );
    let mut words: Vec<String> = got.drain(..).map(|(_, w, _)| w).collect();
    words.sort();
    want.sort();
    assert_eq!(words, want);
    // Toads and Frogs "T.F": Left's toad steps right onto square 2, Right's frog steps left
    // onto square 2 (Winning Ways' rules); each move's option found.
    let got = opening_moves(&s, "toads(\"T.F\")");
    assert_eq!(
        got,
        [
            (
                "Left".into(),
                "the toad on square 1 steps to square 2".into(),
                true
            ),
            (
                "Right".into(),
                "the frog on square 3 steps to square 2".into(),
                true
            ),
        ]
    );
    // A 2×1 cake: Left cuts across its width into two 1×1 cakes; Right has no cut.
    let got = opening_moves(&s, "cutcake(2, 1)");
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].1.contains("into 1×1 and 1×1") && got[0].2, "{got:?}");
    // Domineering's moves say where the domino goes.
    let got = opening_moves(&s, "domineering(\"..|..\")");
    assert_eq!(got.len(), 4, "{got:?}");
    assert!(got[0].1.starts_with("covers (1, 1)–(2, 1)"), "{got:?}");
    // A Hackenbush string, by the rules (Winning Ways, Hackenbush): Left cuts a blue (L) or
    // green (E) edge, Right a red (R) or green one; what is above the cut falls, so the string
    // below it is left. Generated here from the string "LRE" itself.
    let string = "LRE";
    let mut want: Vec<(String, String, bool)> = Vec::new();
    for (player, mine) in [("Left", 'L'), ("Right", 'R')] {
        for (k, c) in string.char_indices() {
            if c != mine && c != 'E' {
                continue;
            }
            let colour = match c {
                'L' => "blue (L)",
                'R' => "red (R)",
                _ => "green (E)",
            };
            let above = string.len() - k - 1;
            let fall = match above {
                0 => String::new(),
                1 => " (the edge above falls)".to_string(),
                n => format!(" (the {n} edges above fall)"),
            };
            let rest = &string[..k];
            let rest = if rest.is_empty() {
                "nothing".to_string()
            } else {
                format!("\"{rest}\"")
            };
            want.push((
                player.to_string(),
                format!(
                    "cuts the {colour} edge {} up from the ground{fall}, leaving {rest}",
                    k + 1
                ),
                true,
            ));
        }
    }
    let mut got = opening_moves(&s, "hackenbush(\"LRE\")");
    got.sort();
    want.sort();
    assert_eq!(got, want);
    // Clobber, by its rules (Albert, Grossman, Nowakowski, Wolfe): Left moves an x, Right an
    // o, onto an orthogonally adjacent stone of the other colour, which is removed. Every such
    // move generated here from the board's text, squares as (row, column) from the top left.
    let board = "xo.|ox.";
    let rows: Vec<Vec<char>> = board.split('|').map(|r| r.chars().collect()).collect();
    let mut want: Vec<(String, String, bool)> = Vec::new();
    for (player, mine, theirs) in [("Left", 'x', 'o'), ("Right", 'o', 'x')] {
        for (r, row) in rows.iter().enumerate() {
            for (c, &ch) in row.iter().enumerate() {
                if ch != mine {
                    continue;
                }
                for (dr, dc) in [(-1i32, 0i32), (1, 0), (0, -1), (0, 1)] {
                    let (r2, c2) = (r as i32 + dr, c as i32 + dc);
                    let Some(&there) = usize::try_from(r2)
                        .ok()
                        .and_then(|r2| rows.get(r2))
                        .and_then(|row| usize::try_from(c2).ok().and_then(|c2| row.get(c2)))
                    else {
                        continue;
                    };
                    if there == theirs {
                        want.push((
                            player.to_string(),
                            format!(
                                "moves the {mine} on ({}, {}) onto the {theirs} on ({}, {}), clobbering it",
                                r + 1,
                                c + 1,
                                r2 + 1,
                                c2 + 1
                            ),
                            true,
                        ));
                    }
                }
            }
        }
    }
    assert_eq!(want.len(), 8, "{want:?}");
    let mut got = opening_moves(&s, &format!("clobber(\"{board}\")"));
    got.sort();
    want.sort();
    assert_eq!(got, want);
    // Grundy's game (Winning Ways): a move splits one heap into two unequal, nonempty heaps.
    let n = 7;
    let mut want: Vec<(String, String, bool)> = (1..n)
        .filter(|a| 2 * a < n)
        .map(|a| {
            (
                "either".to_string(),
                format!("split the heap of {n} into {a} and {}", n - a),
                true,
            )
        })
        .collect();
    let mut got = opening_moves(&s, &format!("grundy({n})"));
    got.sort();
    want.sort();
    assert_eq!(got, want);
    // Kayles in CGSuite's take-and-break code 0.77 reads as the octal game does: the moves
    // generated from Kayles' rules, as above.
    let mut want: Vec<String> = Vec::new();
    for take in 1..=2usize {
        let rest = 5 - take;
        for a in 0..=rest / 2 {
            let b = rest - a;
            want.push(if a == 0 {
                format!("take {take} from the heap of 5, leaving {b}")
            } else {
                format!("take {take} from the heap of 5, leaving {a} and {b}")
            });
        }
    }
    let got = opening_moves(&s, "take_and_break(\"0.77\", 5)");
    assert!(
        got.iter().all(|(p, _, found)| p == "either" && *found),
        "{got:?}"
    );
    let mut words: Vec<String> = got.into_iter().map(|(_, w, _)| w).collect();
    words.sort();
    want.sort();
    assert_eq!(words, want);
}

#[test]
fn a_clobber_move_is_drawn_as_the_board_it_leaves() {
    let s = Server::start(&[]);
    // On "xo" Left's x clobbers the o beside it: the board left is ".x", the squares (1, 1)
    // (left empty) and (1, 2) (now Left's); Right's o clobbers the x: "o.". Each option is the
    // call of that board, as the opening writes it.
    let steps = described_steps(&s, "clobber(\"xo\")", "fundamental");
    let (_, d) = steps
        .iter()
        .find(|(_, d)| d["moves"].as_array().is_some_and(|m| !m.is_empty()))
        .expect("the opening lists its moves");
    let moves = d["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 2, "{d}");
    let (l, r) = (&moves[0], &moves[1]);
    assert_eq!(l["ruleset"], "clobber");
    assert_eq!(l["player"], "Left");
    assert_eq!(l["board"], ".x");
    assert_eq!(l["cells"], json!([[1, 1], [1, 2]]));
    assert_eq!(l["option"], "L0");
    assert_eq!(l["text"], "clobber(\".x\")");
    assert_eq!(r["player"], "Right");
    assert_eq!(r["board"], "o.");
    assert_eq!(r["cells"], json!([[1, 2], [1, 1]]));
    assert_eq!(r["option"], "R0");
}

#[test]
fn analyze_follows_braces_in_json() {
    let s = Server::start(&[]);
    // {{3|1}|-2} is CGSuite's {3|1||-2}: canonical already (ONAG ch. 9's example of a hot
    // game with a hot Left option). With "braces" every game of the answer is written with
    // nested braces, the same games (by the kernel's comparison), the numbers unchanged.
    let plain = s.post("/api/analyze", &expr("{{3|1}|-2}")).json();
    let b = s
        .post(
            "/api/analyze",
            &json!({"expr": "{{3|1}|-2}", "braces": true, "options": true}).to_string(),
        )
        .json();
    assert_eq!(plain["canonical"], "{3|1||-2}", "{plain}");
    assert_eq!(b["canonical"], "{{3|1}|-2}", "{b}");
    for k in ["canonical", "reduced"] {
        let t = b[k].as_str().unwrap();
        assert!(!t.contains("||"), "{k}: {t}");
        assert!(equal(&s, t, plain[k].as_str().unwrap()), "{k}: {b}");
    }
    for k in [
        "outcome",
        "left_stop",
        "right_stop",
        "mean",
        "temperature",
        "thermograph",
    ] {
        assert_eq!(b[k], plain[k], "{k}");
    }
    // Left's winning move from {{3|1}|-2} is to {3|1} (Left stop 1 > 0 after it; Right's reply
    // to 1 leaves 1): written with braces as the games are.
    let moves = b["left_winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty(), "{b}");
    for (m, p) in moves
        .iter()
        .zip(plain["left_winning_moves"].as_array().unwrap())
    {
        assert!(
            equal(&s, m.as_str().unwrap(), p.as_str().unwrap()),
            "{m} {p}"
        );
    }
    // An option's canonical form too; {3|1} has no bars to nest, so it reads alike.
    assert_eq!(b["options"]["left"][0]["canonical"], "{3|1}", "{b}");
    assert_eq!(b["options"]["right"][0]["canonical"], "-2", "{b}");
    // A game with a deeper option: {1|{0|-5}} = {1||0|-5}, Right's option written {0|-5}.
    let b = s
        .post(
            "/api/analyze",
            &json!({"expr": "{1|{0|-5}}", "braces": true}).to_string(),
        )
        .json();
    assert_eq!(b["canonical"], "{1|{0|-5}}", "{b}");
}

#[test]
fn braces_write_the_headline_the_final_list_and_analyze_with_nested_braces() {
    let s = Server::start(&[]);
    // {1|{0|-5}} is CGSuite's {1||0|-5}: the parser reads the bars so (a notation fact, and
    // the kernel's comparison below checks it). It is canonical already, so the page shows
    // its result and why-final list only: both must follow the "nested braces" box.
    let plain = s
        .post("/api/simplify", &json!({"expr": "{1|{0|-5}}"}).to_string())
        .json();
    assert!(plain.get("braced").is_none(), "{plain}");
    let d = s
        .post(
            "/api/simplify",
            &json!({"expr": "{1|{0|-5}}", "braces": true}).to_string(),
        )
        .json();
    // The proof itself is unchanged (it is what `onag check` reads): slash notation.
    assert_eq!(d["result"], plain["result"]);
    assert_eq!(d["final"], plain["final"]);
    assert_eq!(d["result"], "{1||0|-5}");
    let b = &d["braced"];
    assert_eq!(b["result"], "{1|{0|-5}}", "{d}");
    assert_eq!(b["input"], "{1|{0|-5}}", "{d}");
    assert!(equal(&s, "{1|{0|-5}}", "{1||0|-5}"));
    let raw = d["final"]["facts"].as_array().expect("a final claim");
    let facts = b["final"]["facts"].as_array().expect("the claim braced");
    assert!(!facts.is_empty(), "{d}");
    assert_eq!(facts.len(), raw.len());
    for (f, r) in facts.iter().zip(raw) {
        for k in ["game", "value"] {
            let t = f[k].as_str().unwrap();
            assert!(!t.contains("||"), "{k}: {t} in {d}");
            // The same game as the proof's own text, by the kernel.
            assert!(equal(&s, t, r[k].as_str().unwrap()), "{k}: {f} {r}");
        }
        assert!(!f["fails"].as_str().unwrap().contains("||"), "{f}");
        assert_eq!(f["not"], r["not"]);
        assert_eq!(f["option"], r["option"]);
    }
    // A statement about the whole game names it in braces.
    assert!(
        facts
            .iter()
            .any(|f| f["fails"].as_str().unwrap().contains("{1|{0|-5}}")),
        "{d}"
    );
}

/// A Domineering board's game written out by the rules (Winning Ways): Left places a vertical
/// domino on two empty squares, Right a horizontal one; `{L…|R…}` from the rows (`.` empty).
fn domineering_by_rules(rows: &[Vec<bool>]) -> String {
    let (h, w) = (rows.len(), rows[0].len());
    let mut sides = [Vec::new(), Vec::new()];
    for r in 0..h {
        for c in 0..w {
            for (k, (r2, c2)) in [(r + 1, c), (r, c + 1)].into_iter().enumerate() {
                if r2 < h && c2 < w && rows[r][c] && rows[r2][c2] {
                    let mut q = rows.to_vec();
                    q[r][c] = false;
                    q[r2][c2] = false;
                    sides[k].push(domineering_by_rules(&q));
                }
            }
        }
    }
    format!("{{{}|{}}}", sides[0].join(","), sides[1].join(","))
}

#[test]
fn a_domineering_move_names_its_option_as_the_board_it_leaves() {
    let s = Server::start(&[]);
    for board in ["..|..", "...|..."] {
        let rows: Vec<Vec<bool>> = board
            .split('|')
            .map(|r| r.chars().map(|c| c == '.').collect())
            .collect();
        let steps = described_steps(&s, &format!("domineering(\"{board}\")"), "fundamental");
        let (_, d) = steps
            .iter()
            .find(|(_, d)| d["moves"].as_array().is_some_and(|m| !m.is_empty()))
            .unwrap_or_else(|| panic!("{board}: no opening step lists its moves"));
        let moves = d["moves"].as_array().unwrap();
        // Every horizontal domino Right can place, found here from the rows: the board it
        // leaves, those two squares filled.
        let mut want = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            for c in 0..row.len() - 1 {
                if row[c] && row[c + 1] {
                    let mut q = rows.clone();
                    q[r][c] = false;
                    q[r][c + 1] = false;
                    want.push((vec![[r + 1, c + 1], [r + 1, c + 2]], q));
                }
            }
        }
        let right: Vec<&serde_json::Value> =
            moves.iter().filter(|m| m["player"] == "Right").collect();
        assert_eq!(right.len(), want.len(), "{board}: {d}");
        for (cells, q) in want {
            let m = right
                .iter()
                .find(|m| m["cells"] == json!(cells))
                .unwrap_or_else(|| panic!("{board}: no Right move on {cells:?}: {d}"));
            let text: Vec<String> = q
                .iter()
                .map(|row| row.iter().map(|&e| if e { '.' } else { '#' }).collect())
                .collect();
            let left_board = text.join("|");
            let named = m["text"].as_str().unwrap();
            // Named as the board the move leaves, not as a negated transpose.
            assert_eq!(named, format!("domineering(\"{left_board}\")"), "{m}");
            assert_eq!(m["board"], left_board.as_str(), "{m}");
            // Read back by onag, it is the game the rules give that board, and the opening's
            // own form of the option (`written`) is the same value.
            let by_rules = domineering_by_rules(&q);
            assert!(equal(&s, named, &by_rules), "{named} ≠ {by_rules}");
            let written = m["written"].as_str().unwrap();
            assert!(equal(&s, written, &by_rules), "{written} ≠ {by_rules}");
            assert!(m["option"].as_str().unwrap().starts_with('R'), "{m}");
        }
    }
}

#[test]
fn a_step_says_where_it_acts_in_words() {
    let s = Server::start(&[]);
    let step = |from: &str, at: &[&str]| {
        let a = s.post(
            "/api/step",
            &json!({"step": {"from": from, "to": from, "rule": "x", "at": at}}).to_string(),
        );
        assert_eq!(a.status, 200, "{}", a.body);
        a.json()["at_words"].clone()
    };
    assert_eq!(
        step("{pass|} & offside({|pass})", &["arg1"]),
        "the offside (right of &)"
    );
    assert_eq!(step("{0|1} + {2|} + *", &[]), "the whole game");
    assert_eq!(
        step("{0|1} + {2|} + *", &["sum.0", "sum.1", "L0"]),
        "Left's first option, in the second part of the sum of 3"
    );
    // Every step of the loopy derivation of on + off, its `#n` written out as the page writes
    // them, has its place in words, no path left; the one inside the offside says so.
    let v = s
        .post("/api/simplify", &json!({"expr": "on + off"}).to_string())
        .json();
    let terms: Vec<String> = v["terms"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|t| t.as_str().unwrap().to_string())
        .collect();
    let mut from = written_out(v["input"].as_str().unwrap(), &terms);
    let mut places = Vec::new();
    for st in v["steps"].as_array().unwrap() {
        let to = written_out(st["to"].as_str().unwrap(), &terms);
        let mut with_from = st.clone();
        with_from["from"] = json!(from);
        with_from["to"] = json!(to);
        let a = s.post("/api/step", &json!({ "step": with_from }).to_string());
        assert_eq!(a.status, 200, "{}", a.body);
        let d = a.json();
        let w = d["at_words"]
            .as_str()
            .unwrap_or_else(|| panic!("{with_from}: {d}"));
        assert!(
            !w.contains("arg") && !w.contains("sum.") && !w.contains("the top"),
            "{w}"
        );
        places.push(w.to_string());
        from = to;
    }
    assert!(
        places
            .iter()
            .any(|w| w.contains("the offside (right of &)")),
        "{places:?}"
    );
}

/// `text` with each `#n` replaced by `terms[n]` (parenthesised), as the page writes a played
/// proof's terms out (on + off's table has no cycle).
fn written_out(text: &str, terms: &[String]) -> String {
    let mut out = text.to_string();
    for _ in 0..64 {
        let Some(at) = out.find('#') else { break };
        let end = out[at + 1..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(out.len(), |k| at + 1 + k);
        let n: usize = out[at + 1..end].parse().unwrap();
        out = format!("{}({}){}", &out[..at], terms[n], &out[end..]);
    }
    out
}

/// An impartial game tree written canonically (its options' trees, sorted, repeats dropped),
/// so two trees are the same game exactly when their strings are equal.
fn canon(mut opts: Vec<String>) -> String {
    opts.sort();
    opts.dedup();
    format!("[{}]", opts.join(","))
}

/// The tree of rows of Kayles pins (Winning Ways: knock down one pin or two adjacent ones),
/// by brute force from the rules.
fn kayles_tree(rows: &[usize]) -> String {
    let mut opts = Vec::new();
    for (i, &n) in rows.iter().enumerate() {
        for take in 1..=2usize.min(n) {
            for left in 0..=(n - take) {
                let right = n - take - left;
                let mut next: Vec<usize> = rows.to_vec();
                next.remove(i);
                next.extend([left, right].into_iter().filter(|&x| x > 0));
                opts.push(kayles_tree(&next));
            }
        }
    }
    canon(opts)
}

/// The tree of an impartial term as a misère proof writes it: `{a,b|a,b}`, `*n`, `*`, `0`,
/// `#n` (an entry of `terms`), read here by a small reader of its own.
fn written_tree(src: &str, terms: &[String]) -> String {
    fn heap(n: usize) -> String {
        canon((0..n).map(heap).collect())
    }
    // The options left of the top-level bar of `{…|…}`, split at top-level commas.
    fn options(src: &str) -> Vec<&str> {
        let inner = &src[1..src.len() - 1];
        let (mut depth, mut start, mut out) = (0, 0, Vec::new());
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    out.push(&inner[start..i]);
                    start = i + 1;
                }
                '|' if depth == 0 => {
                    if i > start {
                        out.push(&inner[start..i]);
                    }
                    return out;
                }
                _ => {}
            }
        }
        panic!("no bar in {src}")
    }
    let src = src.trim();
    if let Some(n) = src.strip_prefix('#') {
        return written_tree(&terms[n.parse::<usize>().unwrap()], terms);
    }
    if src == "0" {
        return heap(0);
    }
    if src == "*" {
        return heap(1);
    }
    if let Some(n) = src.strip_prefix('*') {
        return heap(n.parse().unwrap());
    }
    assert!(src.starts_with('{'), "{src}");
    canon(
        options(src)
            .iter()
            .map(|o| written_tree(o, terms))
            .collect(),
    )
}

/// The pins a Kayles move's words say it takes ("take pin 2 (or pin 4) of the row of 5",
/// "take pins 1 and 2 …"): the first pin and how many.
fn pins_taken(words: &str) -> (usize, usize) {
    let rest = words.strip_prefix("take ").unwrap();
    let num = |s: &str| -> usize {
        s.chars()
            .take_while(char::is_ascii_digit)
            .collect::<String>()
            .parse()
            .unwrap()
    };
    if let Some(r) = rest.strip_prefix("pins ") {
        let first = num(r);
        let second = num(r.split(" and ").nth(1).unwrap());
        assert_eq!(second, first + 1, "{words}: two pins side by side");
        (first, 2)
    } else {
        (num(rest.strip_prefix("pin ").unwrap()), 1)
    }
}

/// The misère derivation of `expr` on the page: the table of shared terms (empty for a small
/// proof), its first step (the opening) and the page's description of that step.
fn misere_opening(s: &Server, expr: &str) -> (Vec<String>, serde_json::Value, serde_json::Value) {
    let v = s
        .post(
            "/api/simplify",
            &json!({"expr": expr, "misere": true}).to_string(),
        )
        .json();
    let terms: Vec<String> = v["terms"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|t| t.as_str().unwrap().to_string())
        .collect();
    let step = v["steps"][0].clone();
    assert_eq!(step["rule"], "misere-opening", "{v}");
    let mut with_from = step.clone();
    with_from["from"] = json!(expr);
    with_from["terms"] = json!(terms);
    let a = s.post("/api/step", &json!({ "step": with_from }).to_string());
    assert_eq!(a.status, 200, "{}", a.body);
    (terms, step, a.json())
}

#[test]
fn a_misere_opening_says_which_move_gives_which_option() {
    let s = Server::start(&[]);
    let (terms, step, d) = misere_opening(&s, "kayles(5)");
    let moves = d["moves"].as_array().unwrap();
    // The opening written out: its options as the step writes them, each a game tree.
    let to = written_tree(step["to"].as_str().unwrap(), &terms);
    let top = match step["to"].as_str().unwrap().strip_prefix('#') {
        Some(n) => terms[n.parse::<usize>().unwrap()].clone(),
        None => step["to"].as_str().unwrap().to_string(),
    };
    assert_eq!(to, kayles_tree(&[5]), "the opening is Kayles' tree");
    // Each distinct position a move leaves, by the rules: one pin (4; 1 and 3; 2 and 2) or
    // two (3; 1 and 2).
    assert_eq!(moves.len(), 5, "{d}");
    let mut given = std::collections::BTreeSet::new();
    for m in moves {
        let words = m["words"].as_str().unwrap();
        let (first, k) = pins_taken(words);
        // The rows the pins left standing on either side, by hand.
        let (a, b) = (first - 1, 5 - (first - 1 + k));
        let rows: Vec<usize> = [a.min(b), a.max(b)]
            .into_iter()
            .filter(|&x| x > 0)
            .collect();
        let said = match rows.as_slice() {
            [] => "no pins".to_string(),
            [r] => format!("a row of {r}"),
            [x, y] => format!("rows of {x} and {y}"),
            _ => unreachable!(),
        };
        assert!(
            words.ends_with(&format!("of the row of 5, leaving {said}")),
            "{words}"
        );
        // The mirror move, when it is another one, is named beside.
        let mirror = 5 + 1 - (first + k - 1);
        if mirror != first {
            assert!(
                words.contains(&format!(
                    "(or pin{} {mirror}",
                    if k == 2 { "s" } else { "" }
                )),
                "{words}"
            );
        }
        let text: Vec<String> = rows.iter().map(|r| format!("kayles({r})")).collect();
        assert_eq!(m["text"], text.join(" + "), "{m}");
        // The option it names is the tree of those rows, as the step writes it out.
        let opt = m["option"]
            .as_str()
            .unwrap_or_else(|| panic!("{m}: no option"));
        let i: usize = opt.strip_prefix('L').unwrap().parse().unwrap();
        let written = m["written"].as_str().unwrap();
        assert_eq!(
            written_tree(written, &terms),
            kayles_tree(&rows),
            "{words}: option {opt} = {written}"
        );
        assert_eq!(
            written_tree(&format!("{{{written}|{written}}}"), &terms),
            canon(vec![kayles_tree(&rows)])
        );
        given.insert(i);
    }
    // Every option of the opening is given by some move: 3 and 1 + 2 are one tree (each can
    // go to 2, to 1 + 1 and to 1), so five positions make four options.
    let trees: std::collections::BTreeSet<String> =
        [vec![4], vec![1, 3], vec![2, 2], vec![3], vec![1, 2]]
            .iter()
            .map(|r| kayles_tree(r))
            .collect();
    assert_eq!(trees.len(), 4);
    assert_eq!(given.len(), 4, "{given:?}");
    assert_eq!(written_tree(&top, &terms), to);
    // Where the opening acts, in words.
    assert_eq!(d["at_words"], "the whole game");
}

/// The heaps a Wythoff move from (2, 1) leaves, read from its words ("take k from the first
/// heap, leaving heaps of p and q …") and checked against the rules: k taken from one heap or
/// from both.
fn wythoff_move_from_2_1(words: &str) -> (usize, usize) {
    let n: Vec<usize> = words
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().unwrap())
        .collect();
    let (k, p, q) = (n[0], n[1], n[2]);
    let want = if words.contains("from the first heap") {
        (2 - k, 1)
    } else if words.contains("from the second heap") {
        (2, 1 - k)
    } else {
        assert!(words.contains("from both heaps"), "{words}");
        (2 - k, 1 - k)
    };
    assert_eq!((p, q), want, "{words}");
    (p, q)
}

#[test]
fn wythoff_moves_are_said_in_words() {
    let s = Server::start(&[]);
    // Wythoff's game on heaps (2, 1), by its rules: take any number from one heap or the same
    // number from both; the positions left are (0, 1), (1, 1), (2, 0) and (1, 0).
    let steps = described_steps(&s, "wythoff(2, 1)", "fundamental");
    let (st, d) = steps
        .iter()
        .find(|(_, d)| d["moves"].as_array().is_some_and(|m| !m.is_empty()))
        .expect("the opening lists its moves");
    let mut left = Vec::new();
    for m in d["moves"].as_array().unwrap() {
        let words = m["words"].as_str().unwrap();
        let (p, q) = wythoff_move_from_2_1(words);
        assert!(
            words.ends_with(&format!("(the queen from (2, 1) to ({p}, {q}))")),
            "{words}"
        );
        assert_eq!(m["player"], "either");
        // The option it names is that position, as the opening writes it.
        let opt = m["option"].as_str().unwrap();
        let i: usize = opt.strip_prefix('L').unwrap().parse().unwrap();
        let plain = |t: &str| t.replace(' ', "");
        assert_eq!(
            plain(m["text"].as_str().unwrap()),
            format!("wythoff({p},{q})"),
            "{m}"
        );
        let to = st["to"].as_str().unwrap();
        assert!(plain(to).contains(&format!("wythoff({p},{q})")), "{to}");
        left.push(((p, q), i));
    }
    left.sort();
    let positions: Vec<(usize, usize)> = left.iter().map(|(pq, _)| *pq).collect();
    assert_eq!(positions, [(0, 1), (1, 0), (1, 1), (2, 0)]);
}

#[test]
fn a_loopy_step_inside_labelled_braces_says_where_in_words() {
    let s = Server::start(&[]);
    // a{0|{a|-1}}: its offside is read inside the braces labelled xa, which its own options
    // lead back to; the step there is at Right's first option of them.
    let step = |from: &str, at: &[&str], terms: &[&str]| {
        let a = s.post(
            "/api/step",
            &json!({"step": {"from": from, "to": from, "rule": "x", "at": at, "terms": terms}})
                .to_string(),
        );
        assert_eq!(a.status, 200, "{}", a.body);
        a.json()["at_words"].clone()
    };
    assert_eq!(
        step("{0|} & offside(xa{0||xa|{|0}})", &["arg1", "arg0", "R0"], &[]),
        "Right's first option, in the position xa{…} (labelled xa: a position that leads back to itself, where xa inside it names it), in the game inside offside(…), in the offside (right of &)"
    );
    // The changed part is marked in the term as written: the span of that option's text.
    let marked = |from: &str, at: &[&str]| {
        let a = s.post(
            "/api/step",
            &json!({"step": {"from": from, "to": from, "rule": "x", "at": at}, "braces": true})
                .to_string(),
        );
        assert_eq!(a.status, 200, "{}", a.body);
        let d = a.json();
        let text: Vec<u16> = d["before"]["text"]
            .as_str()
            .unwrap()
            .encode_utf16()
            .collect();
        let span = &d["changed"]["before"];
        let (i, j) = (
            span[0].as_u64().unwrap() as usize,
            span[1].as_u64().unwrap() as usize,
        );
        String::from_utf16(&text[i..j]).unwrap()
    };
    let from = "{0|} & offside(xa{0||xa|{|0}})";
    assert_eq!(marked(from, &["arg1", "arg0", "R0"]), "{xa|{|0}}");
    assert_eq!(marked(from, &["arg1", "arg0"]), "xa{0|{xa|{|0}}}");
    assert_eq!(marked(from, &["arg1"]), "offside(xa{0|{xa|{|0}}})");
    assert_eq!(marked(from, &["arg0"]), "{0|}");
    // A position left as #n (the page could not write it out) is read from the table sent.
    assert_eq!(
        step("{0|} & #1", &["arg1", "arg0"], &["{|0}", "offside(xa{0||xa|#0})"]),
        "the position xa{…} (labelled xa: a position that leads back to itself, where xa inside it names it), in the game inside offside(…), in the position #1 (entry 1 of the shared terms), in the offside (right of &)"
    );
    // Every step of a{0|{a|-1}}'s loopy derivation, as the page writes it, has its place in
    // words (no path).
    let v = s
        .post("/api/simplify", &json!({"expr": "a{0|{a|-1}}"}).to_string())
        .json();
    let terms: Vec<String> = v["terms"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|t| t.as_str().unwrap().to_string())
        .collect();
    let mut from = v["input"].as_str().unwrap().to_string();
    let mut labelled = false;
    for st in v["steps"].as_array().unwrap() {
        let mut with_from = st.clone();
        with_from["from"] = json!(from);
        with_from["terms"] = json!(terms);
        let a = s.post("/api/step", &json!({ "step": with_from }).to_string());
        assert_eq!(a.status, 200, "{}", a.body);
        let d = a.json();
        let w = d["at_words"]
            .as_str()
            .unwrap_or_else(|| panic!("{with_from}: {d}"));
        labelled |= w.contains("labelled xa");
        from = st["to"].as_str().unwrap().to_string();
    }
    assert!(labelled, "a step inside the labelled braces");
}

#[test]
fn the_degree_of_a_sided_value_is_each_sides() {
    let s = Server::start(&[]);
    let row = |v: &serde_json::Value, field: &str| -> serde_json::Value {
        v["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["field"] == field)
            .unwrap_or_else(|| panic!("{field} in {v}"))
            .clone()
    };
    // on + off = dud = on & off (Winning Ways ch. 11). CGSuite's degree of a stopper G is
    // G upsum -G, the onside of G + -G (CanonicalStopper.Degree): for on, the onside of
    // on + off = dud, which is on; for off, the onside of off + on, on again. CGSuite has no
    // degree of a sided value that is no stopper: each side's is given.
    let v = s
        .post("/api/analyze", &json!({"expr": "on + off"}).to_string())
        .json();
    let d = row(&v, "degree");
    assert_eq!(d["value"], "on (the onside's), on (the offside's)", "{d}");
    assert!(d["error"].is_null(), "{d}");
    assert!(d["means"].as_str().unwrap().contains("no Degree"), "{d}");
    // A stopper keeps its own: on's degree is on, a loopfree game's 0.
    let v = s
        .post("/api/analyze", &json!({"expr": "on"}).to_string())
        .json();
    assert_eq!(row(&v, "degree")["value"], "on");
}

/// The tree of Wythoff's game on heaps (p, q), by brute force from its rules: take any number
/// from one heap, or the same number from both.
fn wythoff_tree(p: usize, q: usize) -> String {
    let mut opts = Vec::new();
    for k in 1..=p {
        opts.push(wythoff_tree(p - k, q));
    }
    for k in 1..=q {
        opts.push(wythoff_tree(p, q - k));
    }
    for k in 1..=p.min(q) {
        opts.push(wythoff_tree(p - k, q - k));
    }
    canon(opts)
}

#[test]
fn a_misere_wythoff_opening_says_which_move_gives_which_option() {
    let s = Server::start(&[]);
    let (terms, step, d) = misere_opening(&s, "wythoff(2, 1)");
    assert_eq!(
        written_tree(step["to"].as_str().unwrap(), &terms),
        wythoff_tree(2, 1),
        "the opening is Wythoff's tree"
    );
    let moves = d["moves"].as_array().unwrap();
    // The positions one move leaves, by the rules: (1, 1), (0, 1), (2, 0), (1, 0).
    let mut left = std::collections::BTreeSet::new();
    for m in moves {
        let words = m["words"].as_str().unwrap();
        let (p, q) = wythoff_move_from_2_1(words);
        // The option it names is that position's tree, as the step writes it out.
        let written = m["written"]
            .as_str()
            .unwrap_or_else(|| panic!("{m}: no written option"));
        assert_eq!(written_tree(written, &terms), wythoff_tree(p, q), "{words}");
        left.insert((p, q));
    }
    let all: std::collections::BTreeSet<(usize, usize)> =
        [(1, 1), (0, 1), (2, 0), (1, 0)].into_iter().collect();
    assert_eq!(left, all, "{d}");
}

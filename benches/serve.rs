//! `onag serve` targets (issue 19): the page with every asset it loads at start, and a seed
//! example's simplify round trip, over real HTTP on 127.0.0.1 against the release binary.
//! Targets: page load ≤ 100 ms, round trip ≤ 50 ms (BENCHMARKS.md has the figures).

use criterion::{criterion_group, criterion_main, Criterion};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

struct Server(Child, String);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn start() -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start onag serve");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("the listening line");
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .expect("a URL")
        .trim_end_matches('/')
        .to_string();
    Server(child, url)
}

fn agent() -> ureq::Agent {
    ureq::Agent::new_with_config(
        ureq::Agent::config_builder()
            .proxy(None)
            .timeout_global(Some(Duration::from_secs(30)))
            .build(),
    )
}

fn get(a: &ureq::Agent, url: &str) -> usize {
    a.get(url)
        .call()
        .expect("200")
        .body_mut()
        .read_to_string()
        .expect("text")
        .len()
}

fn benches(c: &mut Criterion) {
    let s = start();
    let a = agent();
    let mut g = c.benchmark_group("serve");
    g.sample_size(30);
    // What the browser fetches to show the page: the HTML, its script and style, the examples
    // menu and the rule list (one connection, kept alive, as a browser would).
    g.bench_function("page_load_all_assets", |b| {
        b.iter(|| {
            let mut n = 0;
            for p in ["/", "/app.js", "/style.css", "/examples.json", "/api/rules"] {
                n += get(&a, &format!("{}{p}", s.1));
            }
            assert!(n > 10_000);
            n
        })
    });
    for (game, rules, canonical) in [
        ("{0,1|2}", "all", "3/2"),
        ("{0|5}", "fundamental", "1"),
        ("{{*|*},*,*3|{*|*},*,*3}", "fundamental", "*2"),
    ] {
        let body = serde_json::json!({"expr": game, "rules": rules}).to_string();
        g.bench_function(format!("simplify_round_trip {game} ({rules})"), |b| {
            b.iter(|| {
                let text = a
                    .post(&format!("{}/api/simplify", s.1))
                    .header("content-type", "application/json")
                    .send(body.as_bytes())
                    .expect("200")
                    .body_mut()
                    .read_to_string()
                    .expect("text");
                assert!(
                    text.contains(&format!("\"result\": \"{canonical}\"")),
                    "{text}"
                );
                text.len()
            })
        });
    }
    g.finish();
}

criterion_group!(serve, benches);
criterion_main!(serve);

//! `onag serve` for the tests: the real binary on a free port of 127.0.0.1, and a plain HTTP
//! client for it (no proxy, no TLS, statuses as values).

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running server; stopped (Ctrl-C, then killed if it lingers) when dropped.
pub struct Server {
    child: Option<Child>,
    /// `http://127.0.0.1:PORT`, no trailing slash.
    pub url: String,
}

/// An answer: status, the CLI exit status header, content type, body.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub exit: Option<i32>,
    pub content_type: String,
    pub body: String,
}

impl Answer {
    /// The body as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
}

impl Server {
    /// `onag serve --port 0 ARGS`, once it is listening.
    pub fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_onag"))
            .args(["serve", "--port", "0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start onag serve");
        let mut line = String::new();
        let stdout = child.stdout.take().expect("stdout");
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("read the listening line");
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no URL in {line:?}"))
            .trim_end_matches('/')
            .to_string();
        assert!(url.starts_with("http://127.0.0.1:"), "{url}");
        Server {
            child: Some(child),
            url,
        }
    }

    /// Ctrl-C; waits (at most `within`) for the process to end; its exit status and
    /// standard error.
    pub fn interrupt(mut self, within: Duration) -> (Option<i32>, String, Duration) {
        let mut child = self.child.take().expect("running");
        let start = Instant::now();
        // SAFETY: a plain kill(2) of our own child.
        unsafe {
            libc::kill(child.id() as i32, libc::SIGINT);
        }
        let status = loop {
            if let Some(s) = child.try_wait().expect("wait") {
                break s.code();
            }
            if start.elapsed() > within {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let took = start.elapsed();
        let mut err = String::new();
        if let Some(mut e) = child.stderr.take() {
            let _ = e.read_to_string(&mut err);
        }
        (status, err, took)
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.as_ref().expect("running").id()
    }

    /// Whether the process is still running.
    pub fn alive(&mut self) -> bool {
        self.child
            .as_mut()
            .is_some_and(|c| c.try_wait().ok().flatten().is_none())
    }

    /// POST `body` (JSON) to `path`.
    pub fn post(&self, path: &str, body: &str) -> Answer {
        self.send(path, "application/json", body.as_bytes())
    }

    /// POST raw bytes with a content type.
    pub fn send(&self, path: &str, content_type: &str, body: &[u8]) -> Answer {
        let r = agent()
            .post(&format!("{}{path}", self.url))
            .header("content-type", content_type)
            .send(body);
        answer(r)
    }

    /// GET `path`.
    pub fn get(&self, path: &str) -> Answer {
        answer(agent().get(&format!("{}{path}", self.url)).call())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

fn agent() -> ureq::Agent {
    ureq::Agent::new_with_config(
        ureq::Agent::config_builder()
            .http_status_as_error(false)
            .proxy(None)
            .timeout_global(Some(Duration::from_secs(60)))
            .build(),
    )
}

fn answer(r: Result<ureq::http::Response<ureq::Body>, ureq::Error>) -> Answer {
    let mut resp = r.expect("an HTTP answer");
    let status = resp.status().as_u16();
    let header = |name: &str| {
        resp.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string)
    };
    let exit = header("x-onag-exit").and_then(|v| v.parse().ok());
    let content_type = header("content-type").unwrap_or_default();
    let body = resp
        .body_mut()
        .with_config()
        .limit(64 << 20)
        .read_to_string()
        .expect("a UTF-8 body");
    Answer {
        status,
        exit,
        content_type,
        body,
    }
}

/// `onag ARGS` run directly: its standard output and exit status.
pub fn cli(args: &[&str]) -> (String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(args)
        .output()
        .expect("run onag");
    (
        String::from_utf8(out.stdout).expect("UTF-8"),
        out.status.code().unwrap_or(-1),
    )
}

/// A request body with `expr` (and optional extra fields).
pub fn expr(e: &str) -> String {
    serde_json::json!({ "expr": e }).to_string()
}

/// The sum of the switches {k|-k} for k = 1..n: slow to simplify by the fundamental rules.
pub fn switches(n: u32) -> String {
    (1..=n)
        .map(|k| format!("{{{k}|-{k}}}"))
        .collect::<Vec<_>>()
        .join("+")
}

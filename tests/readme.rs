//! README's tour is real output: every `$ onag …` line in a `console` block is run through the
//! shell (in a scratch directory, with this build's `onag` first on PATH) and must print exactly
//! the lines that follow it.

use std::path::{Path, PathBuf};
use std::process::Command;

/// (command, expected output) pairs, in README order.
fn sessions(readme: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut in_console = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_console = line == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(cmd) = line.strip_prefix("$ ") {
            out.push((cmd.to_string(), String::new()));
        } else if let Some((_, expected)) = out.last_mut() {
            expected.push_str(line);
            expected.push('\n');
        }
    }
    out
}

#[test]
fn readme_console_blocks_are_real_output() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_onag"))
        .parent()
        .expect("the binary's directory")
        .to_path_buf();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let scratch = std::env::temp_dir().join(format!("onag-readme-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("a scratch directory");
    let runs = sessions(&readme);
    assert!(runs.len() >= 10, "the tour has {} commands", runs.len());
    let mut failures = Vec::new();
    for (cmd, expected) in &runs {
        assert!(cmd.starts_with("onag "), "README runs only onag: {cmd}");
        let o = Command::new("sh")
            .args(["-c", cmd])
            .current_dir(&scratch)
            .env("PATH", &path)
            .env_remove("NO_COLOR")
            .output()
            .expect("run sh");
        let got = String::from_utf8_lossy(&o.stdout);
        if got != *expected {
            failures.push(format!(
                "$ {cmd}\n--- README says\n{expected}--- onag prints\n{got}"
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

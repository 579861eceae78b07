//! The bench drives a real server: the `ghostseat` binary beside this one
//! (`cargo test` at the workspace root builds both).

use std::process::Output;

async fn bench(args: &[&str]) -> Output {
    let bin = env!("CARGO_BIN_EXE_ghostseat-bench");
    let server = std::path::Path::new(bin).with_file_name("ghostseat");
    assert!(
        server.is_file(),
        "{} is missing: run `cargo test` at the workspace root (it builds the server too)",
        server.display()
    );
    tokio::process::Command::new(bin)
        .args(args)
        .output()
        .await
        .expect("the bench runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// On one core the binary runs tokio's single-threaded scheduler (see
/// `main`). The bench pins its server and itself to one CPU and plays whole
/// games of every variant over HTTP on it: every command must be answered.
#[tokio::test]
async fn whole_games_run_on_a_server_pinned_to_one_core() {
    let dir = tempfile::tempdir().unwrap();
    // The first CPU this process may run on (a container's cpuset need
    // not hold CPU 0).
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let allowed = status
        .lines()
        .find_map(|l| l.strip_prefix("Cpus_allowed_list:"))
        .expect("Cpus_allowed_list in /proc/self/status");
    let cpu: String = allowed
        .trim()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let out = bench(&[
        "--sessions",
        "5",
        "--seconds",
        "2",
        "--runs",
        "1",
        "--server-cpu",
        &cpu,
        "--client-cpu",
        &cpu,
        "--dir",
        dir.path().to_str().unwrap(),
    ])
    .await;
    assert!(out.status.success(), "bench failed: {}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let summary: serde_json::Value =
        serde_json::from_str(stdout.lines().last().expect("a summary line")).unwrap();
    let run = &summary["median"];
    assert_eq!(summary["server_cpu"].to_string(), cpu, "{stdout}");
    assert_eq!(run["errors"], 0.0, "{stdout}");
    assert!(run["commands"].as_f64().unwrap() > 50.0, "{stdout}");
}

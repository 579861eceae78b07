//! The README and docs/operations.md tell the truth about the command line.

use clap::CommandFactory;
use ghostseat::config::Cli;

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// Every flag of `serve` has its row in docs/operations.md's configuration
/// table, with its environment variable and its default.
#[test]
fn every_serve_flag_is_in_the_configuration_table() {
    let doc = read("docs/operations.md");
    let cli = Cli::command();
    let mut missing = vec![];
    for arg in cli.get_arguments() {
        let Some(long) = arg.get_long() else { continue };
        if long == "help" || long == "version" {
            continue;
        }
        let env = arg
            .get_env()
            .map(|e| e.to_string_lossy().into_owned())
            .expect("every serve flag has an environment variable");
        let default = arg
            .get_default_values()
            .iter()
            .map(|v| v.to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join(",");
        let default = if default.is_empty() {
            "(none)".to_string()
        } else {
            format!("`{default}`")
        };
        let row = format!("| `--{long}` | `{env}` | {default} |");
        if !doc.lines().any(|l| l.starts_with(&row)) {
            missing.push(row);
        }
    }
    assert!(
        missing.is_empty(),
        "docs/operations.md's configuration table lacks: {missing:?}"
    );
}

/// The README's short table names real flags, with their real environment
/// variables and defaults (the same row as in docs/operations.md).
#[test]
fn the_readme_names_real_flags_and_the_two_commands() {
    let readme = read("README.md");
    let doc = read("docs/operations.md");
    let rows: Vec<&str> = readme.lines().filter(|l| l.starts_with("| `--")).collect();
    assert!(rows.len() >= 3, "the README's configuration table is gone");
    for row in rows {
        let key = row.splitn(5, " | ").take(3).collect::<Vec<_>>().join(" | ");
        assert!(
            doc.lines().any(|l| l.starts_with(&key)),
            "README row {key} does not match docs/operations.md"
        );
    }
    for command in ["cargo run --release ", "cargo test "] {
        assert!(
            readme.lines().any(|l| l.starts_with(command)),
            "the README lost `{}`",
            command.trim()
        );
    }
}

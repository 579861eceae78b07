//! The README tells the truth about the command line.

use clap::CommandFactory;
use ghostseat::config::Cli;

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap()
}

#[test]
fn every_serve_flag_is_in_the_configuration_table() {
    let readme = readme();
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
        let row = format!("| `--{long}` | `{env}` |");
        if !readme.lines().any(|l| l.starts_with(&row)) {
            missing.push(row);
        }
    }
    assert!(
        missing.is_empty(),
        "README.md's configuration table lacks: {missing:?}"
    );
}

//! ghostseat's rules: the game-agnostic contract ([`engine`]) and the five
//! variants ([`games`]), one folder each.
//!
//! Pure and deterministic: a game is a function of its options, its seed and
//! its command log. This crate does no I/O and depends on no async runtime,
//! HTTP or database crate; the `purity` test checks that against
//! `Cargo.lock`.

pub mod engine;
pub mod games;

/// The rules stay pure by construction: nothing this crate depends on, even
/// indirectly, is an async runtime, HTTP or a database (asked of `cargo tree`
/// for this crate's normal dependencies, so a dependency added to its
/// manifest fails here).
#[cfg(test)]
mod purity {
    /// Crates that would mean sockets, an async runtime, HTTP or a database.
    const FORBIDDEN: &[&str] = &[
        "tokio",
        "mio",
        "socket2",
        "hyper",
        "axum",
        "tower",
        "h2",
        "reqwest",
        "sqlx",
        "sqlx-core",
        "libsqlite3-sys",
        "rusqlite",
        "tokio-postgres",
        "async-std",
        "futures-io",
        "utoipa",
        "tracing-subscriber",
    ];

    #[test]
    fn the_rules_crate_depends_on_no_io_crate() {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let out = std::process::Command::new(cargo)
            .args(["tree", "--locked", "--offline", "-p", "ghostseat-engine"])
            .args(["-e", "normal", "--prefix", "none", "--format", "{p}"])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("cargo tree runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let tree = String::from_utf8(out.stdout).expect("utf-8");
        let names: std::collections::BTreeSet<&str> =
            tree.lines().filter_map(|l| l.split(' ').next()).collect();
        assert!(
            names.contains("serde"),
            "the tree lists the crate's dependencies: {names:?}"
        );
        let bad: Vec<_> = FORBIDDEN.iter().filter(|f| names.contains(**f)).collect();
        assert!(bad.is_empty(), "ghostseat-engine depends on {bad:?}");
    }
}

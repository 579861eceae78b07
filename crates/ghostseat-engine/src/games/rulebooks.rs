//! Which rulebook files make up each game's rulebook: the Catan
//! variants share the base game's rules. The files sit beside each game's
//! code; [`crate::engine::rulebook`] parses them.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use crate::engine::rulebook::{Rulebook, SESSION_RULES};

const ARLER_ERDE: &str = include_str!("arler_erde/rulebook.toml");
const THREE_HUNDRED: &str = include_str!("three_hundred/rulebook.toml");
const CATAN_BASE: &str = include_str!("catan/rulebook.toml");
const CATAN_SHADOW: &str = include_str!("catan_shadow/rulebook.toml");
const CATAN_CK_DUEL: &str = include_str!("catan_ck_duel/rulebook.toml");
const TERRA_MYSTICA: &str = include_str!("terra_mystica/rulebook.toml");

/// Game id → the files of its rulebook, the session rules last.
fn files(game: &str) -> Option<Vec<&'static str>> {
    let own: &[&'static str] = match game {
        "arler-erde" => &[ARLER_ERDE],
        "three-hundred" => &[THREE_HUNDRED],
        "catan-shadow" => &[CATAN_BASE, CATAN_SHADOW],
        "catan-ck-duel" => &[CATAN_BASE, CATAN_CK_DUEL],
        "terra-mystica" => &[TERRA_MYSTICA],
        _ => return None,
    };
    Some(own.iter().copied().chain([SESSION_RULES]).collect())
}

static BOOKS: LazyLock<BTreeMap<&'static str, Rulebook>> = LazyLock::new(|| {
    [
        "arler-erde",
        "three-hundred",
        "catan-shadow",
        "catan-ck-duel",
        "terra-mystica",
    ]
    .into_iter()
    .filter_map(|g| {
        // The files are part of the binary and a test parses every one,
        // so a broken file cannot ship; should one anyway, the game
        // simply has no rulebook rather than taking the server down.
        let book = Rulebook::parse(&files(g)?).ok()?;
        Some((g, book))
    })
    .collect()
});

/// The rulebook of a game of the catalogue.
pub fn rulebook(game: &str) -> Option<&'static Rulebook> {
    BOOKS.get(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Lang;

    #[test]
    fn every_game_of_the_catalogue_has_a_rulebook_that_parses() {
        for g in crate::games::catalog() {
            let files = files(g.id()).unwrap_or_else(|| panic!("{} has no rulebook", g.id()));
            let book = Rulebook::parse(&files).unwrap_or_else(|e| panic!("{}: {e}", g.id()));
            assert!(book.rules.len() > 20, "{}", g.id());
            assert!(!book.terms.is_empty(), "{}", g.id());
            for r in &book.rules {
                for l in [Lang::En, Lang::De] {
                    let e = r.entry(l);
                    assert!(!e.title.trim().is_empty(), "{} {l:?}", r.id);
                    assert!(!e.summary.trim().is_empty(), "{} {l:?}", r.id);
                    assert!(!e.summary.contains("**"), "{}: markdown", r.id);
                }
            }
            assert!(rulebook(g.id()).is_some());
        }
    }

    /// Every rule id of a spec is in the rulebook (when the specs are beside
    /// the project, as in CI), and nothing else is.
    #[test]
    fn the_rulebooks_hold_exactly_the_specs_rule_ids() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/rules");
        let Ok(_) = std::fs::metadata(dir) else {
            return;
        };
        for (spec, file) in [
            ("arler-erde", ARLER_ERDE),
            ("three-hundred", THREE_HUNDRED),
            ("catan-base", CATAN_BASE),
            ("catan-shadow", CATAN_SHADOW),
            ("catan-ck-duel", CATAN_CK_DUEL),
            ("terra-mystica", TERRA_MYSTICA),
        ] {
            let text = std::fs::read_to_string(format!("{dir}/{spec}.md")).unwrap();
            let mut in_spec = std::collections::BTreeSet::new();
            // A rule is defined where its id opens a bold span: `**ARLE-VIM-3**`
            // or `**CAT-ROB-2 (robber).**`.
            for part in text.split("**").skip(1).step_by(2) {
                let head: String = part
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                    .collect();
                if is_rule_id(&head) {
                    in_spec.insert(head);
                }
            }
            let book = Rulebook::parse(&[file]).unwrap();
            let in_book: std::collections::BTreeSet<String> =
                book.rules.iter().map(|r| r.id.clone()).collect();
            let missing: Vec<_> = in_spec.difference(&in_book).collect();
            let extra: Vec<_> = in_book.difference(&in_spec).collect();
            assert!(
                missing.is_empty(),
                "{spec}: not in the rulebook: {missing:?}"
            );
            assert!(extra.is_empty(), "{spec}: not in the spec: {extra:?}");
        }
    }

    /// Every string literal in the code that is a rule id (what events and
    /// refusals can name) is in the rulebook a player can open.
    #[test]
    fn every_rule_id_the_code_names_is_in_the_rulebook() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
        let check = |folder: &str, game: &str| {
            let book = rulebook(game).unwrap();
            let mut missing = std::collections::BTreeSet::new();
            for id in rule_ids_in(&format!("{root}/{folder}")) {
                if book.rule(&id).is_none() {
                    missing.insert(id);
                }
            }
            assert!(
                missing.is_empty(),
                "{folder}: not in the {game} rulebook: {missing:?}"
            );
        };
        check("games/arler_erde", "arler-erde");
        check("games/three_hundred", "three-hundred");
        check("games/catan", "catan-shadow");
        check("games/catan_shadow", "catan-shadow");
        check("games/catan_ck_duel", "catan-ck-duel");
        check("games/terra_mystica", "terra-mystica");
        check("engine", "arler-erde");
        // The server's session and API code names session rules too; it
        // lives at the workspace's root.
        for folder in ["../../../src/session", "../../../src/api"] {
            check(folder, "arler-erde");
        }
    }

    /// The rule ids in string literals of the `.rs` files under `dir`.
    fn rule_ids_in(dir: &str) -> std::collections::BTreeSet<String> {
        let mut out = std::collections::BTreeSet::new();
        let mut stack = vec![std::path::PathBuf::from(dir)];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    stack.push(p);
                } else if p.extension().is_some_and(|x| x == "rs") {
                    let src = std::fs::read_to_string(&p).unwrap();
                    for lit in src.split('"').skip(1).step_by(2) {
                        if is_rule_id(lit) {
                            out.insert(lit.to_string());
                        }
                    }
                }
            }
        }
        out
    }

    /// `ARLE-VIM-4`, `T300-GEN-1`, `SESSION-UNDO-2`, `CCK-PROG-4a`.
    fn is_rule_id(s: &str) -> bool {
        let parts: Vec<&str> = s.split('-').collect();
        parts.len() == 3
            && parts[..2].iter().all(|p| {
                !p.is_empty()
                    && p.bytes()
                        .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
            })
            && parts[0].bytes().any(|b| b.is_ascii_uppercase())
            && parts[2].bytes().next().is_some_and(|b| b.is_ascii_digit())
            && parts[2]
                .bytes()
                .all(|b| b.is_ascii_digit() || b.is_ascii_lowercase())
    }
}

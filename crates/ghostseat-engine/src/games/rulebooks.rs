//! The rulebooks of the games of the catalogue: each game names its files
//! ([`crate::engine::Game::RULEBOOK`], the base game's first for the Catan
//! variants) and the session rules are added to every one;
//! [`crate::engine::rulebook`] parses them.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use crate::engine::rulebook::{Rulebook, SESSION_RULES};

/// A game's files, the session rules last.
pub fn files(own: &[&'static str]) -> Vec<&'static str> {
    own.iter().copied().chain([SESSION_RULES]).collect()
}

static BOOKS: LazyLock<BTreeMap<&'static str, Rulebook>> = LazyLock::new(|| {
    crate::games::catalog()
        .into_iter()
        .filter_map(|g| {
            // The files are part of the binary and a test parses every one,
            // so a broken file cannot ship; should one anyway, the game
            // simply has no rulebook rather than taking the server down.
            let book = Rulebook::parse(&files(g.rulebook_files())).ok()?;
            Some((g.id(), book))
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
            let files = files(g.rulebook_files());
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
        // Each game's own file is the last of its rulebook; the Catan base is a spec of its own.
        let own = crate::games::catalog()
            .into_iter()
            .map(|g| (g.id(), *g.rulebook_files().last().unwrap()));
        for (spec, file) in own.chain([("catan-base", crate::games::catan::RULEBOOK)]) {
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
        for g in crate::games::catalog() {
            check(&format!("games/{}", g.id().replace('-', "_")), g.id());
        }
        check("games/catan", "catan-shadow");
        check("engine", "arler-erde");
        // The server's session and API code names session rules too; it
        // lives at the workspace's root.
        for folder in ["../../../src/session", "../../../src/api"] {
            check(folder, "arler-erde");
        }
    }

    /// The template a new game copies names only rules of its own rulebook.
    #[test]
    fn the_template_names_only_rules_of_its_rulebook() {
        use crate::engine::Game;
        let book = Rulebook::parse(&files(crate::games::template::Pile::RULEBOOK)).unwrap();
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/src/games/template");
        let ids = rule_ids_in(root);
        assert!(ids.len() >= 4, "{ids:?}");
        let missing: Vec<_> = ids.iter().filter(|id| book.rule(id).is_none()).collect();
        assert!(
            missing.is_empty(),
            "not in the template's rulebook: {missing:?}"
        );
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

//! The players' rulebook: every rule id an event or refusal can name, with a
//! title and a summary written for the table, in English and German.
//! Each game keeps its rules in a `rulebook.toml` beside its code
//! (`src/games/rulebooks.rs` lists them); the rules the engine and the
//! session layer enforce for every game (`SESSION-*`) are in
//! `src/engine/rulebook.toml`.

use serde::Deserialize;

use super::Lang;

/// A text in both languages.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Both {
    pub en: String,
    pub de: String,
}

impl Both {
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::De => &self.de,
        }
    }
}

/// A rule's title and summary in one language.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    pub title: String,
    pub summary: String,
}

/// One rule.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rule {
    pub id: String,
    pub section: Both,
    pub en: Entry,
    pub de: Entry,
}

impl Rule {
    pub fn entry(&self, lang: Lang) -> &Entry {
        match lang {
            Lang::En => &self.en,
            Lang::De => &self.de,
        }
    }
}

/// A game term as the English spec and the German edition name it (the
/// German renderer uses these; tests scan German output for the English).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Term {
    pub en: String,
    pub de: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    rule: Vec<Rule>,
    #[serde(default)]
    term: Vec<Term>,
}

/// The rules of one game (its own files, in order, then the session rules).
#[derive(Debug, Default)]
pub struct Rulebook {
    pub rules: Vec<Rule>,
    pub terms: Vec<Term>,
}

/// The rules every game shares (turn gate, table input, undo, seeds…).
pub const SESSION_RULES: &str = include_str!("rulebook.toml");

impl Rulebook {
    /// Parses the files (TOML) in order; a rule id twice is an error.
    pub fn parse(files: &[&str]) -> Result<Rulebook, String> {
        let mut book = Rulebook::default();
        for (i, text) in files.iter().enumerate() {
            let f: File = toml::from_str(text).map_err(|e| format!("rulebook file {i}: {e}"))?;
            for r in f.rule {
                if book.rule(&r.id).is_some() {
                    return Err(format!("rule {} twice", r.id));
                }
                book.rules.push(r);
            }
            book.terms.extend(f.term);
        }
        Ok(book)
    }

    pub fn rule(&self, id: &str) -> Option<&Rule> {
        self.rules.iter().find(|r| r.id == id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_session_rules_parse_and_read_in_both_languages() {
        let book = Rulebook::parse(&[SESSION_RULES]).unwrap();
        for id in [
            "SESSION-TURN-1",
            "SESSION-TURN-2",
            "SESSION-TABLE-1",
            "SESSION-TABLE-2",
            "SESSION-UNDO-1",
            "SESSION-UNDO-2",
            "SESSION-UNDO-3",
            "SESSION-CAP-1",
            "SESSION-SEED-1",
            "SESSION-SEAT-1",
            "SESSION-SEAT-2",
            "SESSION-OPT-1",
            "SESSION-RESIGN-1",
            "SESSION-IMPORT-1",
        ] {
            let r = book.rule(id).unwrap_or_else(|| panic!("{id} missing"));
            for l in [Lang::En, Lang::De] {
                assert!(!r.entry(l).title.is_empty() && !r.entry(l).summary.is_empty());
                assert!(!r.section.get(l).is_empty());
            }
        }
    }

    #[test]
    fn a_rule_twice_is_refused() {
        let twice = format!("{SESSION_RULES}\n{SESSION_RULES}");
        assert!(Rulebook::parse(&[&twice]).is_err());
        assert!(Rulebook::parse(&[SESSION_RULES, SESSION_RULES]).is_err());
    }
}

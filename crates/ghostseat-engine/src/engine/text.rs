//! Texts a player reads: event sentences, prompts, move labels.
//!
//! Engines never store sentences. An event, a decision or a move is typed
//! data; its sentence is rendered from that data when an answer is written,
//! in the language of the request ([`Lang`]). So a stored log reads in any
//! language later, and a replay compares data, never prose.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::seat::{Seat, SeatInfo};

/// A language the server writes texts in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Lang {
    /// English (the default).
    #[default]
    En,
    /// German: the terms of the German editions.
    De,
}

impl Lang {
    /// Every language, in the order of preference when nothing is asked for.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::De];

    /// The BCP 47 tag (`Content-Language`).
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
        }
    }

    /// The language of a BCP 47 tag (`de-AT` is German), if the server has it.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.split(['-', '_']).next()?.trim();
        if primary.eq_ignore_ascii_case("en") {
            Some(Lang::En)
        } else if primary.eq_ignore_ascii_case("de") {
            Some(Lang::De)
        } else {
            None
        }
    }

    /// Picks a language from an `Accept-Language` header value (RFC 9110
    /// §12.5.4): the supported tag of highest weight; English when none.
    pub fn negotiate(header: &str) -> Lang {
        let mut best: Option<(u16, Lang)> = None;
        for part in header.split(',') {
            let mut it = part.split(';');
            let tag = it.next().unwrap_or("").trim();
            let q = it
                .find_map(|p| p.trim().strip_prefix("q="))
                .and_then(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            let weight = (q.clamp(0.0, 1.0) * 1000.0) as u16;
            if weight == 0 {
                continue;
            }
            let lang = if tag == "*" {
                Some(Lang::En)
            } else {
                Lang::from_tag(tag)
            };
            if let Some(l) = lang {
                if best.is_none_or(|(w, _)| weight > w) {
                    best = Some((weight, l));
                }
            }
        }
        best.map(|(_, l)| l).unwrap_or_default()
    }
}

/// What a renderer needs besides the data: the language and who sits where
/// (sentences name seats by their display names).
#[derive(Debug, Clone, Copy)]
pub struct TextCx<'a> {
    pub lang: Lang,
    pub seats: &'a [SeatInfo],
}

impl<'a> TextCx<'a> {
    pub fn new(lang: Lang, seats: &'a [SeatInfo]) -> Self {
        TextCx { lang, seats }
    }

    /// The display name of a seat in the context's language ("Player A",
    /// "Spieler A", "VIM"); the index when the seat does not exist (never for a seat the engine produced).
    pub fn seat_name(&self, seat: Seat) -> String {
        match self.seats.get(usize::from(seat.0)) {
            Some(s) => s.name_in(self.lang).to_string(),
            None => match self.lang {
                Lang::En => format!("seat {}", seat.0),
                Lang::De => format!("Platz {}", seat.0),
            },
        }
    }

    /// Picks the text of the context's language.
    pub fn pick<T>(&self, en: T, de: T) -> T {
        match self.lang {
            Lang::En => en,
            Lang::De => de,
        }
    }
}

/// A value that reads as a sentence (an event, a decision).
pub trait Describe {
    fn describe(&self, cx: &TextCx<'_>) -> String;
}

/// A sentence starts with a capital: "a d6" becomes "A d6".
pub fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// `n` followed by the singular or plural noun: `1 army`, `3 armies`.
pub fn count(n: impl Into<i64>, singular: &str, plural: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { singular } else { plural })
}

/// Joins items as a list a player reads: `a`, `a and b`, `a, b and c`
/// (`und` in German).
pub fn join_list(items: &[String], lang: Lang) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    // Writing into a String cannot fail.
    let _ = write_list(&mut out, items.len(), lang, |f, i| f.write_str(&items[i]));
    out
}

/// [`join_list`] written straight into `f`, item `i` by `item`: for texts
/// built often (a Catan set-up names every intersection by the hexes that
/// touch it), without a string for each item.
pub fn write_list<W: std::fmt::Write + ?Sized>(
    f: &mut W,
    n: usize,
    lang: Lang,
    mut item: impl FnMut(&mut W, usize) -> std::fmt::Result,
) -> std::fmt::Result {
    let and = match lang {
        Lang::En => " and ",
        Lang::De => " und ",
    };
    for i in 0..n {
        match i {
            0 => {}
            _ if i + 1 == n => f.write_str(and)?,
            _ => f.write_str(", ")?,
        }
        item(f, i)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_picks_the_best_supported_tag() {
        assert_eq!(Lang::negotiate("de-DE,de;q=0.9,en;q=0.8"), Lang::De);
        assert_eq!(Lang::negotiate("fr-FR, de;q=0.5, en;q=0.7"), Lang::En);
        assert_eq!(Lang::negotiate("fr"), Lang::En);
        assert_eq!(Lang::negotiate(""), Lang::En);
        assert_eq!(Lang::negotiate("de;q=0, en;q=0.1"), Lang::En);
        assert_eq!(Lang::negotiate("DE-at"), Lang::De);
        assert_eq!(Lang::negotiate("*"), Lang::En);
    }

    #[test]
    fn counts_and_lists_read_as_sentences() {
        assert_eq!(count(1, "army", "armies"), "1 army");
        assert_eq!(count(3, "army", "armies"), "3 armies");
        let l = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(join_list(&l(&["a"]), Lang::En), "a");
        assert_eq!(join_list(&l(&["a", "b"]), Lang::En), "a and b");
        assert_eq!(join_list(&l(&["a", "b", "c"]), Lang::De), "a, b und c");
    }
}

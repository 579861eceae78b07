//! The game's catalogue (`text/<lang>.ftl`): the names of cards and cities and the sentences
//! moved out of Rust so far (the refusals).

use std::sync::LazyLock;

use super::data::{Card, City};
use crate::engine::{Catalogue, Lang};

/// The catalogue, parsed once.
pub static TEXT: LazyLock<Catalogue> = LazyLock::new(|| {
    Catalogue::new(
        "three-hundred",
        &[
            (Lang::En, include_str!("text/en.ftl")),
            (Lang::De, include_str!("text/de.ftl")),
        ],
    )
});

/// The name of a city (`city-<id>`).
pub fn city(lang: Lang, city: City) -> String {
    TEXT.name(lang, &format!("city-{}", city_id(city)))
}

/// The name of a card's Greek half (`card-<id>`).
pub fn card(lang: Lang, card: Card) -> String {
    TEXT.name(lang, &format!("card-{}", card.id()))
}

/// A city's wire id (`athenai`).
pub fn city_id(city: City) -> String {
    serde_json::to_value(city)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

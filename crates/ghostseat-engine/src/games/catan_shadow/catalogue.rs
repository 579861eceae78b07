//! The game's catalogue (`text/<lang>.ftl`) on the Catan core's (`catan/text/<lang>.ftl`):
//! the sentences moved out of Rust so far (the refusals).

use std::sync::LazyLock;

use crate::engine::{Catalogue, Lang};
use crate::games::catan::Resource;

/// The catalogue, parsed once.
pub static TEXT: LazyLock<Catalogue> = LazyLock::new(|| {
    Catalogue::with_base(
        "catan-shadow",
        crate::games::catan::catalogue::BASE,
        &[
            (Lang::En, include_str!("text/en.ftl")),
            (Lang::De, include_str!("text/de.ftl")),
        ],
    )
});

/// The name of a resource (`resource-<id>`, a word of the core).
pub fn resource(lang: Lang, r: Resource) -> String {
    TEXT.name(lang, &format!("resource-{}", r.name()))
}

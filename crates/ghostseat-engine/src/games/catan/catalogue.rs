//! The Catan core's words (`text/<lang>.ftl`): resources, terrains, pieces and the core's
//! sentences, shared by both Catan variants. Each variant's catalogue builds on these files
//! ([`crate::engine::Catalogue::with_base`]), so a word of the core is written once.

use crate::engine::Lang;

/// The core's files, one per language, for [`crate::engine::Catalogue::with_base`].
pub const BASE: &[(Lang, &str)] = &[
    (Lang::En, include_str!("text/en.ftl")),
    (Lang::De, include_str!("text/de.ftl")),
];

/// The core's catalogue on its own, parsed once: what the core's sentences (its refusals)
/// render with, the same in every variant.
pub static CORE: std::sync::LazyLock<crate::engine::Catalogue> =
    std::sync::LazyLock::new(|| crate::engine::Catalogue::new("catan", BASE));

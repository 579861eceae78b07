//! The Catan core's words (`text/<lang>.ftl`): resources, terrains, pieces and the core's
//! sentences, shared by both Catan variants. Each variant's catalogue builds on these files
//! ([`crate::engine::Catalogue::with_base`]), so a word of the core is written once.

use crate::engine::Lang;

/// The core's files, one per language, for [`crate::engine::Catalogue::with_base`].
pub const BASE: &[(Lang, &str)] = &[
    (Lang::En, include_str!("text/en.ftl")),
    (Lang::De, include_str!("text/de.ftl")),
];

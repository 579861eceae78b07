//! One folder per variant. Nothing here knows about HTTP or SQL.

use std::sync::Arc;

use crate::engine::{DynGame, Erased};

pub mod arler_erde;
pub mod catan;
pub mod catan_ck_duel;
pub mod catan_shadow;
pub mod rulebooks;
/// The folder a new game copies (docs/adding-a-game.md): compiled and tested, not offered.
#[cfg(test)]
pub mod template;
pub mod terra_mystica;
pub mod three_hundred;

/// Every game the server offers, in catalogue order.
pub fn catalog() -> Vec<Arc<dyn DynGame>> {
    vec![
        Erased::<arler_erde::ArlerErde>::arc(),
        Erased::<three_hundred::ThreeHundred>::arc(),
        Erased::<catan_shadow::CatanShadow>::arc(),
        Erased::<catan_ck_duel::CatanCkDuel>::arc(),
        Erased::<terra_mystica::TerraMystica>::arc(),
    ]
}

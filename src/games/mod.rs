//! One folder per variant. Nothing here knows about HTTP or SQL.

use std::sync::Arc;

use crate::engine::legacy::Erased;
use crate::engine::DynGame;

pub mod arler_erde;
pub mod catan;
pub mod catan_ck_duel;
pub mod catan_shadow;
pub mod rulebooks;
pub mod terra_mystica;
pub mod three_hundred;

/// Every game the server offers, in catalogue order.
pub fn catalog() -> Vec<Arc<dyn DynGame>> {
    vec![
        crate::engine::Erased::<arler_erde::ArlerErde>::arc(),
        crate::engine::Erased::<three_hundred::ThreeHundred>::arc(),
        crate::engine::Erased::<catan_shadow::CatanShadow>::arc(),
        Erased::<catan_ck_duel::CatanCkDuel>::arc(),
        crate::engine::Erased::<terra_mystica::TerraMystica>::arc(),
    ]
}

//! One folder per variant. Nothing here knows about HTTP or SQL.

use std::sync::Arc;

use crate::engine::{DynGame, Erased};

pub mod catan;
pub mod catan_ck_duel;
pub mod catan_shadow;

/// Every game the server offers, in catalogue order.
pub fn catalog() -> Vec<Arc<dyn DynGame>> {
    vec![
        Erased::<catan_shadow::CatanShadow>::arc(),
        Erased::<catan_ck_duel::CatanCkDuel>::arc(),
    ]
}

//! One folder per variant. Nothing here knows about HTTP or SQL.

use std::sync::Arc;

use crate::engine::{DynGame, Erased};

pub mod catan_ck_duel;

pub mod catan;

/// Every game the server offers, in catalogue order.
pub fn catalog() -> Vec<Arc<dyn DynGame>> {
    vec![Erased::<catan_ck_duel::CatanCkDuel>::arc()]
}

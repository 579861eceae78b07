//! One folder per variant. Nothing here knows about HTTP or SQL.

use std::sync::Arc;

use crate::engine::{DynGame, Erased};

pub mod three_hundred;

/// Every game the server offers, in catalogue order.
pub fn catalog() -> Vec<Arc<dyn DynGame>> {
    vec![Erased::<three_hundred::ThreeHundred>::arc()]
}

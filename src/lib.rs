//! ghostseat: an HTTP/JSON server for the virtual opponents of board-game
//! solo and two-player variants. See `DESIGN.md` in the shared folder and the
//! README for the layers: `api` → `session` → (`engine` + `games`, `store`).

pub mod engine;
pub mod games;

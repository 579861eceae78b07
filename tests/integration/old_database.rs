//! A database written by the previous release (main at 5877df3, before the
//! typed contract; `tests/fixtures/main-5877df3/mk.py` made it) keeps
//! working: the migrations run, every session loads (rebuilt from its log,
//! since the state format changed), keeps its version and status, verifies,
//! and plays on.

use crate::common::{args, TestApp};
use serde_json::Value;

#[tokio::test]
async fn sessions_of_the_previous_release_load_verify_and_play_on() {
    let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/main-5877df3");
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ghostseat.db");
    std::fs::copy(format!("{fixture}/ghostseat.db"), &db).unwrap();
    let sessions: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(format!("{fixture}/sessions.json")).unwrap())
            .unwrap();
    assert!(sessions.len() >= 5);
    let mut app = TestApp::spawn_with(args(&db)).await;
    app.keep(dir);
    for s in &sessions {
        let (game, id) = (s["game"].as_str().unwrap(), s["id"].as_str().unwrap());
        let tokens: Vec<Option<String>> = s["tokens"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().map(String::from))
            .collect();
        let any = tokens.iter().flatten().next().unwrap().clone();
        let v = app.get(id, &any).await;
        assert_eq!(v["version"], s["version"], "{game}");
        assert_eq!(v["status"], s["status"], "{game}");
        assert_eq!(v["game"], game);
        let ver = app.verify(id, &any).await;
        assert_eq!(ver["ok"], true, "{game}: {ver}");
        // The old seed was chosen by the client: it stays public.
        assert_eq!(v["fairness"]["public_seed"], true, "{game}");
        if s["status"] == "active" {
            app.play(id, &tokens, 3, 12).await;
            let after = app.get(id, &any).await;
            assert!(
                after["version"].as_u64() > s["version"].as_u64(),
                "{game} did not play on"
            );
            assert_eq!(app.verify(id, &any).await["ok"], true, "{game}");
        }
    }
    app.stop().await;
}

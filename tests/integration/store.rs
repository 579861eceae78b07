//! The store's contract on both backends: commit, the version
//! fence (`Stale`), load, the log, idempotency records, batches with
//! winners and losers, and two stores (replicas) on one database. Every
//! test runs on SQLite and on PostgreSQL (a throw-away cluster,
//! `tests/integration/common/pg.rs`; skipped without PostgreSQL unless
//! `GHOSTSEAT_REQUIRE_PG=1`).

use crate::common::{fresh_database, Backend};
use ghostseat::store::{
    CommitCommand, Durability, IdempotencyRecord, SessionRow, SessionStore, Store, StoreError,
};
use serde_json::json;
use std::path::PathBuf;

const BACKENDS: [Backend; 2] = [Backend::Sqlite, Backend::Postgres];

/// A fresh store on `backend`, with what keeps its database alive.
async fn open(backend: Backend) -> Option<(Store, PathBuf, Option<tempfile::TempDir>)> {
    let (db, dir) = fresh_database(backend).await?;
    let store = Store::open(&db, Durability::Full)
        .await
        .unwrap_or_else(|e| panic!("{backend:?}: open: {e}"));
    Some((store, db, dir))
}

fn session(id: &str) -> SessionRow {
    SessionRow {
        id: id.into(),
        game: "arler-erde".into(),
        options: json!({"variant": "solo"}),
        seed: u64::MAX - 7, // above i64::MAX: stored as its bit pattern
        version: 0,
        status: "active".into(),
        snapshot: vec![0, 1, 2, 255],
        rng_pos: 0,
        token_hashes: vec!["aa".into(), "bb".into()],
        snapshot_version: 0,
        snapshot_rng_pos: 0,
        salt: Some("5a17".into()),
        public_seed: false,
        state_version: 3,
        resigned: None,
    }
}

fn command(id: &str, seq: u64) -> CommitCommand {
    CommitCommand {
        session_id: id.into(),
        seq,
        kind: "move",
        seat: Some(1),
        payload: format!(r#"{{"move":{{"type":"pass","n":{seq}}}}}"#),
        // Odd spacing on purpose: the stored bytes must come back unchanged.
        events: format!(r#"[ {{"rule":"TST-1", "n": {seq}}} ]"#),
        idempotency: None,
        snapshot: None,
        state_version: 3,
        rng_pos: seq * 10,
        status: "active",
        touch: true,
    }
}

/// Commit, fence, load and log on one store.
#[tokio::test]
async fn commit_fence_and_load() {
    for backend in BACKENDS {
        let Some((store, _db, _dir)) = open(backend).await else {
            continue;
        };
        store.create_session(&session("s1"), None).await.unwrap();
        assert_eq!(store.stored_version("s1").await.unwrap(), Some(0));
        store.commit(command("s1", 1)).await.unwrap();
        // The same version again: another writer got there first.
        match store.commit(command("s1", 1)).await {
            Err(StoreError::Stale { session, version }) => {
                assert_eq!((session.as_str(), version), ("s1", 0), "{backend:?}")
            }
            other => panic!("{backend:?}: a second command 1 gave {other:?}"),
        }
        // A gap: computed for a version the session is not at.
        assert!(
            matches!(
                store.commit(command("s1", 3)).await,
                Err(StoreError::Stale { .. })
            ),
            "{backend:?}"
        );
        // A session that does not exist is stale too, and writes nothing.
        assert!(matches!(
            store.commit(command("nobody", 1)).await,
            Err(StoreError::Stale { .. })
        ));
        assert!(store.commands("nobody", 0, 10).await.unwrap().is_empty());

        let mut c2 = command("s1", 2);
        c2.snapshot = Some(vec![9, 9, 9]);
        c2.status = "finished";
        store.commit(c2).await.unwrap();
        let row = store.load_session("s1").await.unwrap().expect("stored");
        assert_eq!(row.version, 2, "{backend:?}");
        assert_eq!(row.rng_pos, 20);
        assert_eq!(row.status, "finished");
        assert_eq!(row.snapshot, vec![9, 9, 9]);
        assert_eq!((row.snapshot_version, row.snapshot_rng_pos), (2, 20));
        assert_eq!(row.seed, u64::MAX - 7);
        assert_eq!(row.options, json!({"variant": "solo"}));
        assert_eq!(row.token_hashes, vec!["aa".to_string(), "bb".into()]);
        assert_eq!(row.salt.as_deref(), Some("5a17"));
        assert!(!row.public_seed);
        assert_eq!(row.state_version, 3);
        let log = store.commands("s1", 0, 100).await.unwrap();
        assert_eq!(
            log.iter().map(|c| c.seq).collect::<Vec<_>>(),
            vec![1, 2],
            "{backend:?}"
        );
        assert_eq!(log[0].events, r#"[ {"rule":"TST-1", "n": 1} ]"#);
        assert_eq!(log[0].payload, json!({"move": {"type": "pass", "n": 1}}));
        assert_eq!(log[0].seat, Some(1));
        // created_at reads the same on both backends: 2026-01-02T03:04:05.678Z
        let t = &log[0].created_at;
        assert!(
            t.len() == 24 && t.ends_with('Z') && &t[10..11] == "T",
            "{backend:?}: {t}"
        );
        assert_eq!(store.commands("s1", 1, 100).await.unwrap().len(), 1);
        assert_eq!(store.commands("s1", 0, 1).await.unwrap().len(), 1);
        assert!(store.load_session("missing").await.unwrap().is_none());
        store.close().await;
    }
}

/// Idempotency records of commands and creates; a resign sets `resigned`.
#[tokio::test]
async fn idempotency_records_and_resign() {
    for backend in BACKENDS {
        let Some((store, _db, _dir)) = open(backend).await else {
            continue;
        };
        let rec = |key: &str| IdempotencyRecord {
            key: key.into(),
            request_hash: format!("h-{key}"),
            status: 200,
            body: r#"{"ok": true}"#.into(),
        };
        store
            .create_session(&session("s2"), Some(rec("c1")))
            .await
            .unwrap();
        let r = store
            .idempotent_reply("create", "c1")
            .await
            .unwrap()
            .unwrap();
        assert_eq!((r.request_hash.as_str(), r.status), ("h-c1", 200));
        let mut c = command("s2", 1);
        c.idempotency = Some(rec("k1"));
        store.commit(c).await.unwrap();
        let r = store.idempotent_reply("s2", "k1").await.unwrap().unwrap();
        assert_eq!(r.body, r#"{"ok": true}"#, "{backend:?}");
        assert!(store.idempotent_reply("s2", "k2").await.unwrap().is_none());
        let log = store.commands("s2", 0, 10).await.unwrap();
        assert_eq!(log[0].idempotency_key.as_deref(), Some("k1"));
        // A stale command leaves no idempotency record behind.
        let mut stale = command("s2", 1);
        stale.idempotency = Some(rec("k3"));
        assert!(store.commit(stale).await.is_err());
        assert!(store.idempotent_reply("s2", "k3").await.unwrap().is_none());
        let mut resign = command("s2", 2);
        resign.kind = "resign";
        resign.seat = Some(0);
        store.commit(resign).await.unwrap();
        let row = store.load_session("s2").await.unwrap().unwrap();
        assert_eq!(row.resigned, Some(0), "{backend:?}");
        // Deleting takes the session's records along.
        assert!(store.delete_session("s2").await.unwrap());
        assert!(store.idempotent_reply("s2", "k1").await.unwrap().is_none());
        assert!(store.load_session("s2").await.unwrap().is_none());
        assert!(!store.delete_session("s2").await.unwrap());
        store.close().await;
    }
}

/// Many sessions' commands at once end up in shared batches: the winners
/// commit, the losers (a wrong version) answer Stale, and nothing of a
/// loser is written. 300 commands: more than one chunk of rows (256), so a
/// SQLite script binds its arguments across two chunks' statements.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_batch_with_winners_and_losers() {
    for backend in BACKENDS {
        let Some((store, _db, _dir)) = open(backend).await else {
            continue;
        };
        const N: usize = 300;
        for i in 0..N {
            store
                .create_session(&session(&format!("b{i}")), None)
                .await
                .unwrap();
        }
        let commits = (0..N).map(|i| {
            let store = store.clone();
            async move {
                // Every third command is for a version its session is not at.
                let mut c = command(&format!("b{i}"), if i % 3 == 0 { 2 } else { 1 });
                if i % 2 == 0 {
                    c.snapshot = Some(vec![i as u8; 16]);
                }
                store.commit(c).await
            }
        });
        let results = futures::future::join_all(commits).await;
        for (i, r) in results.into_iter().enumerate() {
            let id = format!("b{i}");
            let row = store.load_session(&id).await.unwrap().unwrap();
            if i % 3 == 0 {
                assert!(
                    matches!(r, Err(StoreError::Stale { .. })),
                    "{backend:?} {id}: {r:?}"
                );
                assert_eq!(row.version, 0);
                assert_eq!(row.snapshot, vec![0, 1, 2, 255], "{backend:?} {id}");
                assert!(store.commands(&id, 0, 10).await.unwrap().is_empty());
            } else {
                r.unwrap_or_else(|e| panic!("{backend:?} {id}: {e}"));
                assert_eq!(row.version, 1);
                let snap = if i % 2 == 0 {
                    vec![i as u8; 16]
                } else {
                    vec![0, 1, 2, 255]
                };
                assert_eq!(row.snapshot, snap, "{backend:?} {id}");
                assert_eq!(store.commands(&id, 0, 10).await.unwrap().len(), 1);
            }
        }
        store.close().await;
    }
}

/// Two replicas may race one session: its commands for the same version
/// (and the next) can share a batch. Each goes in a round of its own, so
/// exactly the first of each version commits; the loser answers Stale and
/// leaves neither a log row, a snapshot nor an idempotency record.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn racing_commands_of_one_session_in_one_batch() {
    for backend in BACKENDS {
        let Some((store, _db, _dir)) = open(backend).await else {
            continue;
        };
        store.create_session(&session("race"), None).await.unwrap();
        let rec = |key: &str| IdempotencyRecord {
            key: key.into(),
            request_hash: format!("h-{key}"),
            status: 200,
            body: format!(r#"{{"key": "{key}"}}"#),
        };
        let mut first = command("race", 1);
        first.payload = r#"{"who":"first"}"#.into();
        first.idempotency = Some(rec("a"));
        let mut second = command("race", 1);
        second.payload = r#"{"who":"second"}"#.into();
        second.idempotency = Some(rec("b"));
        second.snapshot = Some(vec![9; 4]);
        let mut next = command("race", 2);
        next.payload = r#"{"who":"next"}"#.into();
        // Polled in order, so queued in order: one batch, or several in
        // this order; the answers are the same either way.
        let results =
            futures::future::join_all([first, second, next].map(|c| store.commit(c))).await;
        assert!(results[0].is_ok(), "{backend:?}: {results:?}");
        assert!(
            matches!(results[1], Err(StoreError::Stale { version: 0, .. })),
            "{backend:?}: {:?}",
            results[1]
        );
        assert!(results[2].is_ok(), "{backend:?}: {:?}", results[2]);
        let log = store.commands("race", 0, 10).await.unwrap();
        let who: Vec<&str> = log
            .iter()
            .map(|c| c.payload["who"].as_str().unwrap())
            .collect();
        assert_eq!(who, ["first", "next"], "{backend:?}");
        let row = store.load_session("race").await.unwrap().unwrap();
        assert_eq!(row.version, 2, "{backend:?}");
        assert_eq!(
            row.snapshot,
            vec![0, 1, 2, 255],
            "{backend:?}: the loser's snapshot"
        );
        assert!(store.idempotent_reply("race", "a").await.unwrap().is_some());
        assert!(
            store.idempotent_reply("race", "b").await.unwrap().is_none(),
            "{backend:?}: the loser's idempotency record"
        );
        store.close().await;
    }
}

/// A job that fails for a reason other than the fence (here a unique key:
/// an idempotency key its session already used, and a create of an id that
/// exists) fails alone; the other commands of its batch still commit. On
/// SQLite and PostgreSQL the batched statements fail, the batch is rolled
/// back and done again job by job.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn one_bad_job_does_not_sink_its_batch() {
    for backend in BACKENDS {
        let Some((store, _db, _dir)) = open(backend).await else {
            continue;
        };
        const N: usize = 120;
        const BAD: usize = 60;
        let rec = IdempotencyRecord {
            key: "used".into(),
            request_hash: "h".into(),
            status: 200,
            body: "{}".into(),
        };
        for i in 0..N {
            store
                .create_session(&session(&format!("u{i}")), None)
                .await
                .unwrap();
        }
        let mut first = command(&format!("u{BAD}"), 1);
        first.idempotency = Some(rec.clone());
        store.commit(first).await.unwrap();
        let commits = (0..N).map(|i| {
            let store = store.clone();
            let rec = rec.clone();
            async move {
                if i == BAD {
                    // Its key is taken: the idempotency insert fails.
                    let mut c = command(&format!("u{i}"), 2);
                    c.idempotency = Some(rec);
                    store.commit(c).await
                } else {
                    let mut c = command(&format!("u{i}"), 1);
                    c.snapshot = Some(vec![7; 8]);
                    store.commit(c).await
                }
            }
        });
        let u0 = session("u0");
        let again = store.create_session(&u0, None);
        let (results, again) = futures::join!(futures::future::join_all(commits), again);
        assert!(again.is_err(), "{backend:?}: a second create of u0");
        for (i, r) in results.into_iter().enumerate() {
            let id = format!("u{i}");
            let row = store.load_session(&id).await.unwrap().unwrap();
            let log = store.commands(&id, 0, 10).await.unwrap();
            if i == BAD {
                assert!(
                    matches!(r, Err(StoreError::Failed(_))),
                    "{backend:?} {id}: {r:?}"
                );
                assert_eq!((row.version, log.len()), (1, 1), "{backend:?} {id}");
            } else {
                r.unwrap_or_else(|e| panic!("{backend:?} {id}: {e}"));
                assert_eq!((row.version, log.len()), (1, 1), "{backend:?} {id}");
                assert_eq!(row.snapshot, vec![7; 8], "{backend:?} {id}");
            }
        }
        store.close().await;
    }
}

/// Two stores on one database (two replicas): both push commands for the
/// same sessions; the fence lets exactly one command per version through,
/// the loser reads the stored version and tries again. No command is lost
/// or written twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_stores_on_one_database_never_lose_or_double_a_command() {
    for backend in BACKENDS {
        let Some((one, db, _dir)) = open(backend).await else {
            continue;
        };
        let two = Store::open(&db, Durability::Full).await.unwrap();
        const SESSIONS: usize = 8;
        const PER_WRITER: usize = 15;
        for s in 0..SESSIONS {
            one.create_session(&session(&format!("r{s}")), None)
                .await
                .unwrap();
        }
        let mut tasks = Vec::new();
        for (w, store) in [one.clone(), two.clone(), one.clone(), two.clone()]
            .into_iter()
            .enumerate()
        {
            for s in 0..SESSIONS {
                let store = store.clone();
                tasks.push(tokio::spawn(async move {
                    let id = format!("r{s}");
                    let (mut done, mut stale) = (0, 0);
                    while done < PER_WRITER {
                        let v = store.stored_version(&id).await.unwrap().unwrap();
                        let mut c = command(&id, v + 1);
                        c.payload = format!(r#"{{"writer":{w},"n":{done}}}"#);
                        match store.commit(c).await {
                            Ok(()) => done += 1,
                            Err(StoreError::Stale { .. }) => stale += 1,
                            Err(e) => panic!("writer {w}: {e}"),
                        }
                    }
                    stale
                }));
            }
        }
        for t in tasks {
            t.await.unwrap();
        }
        for s in 0..SESSIONS {
            let id = format!("r{s}");
            let log = one.commands(&id, 0, 1000).await.unwrap();
            assert_eq!(
                log.iter().map(|c| c.seq).collect::<Vec<_>>(),
                (1..=4 * PER_WRITER as u64).collect::<Vec<_>>(),
                "{backend:?} {id}: every version once"
            );
            // Each writer's commands are all there, each once.
            for w in 0..4 {
                let mut ns: Vec<u64> = log
                    .iter()
                    .filter(|c| c.payload["writer"] == w)
                    .map(|c| c.payload["n"].as_u64().unwrap())
                    .collect();
                ns.sort();
                assert_eq!(
                    ns,
                    (0..PER_WRITER as u64).collect::<Vec<_>>(),
                    "{backend:?}"
                );
            }
            assert_eq!(
                two.stored_version(&id).await.unwrap(),
                Some(4 * PER_WRITER as u64)
            );
        }
        one.close().await;
        two.close().await;
    }
}

/// The rarer writes: language pins, delete consent, resnapshot, rotate,
/// import, expiry; and what a PostgreSQL store says about files.
#[tokio::test]
async fn the_other_writes_on_both_backends() {
    for backend in BACKENDS {
        let Some((store, _db, _dir)) = open(backend).await else {
            continue;
        };
        store.create_session(&session("o1"), None).await.unwrap();
        store
            .pin_language("o1", 1, Some(ghostseat::engine::Lang::De))
            .await
            .unwrap();
        let pins = store.seat_languages("o1").await.unwrap().unwrap();
        assert_eq!(
            pins.pins,
            vec![(1, ghostseat::engine::Lang::De)],
            "{backend:?}"
        );
        assert_eq!(pins.token_hashes.len(), 2);
        // Two pins: one row each (read in one statement), the hashes once.
        store
            .pin_language("o1", 0, Some(ghostseat::engine::Lang::En))
            .await
            .unwrap();
        let mut pins = store.seat_languages("o1").await.unwrap().unwrap();
        pins.pins.sort_by_key(|(seat, _)| *seat);
        assert_eq!(
            pins.pins,
            vec![
                (0, ghostseat::engine::Lang::En),
                (1, ghostseat::engine::Lang::De)
            ],
            "{backend:?}"
        );
        assert_eq!(pins.token_hashes, vec!["aa".to_string(), "bb".into()]);
        store.pin_language("o1", 0, None).await.unwrap();
        store.pin_language("o1", 1, None).await.unwrap();
        assert!(store
            .seat_languages("o1")
            .await
            .unwrap()
            .unwrap()
            .pins
            .is_empty());
        assert!(store.seat_languages("none").await.unwrap().is_none());

        // Credentials swap only while they are what the caller read.
        let read: Vec<String> = store
            .load_session("o1")
            .await
            .unwrap()
            .unwrap()
            .token_hashes;
        assert!(!store
            .swap_token_hashes("o1", &["zz".into()], &["dd".into()])
            .await
            .unwrap());
        assert!(store
            .swap_token_hashes("o1", &read, &["cc".into()])
            .await
            .unwrap());
        assert!(!store
            .swap_token_hashes("o1", &read, &["dd".into()])
            .await
            .unwrap());
        assert_eq!(
            store
                .load_session("o1")
                .await
                .unwrap()
                .unwrap()
                .token_hashes,
            vec!["cc".to_string()]
        );
        assert!(store.resnapshot("o1", 0, vec![7], 0, 4).await.unwrap());
        let row = store.load_session("o1").await.unwrap().unwrap();
        assert_eq!((row.snapshot.clone(), row.state_version), (vec![7], 4));
        // Not at that version: nothing changes.
        assert!(!store.resnapshot("o1", 5, vec![8], 0, 4).await.unwrap());
        store.commit(command("o1", 1)).await.unwrap();
        // A seat may change its credentials during play too.
        assert!(store
            .swap_token_hashes("o1", &["cc".into()], &["dd".into()])
            .await
            .unwrap());

        // Import: a session with its whole log.
        let log = store.commands("o1", 0, 10).await.unwrap();
        let mut imported = row.clone();
        imported.id = "o2".into();
        imported.version = 1;
        store.import_session(imported, log).await.unwrap();
        let log2 = store.commands("o2", 0, 10).await.unwrap();
        assert_eq!(log2.len(), 1, "{backend:?}");
        assert_eq!(log2[0].payload["move"]["n"], 1);

        assert!(!store.consent_to_delete("o1", 0, vec![0, 1]).await.unwrap());
        assert_eq!(store.delete_consents("o1").await.unwrap(), vec![0]);
        assert!(store.consent_to_delete("o1", 1, vec![0, 1]).await.unwrap());
        assert!(store.load_session("o1").await.unwrap().is_none());

        // Nothing is old enough to expire (SQLite's clock has milliseconds).
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        let day = std::time::Duration::from_secs(86_400);
        assert_eq!(store.expire(Some(day), Some(day), 10).await.unwrap(), 0);
        assert_eq!(
            store
                .expire(None, Some(std::time::Duration::ZERO), 10)
                .await
                .unwrap(),
            1,
            "{backend:?}: an active session untouched for 0 s"
        );
        store.ping().await.unwrap();
        store.checkpoint().await.unwrap();
        match backend {
            Backend::Sqlite => assert!(store.path().is_some()),
            Backend::Postgres => {
                assert!(store.path().is_none() && store.is_postgres());
                let e = store.backup(std::path::Path::new("/tmp/x.db")).await;
                assert!(
                    matches!(&e, Err(StoreError::Failed(m)) if m.contains("pg_dump")),
                    "{e:?}"
                );
            }
        }
        store.close().await;
    }
}

/// Replicas starting at once on a fresh PostgreSQL database migrate one
/// after the other (sqlx's advisory lock), and all of them open it.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn replicas_started_at_once_on_a_fresh_postgres_database_all_open_it() {
    let Some((db, _)) = fresh_database(Backend::Postgres).await else {
        return;
    };
    let opens = (0..4).map(|_| Store::open(&db, Durability::Full));
    for (i, r) in futures::future::join_all(opens)
        .await
        .into_iter()
        .enumerate()
    {
        let store = r.unwrap_or_else(|e| panic!("open {i}: {e}"));
        store.ping().await.unwrap();
        store.close().await;
    }
}

/// Stream tickets: kept as hashes in the database so any
/// replica redeems them; one redemption each, two stores on one database
/// included; none after the expiry; none for another session; a cap per
/// session; a deleted session's tickets go with it.
#[tokio::test]
async fn stream_tickets_are_single_use_and_expire_on_both_backends() {
    use ghostseat::store::NewTicket;
    for backend in BACKENDS {
        let Some((store, db, _dir)) = open(backend).await else {
            continue;
        };
        let other = Store::open(&db, Durability::Full).await.unwrap();
        store.create_session(&session("t1"), None).await.unwrap();
        store.create_session(&session("t2"), None).await.unwrap();
        let now = 1_000_000;
        let ticket = |hash: &'static str, session: &'static str| NewTicket {
            ticket_hash: hash,
            session,
            token_hash: "bb",
            expires_ms: now + 60_000,
            now_ms: now,
            max: 3,
            max_per_seat: 3,
        };
        assert!(store.issue_ticket(ticket("k1", "t1")).await.unwrap());
        // Another store (replica) redeems it, once; nobody redeems it again.
        assert_eq!(
            other.redeem_ticket("k1", "t1", now + 1).await.unwrap(),
            Some("bb".to_string()),
            "{backend:?}"
        );
        assert_eq!(
            other.redeem_ticket("k1", "t1", now + 2).await.unwrap(),
            None
        );
        assert_eq!(
            store.redeem_ticket("k1", "t1", now + 2).await.unwrap(),
            None
        );
        // Only for its own session, and not once it has expired.
        assert!(store.issue_ticket(ticket("k2", "t1")).await.unwrap());
        assert_eq!(store.redeem_ticket("k2", "t2", now).await.unwrap(), None);
        assert_eq!(
            store.redeem_ticket("k2", "t1", now + 60_000).await.unwrap(),
            None,
            "{backend:?}: an expired ticket opened a stream"
        );
        // The cap counts the session's live tickets (k2 is live at `now`).
        for k in ["k3", "k4"] {
            assert!(store.issue_ticket(ticket(k, "t1")).await.unwrap());
        }
        assert!(
            !store.issue_ticket(ticket("k5", "t1")).await.unwrap(),
            "{backend:?}"
        );
        assert!(store.issue_ticket(ticket("k6", "t2")).await.unwrap());
        // One seat's share: a seat at its cap is refused, another seat of
        // the same session still gets one.
        let seat = |hash: &'static str, token_hash: &'static str| NewTicket {
            token_hash,
            max_per_seat: 1,
            ..ticket(hash, "t2")
        };
        assert!(
            !store.issue_ticket(seat("k6b", "bb")).await.unwrap(),
            "{backend:?}: a seat took more than its share"
        );
        assert!(
            store.issue_ticket(seat("k6c", "cc")).await.unwrap(),
            "{backend:?}: the other seat was shut out"
        );
        // A later issue sweeps the expired ones out: the cap frees up.
        let later = NewTicket {
            now_ms: now + 61_000,
            expires_ms: now + 121_000,
            ..ticket("k7", "t1")
        };
        assert!(store.issue_ticket(later).await.unwrap());
        assert_eq!(
            store.redeem_ticket("k3", "t1", now + 1).await.unwrap(),
            None,
            "{backend:?}: the sweep kept an expired ticket"
        );
        // Deleting the session takes its tickets along.
        assert!(store.delete_session("t1").await.unwrap());
        assert_eq!(
            store.redeem_ticket("k7", "t1", now + 61_001).await.unwrap(),
            None
        );
        other.close().await;
        store.close().await;
    }
}

/// A command moves a session's `updated_at` only when its status changes or
/// the stored age is more than an hour old, so most commands leave the
/// `sessions_by_age` index alone; the expiry sweep then reads the session's
/// last command, so a session played since is not taken for abandoned.
#[tokio::test]
async fn a_command_moves_the_sessions_age_only_when_it_matters() {
    for backend in BACKENDS {
        let Some((store, db, _dir)) = open(backend).await else {
            continue;
        };
        let mut raw = Raw::connect(backend, &db).await;

        store.create_session(&session("a1"), None).await.unwrap();
        let (_, created) = raw.age("a1").await;
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        store.commit(command("a1", 1)).await.unwrap();
        assert_eq!(
            raw.age("a1").await,
            ("active".into(), created),
            "{backend:?}: a plain command"
        );

        // Older than the resolution: the next command moves it to now.
        let old = raw.set_age("a1", 120).await;
        store.commit(command("a1", 2)).await.unwrap();
        let (_, moved) = raw.age("a1").await;
        assert!(moved > old + 3600.0, "{backend:?}: {moved} after {old}");

        // A status change moves it however young it is.
        let young = raw.set_age("a1", 30).await;
        let mut last = command("a1", 3);
        last.status = "finished";
        store.commit(last).await.unwrap();
        let (status, finished) = raw.age("a1").await;
        assert_eq!(status, "finished");
        assert!(
            finished > young + 1200.0,
            "{backend:?}: {finished} after {young}"
        );

        // Abandoned: an age three hours old, but a command a moment ago.
        store.create_session(&session("a2"), None).await.unwrap();
        store.commit(command("a2", 1)).await.unwrap();
        raw.set_age("a2", 180).await;
        let hour = std::time::Duration::from_secs(3600);
        assert_eq!(
            store.expire(None, Some(hour), 10).await.unwrap(),
            0,
            "{backend:?}: played a moment ago"
        );
        assert!(store.load_session("a2").await.unwrap().is_some());
        // Its last command three hours old too: now it is abandoned.
        raw.age_commands("a2", 180).await;
        assert_eq!(store.expire(None, Some(hour), 10).await.unwrap(), 1);
        assert!(store.load_session("a2").await.unwrap().is_none());
        assert!(
            store.load_session("a1").await.unwrap().is_some(),
            "{backend:?}: finished, not abandoned"
        );
        store.close().await;
    }
}

/// A second connection to a test's database, to read and age its rows.
enum Raw {
    Sqlite(sqlx::SqliteConnection),
    Postgres(sqlx::PgConnection),
}

impl Raw {
    async fn connect(backend: Backend, db: &std::path::Path) -> Raw {
        use sqlx::Connection;
        match backend {
            Backend::Sqlite => Raw::Sqlite(
                sqlx::SqliteConnection::connect(&format!("sqlite://{}", db.display()))
                    .await
                    .unwrap(),
            ),
            Backend::Postgres => Raw::Postgres(
                sqlx::PgConnection::connect(&db.to_string_lossy())
                    .await
                    .unwrap(),
            ),
        }
    }

    /// The session's status and `updated_at` in seconds since 1970.
    async fn age(&mut self, id: &str) -> (String, f64) {
        match self {
            Raw::Sqlite(c) => sqlx::query_as(
                "SELECT status, (julianday(updated_at) - 2440587.5) * 86400.0
                 FROM sessions WHERE id = ?1",
            )
            .bind(id)
            .fetch_one(c)
            .await
            .unwrap(),
            Raw::Postgres(c) => sqlx::query_as(
                "SELECT status, extract(epoch FROM updated_at)::float8 FROM sessions WHERE id = $1",
            )
            .bind(id)
            .fetch_one(c)
            .await
            .unwrap(),
        }
    }

    /// Sets the session's `updated_at` `minutes` back; returns it as [`Raw::age`].
    async fn set_age(&mut self, id: &str, minutes: i64) -> f64 {
        self.run(
            "UPDATE sessions SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || ?2 || ' minutes') WHERE id = ?1",
            "UPDATE sessions SET updated_at = now() - $2::bigint * interval '1 minute' WHERE id = $1",
            id,
            minutes,
        )
        .await;
        self.age(id).await.1
    }

    /// Sets the time of every command of the session `minutes` back.
    async fn age_commands(&mut self, id: &str, minutes: i64) {
        self.run(
            "UPDATE commands SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || ?2 || ' minutes') WHERE session_id = ?1",
            "UPDATE commands SET created_at = now() - $2::bigint * interval '1 minute' WHERE session_id = $1",
            id,
            minutes,
        )
        .await;
    }

    async fn run(&mut self, sqlite: &str, postgres: &str, id: &str, n: i64) {
        match self {
            Raw::Sqlite(c) => drop(
                sqlx::query(sqlite)
                    .bind(id)
                    .bind(n)
                    .execute(c)
                    .await
                    .unwrap(),
            ),
            Raw::Postgres(c) => drop(
                sqlx::query(postgres)
                    .bind(id)
                    .bind(n)
                    .execute(c)
                    .await
                    .unwrap(),
            ),
        }
    }
}

/// On SQLite the log is the version fence (migration 0008): a plain
/// command writes its log row and leaves the session row alone; the
/// session's version and dice position are those of its last log row. A
/// database from before (log rows without a dice position, the session
/// row moved by every command) loads as it did and plays on.
#[tokio::test]
async fn on_sqlite_a_command_writes_only_its_log_row() {
    use sqlx::Connection;
    let Some((store, db, _dir)) = open(Backend::Sqlite).await else {
        return;
    };
    let mut raw = sqlx::SqliteConnection::connect(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    async fn session_row(raw: &mut sqlx::SqliteConnection, id: &str) -> (i64, i64) {
        sqlx::query_as("SELECT version, rng_pos FROM sessions WHERE id = ?1")
            .bind(id)
            .fetch_one(raw)
            .await
            .unwrap()
    }

    store.create_session(&session("f1"), None).await.unwrap();
    for seq in 1..=3 {
        store.commit(command("f1", seq)).await.unwrap();
    }
    assert_eq!(session_row(&mut raw, "f1").await, (0, 0), "the row stayed");
    let row = store.load_session("f1").await.unwrap().unwrap();
    assert_eq!((row.version, row.rng_pos), (3, 30));
    assert_eq!(store.stored_version("f1").await.unwrap(), Some(3));
    let heads = store.heads(vec!["f1".into()]).await.unwrap();
    assert_eq!(
        heads
            .iter()
            .map(|h| (h.id.as_str(), h.version))
            .collect::<Vec<_>>(),
        vec![("f1", 3)]
    );
    // The fence reads the log: version 3 is taken, 5 would leave a gap.
    for seq in [3, 5] {
        assert!(matches!(
            store.commit(command("f1", seq)).await,
            Err(StoreError::Stale { .. })
        ));
    }
    // A snapshot in a new state format only at the log's version and
    // position.
    assert!(!store.resnapshot("f1", 3, vec![7], 20, 4).await.unwrap());
    assert!(!store.resnapshot("f1", 2, vec![7], 20, 4).await.unwrap());
    assert!(store.resnapshot("f1", 3, vec![7], 30, 4).await.unwrap());
    // A command that does not ask to touch the row leaves even an old age
    // alone (its actor moved it within the hour); one that asks moves it.
    let mut ages = Raw::connect(Backend::Sqlite, &db).await;
    let old = ages.set_age("f1", 120).await;
    let mut quiet = command("f1", 4);
    quiet.touch = false;
    store.commit(quiet).await.unwrap();
    assert_eq!(ages.age("f1").await.1, old);
    store.commit(command("f1", 5)).await.unwrap();
    assert!(ages.age("f1").await.1 > old + 3600.0);
    assert_eq!(session_row(&mut raw, "f1").await, (0, 0));

    // Written before migration 0008: the row is at version 2, position 77,
    // and its log rows carry no position.
    store.create_session(&session("old"), None).await.unwrap();
    for seq in 1..=2 {
        store.commit(command("old", seq)).await.unwrap();
    }
    sqlx::query("UPDATE commands SET rng_pos = NULL WHERE session_id = 'old'")
        .execute(&mut raw)
        .await
        .unwrap();
    sqlx::query("UPDATE sessions SET version = 2, rng_pos = 77 WHERE id = 'old'")
        .execute(&mut raw)
        .await
        .unwrap();
    let row = store.load_session("old").await.unwrap().unwrap();
    assert_eq!((row.version, row.rng_pos), (2, 77));
    assert!(store.resnapshot("old", 2, vec![7], 77, 4).await.unwrap());
    assert!(matches!(
        store.commit(command("old", 2)).await,
        Err(StoreError::Stale { .. })
    ));
    store.commit(command("old", 3)).await.unwrap();
    let row = store.load_session("old").await.unwrap().unwrap();
    assert_eq!((row.version, row.rng_pos), (3, 30));
    assert_eq!(store.commands("old", 0, 10).await.unwrap().len(), 3);
    store.close().await;
}

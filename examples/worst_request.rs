//! The cost of the heaviest single requests on a long session: a running
//! server is given a 20,000-command catan-shadow session (imported: a
//! short game up to a move its seat may take back, then that move and its
//! undo again and again, ending on the move), and each request below is
//! sent a few times while the server's CPU time is read from /proc.
//! Then two clients loop the worst of them while a third times /healthz.
//!
//! ```sh
//! ghostseat serve --database /tmp/w.db --admin-token gst_admin_bench \
//!     --max-body 8388608 --max-commands 30000 --rate-limit 0 --imports-per-hour 0 &
//! cargo run --release --example worst_request -- http://127.0.0.1:8080 gst_admin_bench $!
//! ```
//!
//! Arguments: base URL, operator token, server pid; optional commands
//! (default 20000).

use serde_json::{json, Value};
use std::time::{Duration, Instant};

type R<T> = Result<T, Box<dyn std::error::Error + Send + Sync>>;

/// The server's CPU seconds so far (user + system).
fn cpu(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or("");
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| f.get(i).and_then(|x| x.parse::<f64>().ok()).unwrap_or(0.0);
    // Fields 14 and 15 of stat (utime, stime), counted after the name.
    (ticks(11) + ticks(12)) / 100.0
}

struct Api {
    base: String,
    http: reqwest::Client,
}

impl Api {
    /// A client with its own connections.
    fn new(base: String) -> Api {
        Api {
            base,
            http: reqwest::Client::new(),
        }
    }

    async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> R<(u16, Value)> {
        let mut req = self.http.request(method, format!("{}{path}", self.base));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        if let Some(b) = body {
            req = req.json(&b);
        }
        let resp = req.send().await?;
        let status = resp.status().as_u16();
        let text = resp.text().await?;
        Ok((
            status,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
        ))
    }

    /// Reads the stream from the start until the entry that carries the
    /// session (the newest of the catch-up).
    async fn catch_up(&self, id: &str, token: &str) -> R<usize> {
        let mut resp = self
            .http
            .get(format!("{}/v1/sessions/{id}/stream", self.base))
            .bearer_auth(token)
            .send()
            .await?;
        let (mut bytes, mut tail) = (0usize, String::new());
        while let Some(chunk) = resp.chunk().await? {
            bytes += chunk.len();
            tail.push_str(&String::from_utf8_lossy(&chunk));
            if tail.contains("\"session\":{") {
                break;
            }
            let keep = tail.len().saturating_sub(64);
            tail.drain(..keep);
        }
        Ok(bytes)
    }
}

/// The imported long session: its id, the seat that may take its last move back, the other
/// seat's token, and that move.
#[derive(Clone)]
struct Long {
    id: String,
    mine: String,
    theirs: String,
    mv: Value,
}

/// The requests measured, in the order of the table.
#[derive(Clone, Copy, PartialEq)]
enum Case {
    GetSession,
    LogFromStart,
    Verify,
    StreamCatchUp,
    UndoRefused,
    UndoWarm,
    UndoCold,
}

impl Case {
    const ALL: [Case; 7] = [
        Case::GetSession,
        Case::LogFromStart,
        Case::Verify,
        Case::StreamCatchUp,
        Case::UndoRefused,
        Case::UndoWarm,
        Case::UndoCold,
    ];

    fn name(self) -> &'static str {
        match self {
            Case::GetSession => "GET session",
            Case::LogFromStart => "log from the start",
            Case::Verify => "verify",
            Case::StreamCatchUp => "stream catch-up from the start",
            Case::UndoRefused => "undo refused (other seat)",
            Case::UndoWarm => "undo accepted (warm actor)",
            Case::UndoCold => "undo accepted (cold actor)",
        }
    }

    /// An accepted undo, to be followed by the move again.
    fn undoes(self) -> bool {
        matches!(self, Case::UndoWarm | Case::UndoCold)
    }

    /// Sends the case's request once.
    async fn send(self, api: &Api, s: &Long) -> R<(u16, Value)> {
        match self {
            Case::GetSession => get_session(api, s).await,
            Case::LogFromStart => log_from_start(api, s).await,
            Case::Verify => verify(api, s).await,
            Case::StreamCatchUp => stream_catch_up(api, s).await,
            Case::UndoRefused => undo(api, s, &s.theirs).await,
            Case::UndoWarm | Case::UndoCold => undo(api, s, &s.mine).await,
        }
    }
}

async fn get_session(api: &Api, s: &Long) -> R<(u16, Value)> {
    let path = format!("/v1/sessions/{}", s.id);
    api.call(reqwest::Method::GET, &path, Some(&s.mine), None)
        .await
}

async fn log_from_start(api: &Api, s: &Long) -> R<(u16, Value)> {
    let path = format!("/v1/sessions/{}/log?limit=10000", s.id);
    api.call(reqwest::Method::GET, &path, Some(&s.mine), None)
        .await
}

async fn verify(api: &Api, s: &Long) -> R<(u16, Value)> {
    let path = format!("/v1/sessions/{}/verify", s.id);
    api.call(reqwest::Method::GET, &path, Some(&s.mine), None)
        .await
}

/// The stream read until the session arrives; the answer carries the bytes read.
async fn stream_catch_up(api: &Api, s: &Long) -> R<(u16, Value)> {
    let n = api.catch_up(&s.id, &s.mine).await?;
    Ok((200, json!(n)))
}

async fn undo(api: &Api, s: &Long, token: &str) -> R<(u16, Value)> {
    let path = format!("/v1/sessions/{}/undo", s.id);
    api.call(reqwest::Method::POST, &path, Some(token), None)
        .await
}

/// The move again, so the next undo has it to take back.
async fn replay(api: &Api, s: &Long) -> R<(u16, Value)> {
    let path = format!("/v1/sessions/{}/moves", s.id);
    api.call(
        reqwest::Method::POST,
        &path,
        Some(&s.mine),
        Some(json!({"move": s.mv})),
    )
    .await
}

#[tokio::main]
async fn main() -> R<()> {
    let a: Vec<String> = std::env::args().collect();
    let (base, admin, pid) = (a[1].clone(), a[2].clone(), a[3].parse::<u32>()?);
    let total: u64 = a.get(4).map_or(Ok(20_000), |n| n.parse())?;
    let api = Api::new(base);
    let (id, seat, mv) = play_to_undoable(&api, &admin).await?;
    let s = import_long(&api, &admin, &id, seat, mv, total).await?;

    println!("| request ({total} commands) | status | CPU s (median of 5) | wall s | bytes |");
    println!("| --- | --- | --- | --- | --- |");
    let mut worst: (f64, Option<Case>) = (0.0, None);
    for case in Case::ALL {
        let median = measure(&api, pid, &s, case).await?;
        if median > worst.0 && case != Case::UndoCold {
            worst = (median, Some(case));
        }
    }
    healthz_under_load(&api, &s, worst.1).await
}

/// A short catan-shadow game up to a move its seat may take back: the session id, that seat
/// and that move.
async fn play_to_undoable(api: &Api, admin: &str) -> R<(String, usize, Value)> {
    use reqwest::Method as M;
    let (s, created) = api
        .call(
            M::POST,
            "/v1/sessions",
            Some(admin),
            Some(json!({"game": "catan-shadow", "seed": 3})),
        )
        .await?;
    assert_eq!(s, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let tokens = seat_tokens(&created);
    for _ in 0..400 {
        let (_, doc) = api
            .call(
                M::GET,
                &format!("/v1/sessions/{id}"),
                Some(&tokens[0]),
                None,
            )
            .await?;
        if doc["next"]["type"] == "bot" {
            api.call(
                M::POST,
                &format!("/v1/sessions/{id}/bot-turn"),
                Some(&tokens[0]),
                None,
            )
            .await?;
            continue;
        }
        let seat = doc["next"]["seats"][0].as_u64().unwrap() as usize;
        let mv = a_legal_move(api, &id, &tokens[seat]).await?;
        let (s, r) = api
            .call(
                M::POST,
                &format!("/v1/sessions/{id}/moves"),
                Some(&tokens[seat]),
                Some(json!({"move": mv})),
            )
            .await?;
        assert_eq!(s, 200, "{r}");
        if r["undoable"] == true {
            return Ok((id, seat, mv));
        }
    }
    panic!("an undoable move");
}

/// The seats' tokens of a created or imported session.
fn seat_tokens(session: &Value) -> Vec<String> {
    session["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].as_str().unwrap().to_string())
        .collect()
}

/// A listed move, else the first template with its first values.
async fn a_legal_move(api: &Api, id: &str, token: &str) -> R<Value> {
    let (_, lm) = api
        .call(
            reqwest::Method::GET,
            &format!("/v1/sessions/{id}/legal-moves"),
            Some(token),
            None,
        )
        .await?;
    let items = lm["moves"].as_array().cloned().unwrap_or_default();
    Ok(items
        .iter()
        .find_map(|m| m.get("move").cloned())
        .or_else(|| ghostseat::engine::legal::instantiate(&items[0], &mut |_| 0))
        .expect("a legal move"))
}

/// The game exported and imported again with `total` commands: that move and its undo again
/// and again, ending on the move.
async fn import_long(
    api: &Api,
    admin: &str,
    id: &str,
    seat: usize,
    mv: Value,
    total: u64,
) -> R<Long> {
    use reqwest::Method as M;
    let (_, export) = api
        .call(
            M::GET,
            &format!("/v1/sessions/{id}/export"),
            Some(admin),
            None,
        )
        .await?;
    let mut doc = export.clone();
    doc["commands"] = Value::Array(long_commands(&export, seat, &mv, total));
    doc["version"] = json!(total);
    let t = Instant::now();
    let (s, imported) = api
        .call(M::POST, "/v1/sessions/import", Some(admin), Some(doc))
        .await?;
    assert_eq!(s, 201, "{imported}");
    eprintln!(
        "imported {total} commands in {:.1} s",
        t.elapsed().as_secs_f64()
    );
    let toks = seat_tokens(&imported);
    Ok(Long {
        id: imported["id"].as_str().unwrap().to_string(),
        mine: toks[seat].clone(),
        theirs: toks[1 - seat].clone(),
        mv,
    })
}

/// The exported commands with the last move and its undo repeated up to `total`, ending on
/// the move.
fn long_commands(export: &Value, seat: usize, mv: &Value, total: u64) -> Vec<Value> {
    let mut commands = export["commands"].as_array().unwrap().clone();
    let last = commands.pop().unwrap();
    while (commands.len() as u64) < total - 1 {
        let seq = commands.len() as u64 + 1;
        commands
            .push(json!({"seq": seq, "kind": "move", "seat": seat, "payload": last["payload"]}));
        commands.push(
            json!({"seq": seq + 1, "kind": "undo", "seat": seat, "payload": {"undoes": seq}}),
        );
    }
    commands.truncate(total as usize - 1);
    let seq = commands.len() as u64 + 1;
    commands.push(json!({"seq": seq, "kind": "move", "seat": seat, "payload": {"move": mv}}));
    commands
}

/// Sends `case` five times, reading the server's CPU time around each, and prints its row;
/// returns the median CPU seconds.
async fn measure(api: &Api, pid: u32, s: &Long, case: Case) -> R<f64> {
    let mut cpus = Vec::new();
    let (mut wall, mut status, mut bytes) = (0.0, 0u16, 0usize);
    for _ in 0..5 {
        if case == Case::UndoCold {
            // The actor retires after --idle-secs without a request.
            tokio::time::sleep(Duration::from_millis(2500)).await;
        }
        let (c0, t0) = (cpu(pid), Instant::now());
        let r = case.send(api, s).await?;
        wall = t0.elapsed().as_secs_f64();
        // Let the server finish what the answer started (a stream's task).
        tokio::time::sleep(Duration::from_millis(150)).await;
        cpus.push(cpu(pid) - c0);
        status = r.0;
        bytes = r.1.as_u64().map_or(r.1.to_string().len(), |n| n as usize);
        if case.undoes() {
            assert_eq!(r.0, 200, "{}", r.1);
            let (code, v) = replay(api, s).await?;
            assert_eq!(code, 200, "{v}");
        }
    }
    cpus.sort_by(f64::total_cmp);
    let median = cpus[2];
    println!(
        "| {} | {status} | {median:.3} | {wall:.3} | {bytes} |",
        case.name()
    );
    Ok(median)
}

/// Two clients loop the worst request; a third times /healthz.
async fn healthz_under_load(api: &Api, s: &Long, worst: Option<Case>) -> R<()> {
    let worst_name = worst.map_or("", Case::name);
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut loops = Vec::new();
    for _ in 0..2 {
        let (api, s, stop) = (Api::new(api.base.clone()), s.clone(), stop.clone());
        loops.push(tokio::spawn(async move {
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let _ = loop_once(&api, &s, worst).await;
            }
        }));
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mut lat = Vec::new();
    let t = Instant::now();
    while t.elapsed() < Duration::from_secs(6) {
        let t0 = Instant::now();
        api.call(reqwest::Method::GET, "/healthz", None, None)
            .await?;
        lat.push(t0.elapsed().as_secs_f64() * 1000.0);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    for l in loops {
        let _ = l.await;
    }
    lat.sort_by(f64::total_cmp);
    let q = |p: f64| lat[((lat.len() as f64 - 1.0) * p) as usize];
    println!(
        "\n/healthz while two clients loop \"{worst_name}\": p50 {:.1} ms, p90 {:.1} ms, max {:.1} ms ({} probes)",
        q(0.5),
        q(0.9),
        q(1.0),
        lat.len()
    );
    Ok(())
}

/// One round of a loop on `worst`: a warm undo takes the move back and plays it again; a
/// cold undo, or no worst at all, loops GET session.
async fn loop_once(api: &Api, s: &Long, worst: Option<Case>) -> R<()> {
    match worst {
        Some(Case::UndoWarm) => {
            let _ = undo(api, s, &s.mine).await;
            replay(api, s).await.map(|_| ())
        }
        Some(c @ (Case::LogFromStart | Case::Verify | Case::StreamCatchUp | Case::UndoRefused)) => {
            c.send(api, s).await.map(|_| ())
        }
        _ => get_session(api, s).await.map(|_| ()),
    }
}

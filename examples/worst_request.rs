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

#[tokio::main]
async fn main() -> R<()> {
    let a: Vec<String> = std::env::args().collect();
    let (base, admin, pid) = (a[1].clone(), a[2].clone(), a[3].parse::<u32>()?);
    let total: u64 = a.get(4).map_or(Ok(20_000), |n| n.parse())?;
    let api = Api {
        base,
        http: reqwest::Client::new(),
    };
    use reqwest::Method as M;

    // A short game up to a move its seat may take back.
    let (s, created) = api
        .call(
            M::POST,
            "/v1/sessions",
            Some(&admin),
            Some(json!({"game": "catan-shadow", "seed": 3})),
        )
        .await?;
    assert_eq!(s, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let tokens: Vec<String> = created["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].as_str().unwrap().to_string())
        .collect();
    let mut found = None;
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
        } else {
            let seat = doc["next"]["seats"][0].as_u64().unwrap() as usize;
            let (_, lm) = api
                .call(
                    M::GET,
                    &format!("/v1/sessions/{id}/legal-moves"),
                    Some(&tokens[seat]),
                    None,
                )
                .await?;
            let items = lm["moves"].as_array().cloned().unwrap_or_default();
            // A listed move, else the first template with its first values.
            let mv = items
                .iter()
                .find_map(|m| m.get("move").cloned())
                .or_else(|| ghostseat::engine::legal::instantiate(&items[0], &mut |_| 0))
                .expect("a legal move");
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
                found = Some((seat, mv));
                break;
            }
        }
    }
    let (seat, mv) = found.expect("an undoable move");
    let (_, export) = api
        .call(
            M::GET,
            &format!("/v1/sessions/{id}/export"),
            Some(&admin),
            None,
        )
        .await?;
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
    let mut doc = export.clone();
    doc["commands"] = Value::Array(commands);
    doc["version"] = json!(total);
    let t = Instant::now();
    let (s, imported) = api
        .call(M::POST, "/v1/sessions/import", Some(&admin), Some(doc))
        .await?;
    assert_eq!(s, 201, "{imported}");
    eprintln!(
        "imported {total} commands in {:.1} s",
        t.elapsed().as_secs_f64()
    );
    let id = imported["id"].as_str().unwrap().to_string();
    let toks: Vec<String> = imported["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].as_str().unwrap().to_string())
        .collect();
    let (mine, theirs) = (toks[seat].clone(), toks[1 - seat].clone());

    println!("| request ({total} commands) | status | CPU s (median of 5) | wall s | bytes |");
    println!("| --- | --- | --- | --- | --- |");
    let mut worst: (f64, &str) = (0.0, "");
    let names = [
        "GET session",
        "log from the start",
        "verify",
        "stream catch-up from the start",
        "undo refused (other seat)",
        "undo accepted (warm actor)",
        "undo accepted (cold actor)",
    ];
    for name in names {
        let mut cpus = Vec::new();
        let (mut wall, mut status, mut bytes) = (0.0, 0u16, 0usize);
        for _ in 0..5 {
            if name.contains("cold") {
                // The actor retires after --idle-secs without a request.
                tokio::time::sleep(Duration::from_millis(2500)).await;
            }
            let (c0, t0) = (cpu(pid), Instant::now());
            let r = match name {
                "GET session" => {
                    api.call(M::GET, &format!("/v1/sessions/{id}"), Some(&mine), None)
                        .await?
                }
                "log from the start" => {
                    api.call(
                        M::GET,
                        &format!("/v1/sessions/{id}/log?limit=10000"),
                        Some(&mine),
                        None,
                    )
                    .await?
                }
                "verify" => {
                    api.call(
                        M::GET,
                        &format!("/v1/sessions/{id}/verify"),
                        Some(&mine),
                        None,
                    )
                    .await?
                }
                "stream catch-up from the start" => {
                    let n = api.catch_up(&id, &mine).await?;
                    (200, json!(n))
                }
                "undo refused (other seat)" => {
                    api.call(
                        M::POST,
                        &format!("/v1/sessions/{id}/undo"),
                        Some(&theirs),
                        None,
                    )
                    .await?
                }
                _ => {
                    api.call(
                        M::POST,
                        &format!("/v1/sessions/{id}/undo"),
                        Some(&mine),
                        None,
                    )
                    .await?
                }
            };
            wall = t0.elapsed().as_secs_f64();
            // Let the server finish what the answer started (a stream's task).
            tokio::time::sleep(Duration::from_millis(150)).await;
            cpus.push(cpu(pid) - c0);
            status = r.0;
            bytes = r.1.as_u64().map_or(r.1.to_string().len(), |n| n as usize);
            if name.starts_with("undo accepted") {
                assert_eq!(r.0, 200, "{}", r.1);
                // The move again, so the next undo has it to take back.
                let (s, v) = api
                    .call(
                        M::POST,
                        &format!("/v1/sessions/{id}/moves"),
                        Some(&mine),
                        Some(json!({"move": mv})),
                    )
                    .await?;
                assert_eq!(s, 200, "{v}");
            }
        }
        cpus.sort_by(f64::total_cmp);
        let median = cpus[2];
        println!("| {name} | {status} | {median:.3} | {wall:.3} | {bytes} |");
        if median > worst.0 && !name.contains("cold") {
            worst = (median, name);
        }
    }

    // Two clients loop the worst request; a third times /healthz.
    let worst_name = worst.1.to_string();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut loops = Vec::new();
    for _ in 0..2 {
        let (api, id, mine, theirs, name, stop, mv) = (
            Api {
                base: api.base.clone(),
                http: reqwest::Client::new(),
            },
            id.clone(),
            mine.clone(),
            theirs.clone(),
            worst_name.clone(),
            stop.clone(),
            mv.clone(),
        );
        loops.push(tokio::spawn(async move {
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let _ = match name.as_str() {
                    "log from the start" => api
                        .call(
                            M::GET,
                            &format!("/v1/sessions/{id}/log?limit=10000"),
                            Some(&mine),
                            None,
                        )
                        .await
                        .map(|_| ()),
                    "verify" => api
                        .call(
                            M::GET,
                            &format!("/v1/sessions/{id}/verify"),
                            Some(&mine),
                            None,
                        )
                        .await
                        .map(|_| ()),
                    "stream catch-up from the start" => api.catch_up(&id, &mine).await.map(|_| ()),
                    "undo refused (other seat)" => api
                        .call(
                            M::POST,
                            &format!("/v1/sessions/{id}/undo"),
                            Some(&theirs),
                            None,
                        )
                        .await
                        .map(|_| ()),
                    // Each loop takes the move back and plays it again.
                    "undo accepted (warm actor)" => {
                        let _ = api
                            .call(
                                M::POST,
                                &format!("/v1/sessions/{id}/undo"),
                                Some(&mine),
                                None,
                            )
                            .await;
                        api.call(
                            M::POST,
                            &format!("/v1/sessions/{id}/moves"),
                            Some(&mine),
                            Some(json!({"move": mv})),
                        )
                        .await
                        .map(|_| ())
                    }
                    _ => api
                        .call(M::GET, &format!("/v1/sessions/{id}"), Some(&mine), None)
                        .await
                        .map(|_| ()),
                };
            }
        }));
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mut lat = Vec::new();
    let t = Instant::now();
    while t.elapsed() < Duration::from_secs(6) {
        let t0 = Instant::now();
        api.call(M::GET, "/healthz", None, None).await?;
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

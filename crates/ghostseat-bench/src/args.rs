//! The bench's command line.

use ghostseat::store::Durability;
use std::path::PathBuf;

/// Options of `ghostseat-bench`.
#[derive(Debug, Clone, clap::Parser)]
#[command(
    name = "ghostseat-bench",
    version,
    about = "Load a ghostseat server over loopback HTTP and measure the disk's commit baseline"
)]
pub struct BenchArgs {
    /// Concurrent sessions (one client task each).
    #[arg(long, default_value_t = 256)]
    pub sessions: usize,
    /// Seconds of load.
    #[arg(long, default_value_t = 10)]
    pub seconds: u64,
    /// Durability of the server's commits and of the matching SQLite baseline.
    #[arg(long, value_enum, default_value = "full")]
    pub durability: Durability,
    /// A running server to load instead of an in-process one (`http://host:port`).
    #[arg(long)]
    pub target: Option<String>,
    /// Folder for the scratch databases (same disk as your data, by default here).
    #[arg(long, default_value = ".")]
    pub dir: PathBuf,
    /// Instead of the load run: create this many sessions, restart the
    /// server, load each one cold (timed), and report the process RSS with
    /// all of them live.
    #[arg(long, default_value_t = 0)]
    pub idle_sessions: usize,
    /// Load runs, each on a fresh server (unless `--target`); the summary
    /// shows every run and their medians, the figures to quote.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    pub runs: u32,
    /// Pin the server this starts to this CPU (on one core it runs tokio's
    /// single-threaded scheduler). With `--target`, start that server under
    /// `taskset -c N`.
    #[arg(long, conflicts_with = "target")]
    pub server_cpu: Option<usize>,
    /// Pin the load generator (every thread of this process) to this CPU.
    #[arg(long)]
    pub client_cpu: Option<usize>,
    /// With `--target`: the server's process id, whose CPU time over the
    /// load phase gives the CPU per command (without it, none is reported).
    #[arg(long, requires = "target")]
    pub server_pid: Option<u32>,
    /// Open loop: offer this many commands per second in all, at fixed
    /// intervals (each session one command every `sessions / rate` seconds,
    /// the sessions' slots spread evenly), whatever the answers' pace. A
    /// command's latency counts from its slot, not from when it could be
    /// sent, so a server that falls behind shows it (no coordinated
    /// omission). Without it, the closed loop: every session sends its next
    /// command as soon as the last one is answered. People thinking 5 s per
    /// move at 10,000 tables: `--sessions 10000 --rate 2000`.
    #[arg(long, value_parser = parse_rate)]
    pub rate: Option<f64>,
    /// Server processes sharing the one database, each looking for the
    /// others' commits (`--peer-poll-ms`). Session i's requests all go to
    /// replica i mod N, as behind a proxy that hashes on the session id;
    /// the CPU per command is summed over every replica.
    #[arg(long, default_value_t = 1, conflicts_with = "target",
          value_parser = clap::value_parser!(u32).range(1..=16))]
    pub replicas: u32,
    /// A PostgreSQL server to run on instead of SQLite files
    /// (`postgres://user:password@host/db`; the user may create
    /// databases): each run gets a fresh database beside `db`, dropped
    /// after it, and the baseline is that server's single-row commit rate.
    #[arg(long, conflicts_with = "target")]
    pub database: Option<String>,
    /// Every table also keeps one live stream open, for the seat whose token
    /// asks for the bot's turns, and reads it, as the table page does (it
    /// posts the seat's commands and redraws from the seat's stream). The
    /// stream's entries are counted (`stream_entries`); closed loop only.
    #[arg(long, conflicts_with = "rate")]
    pub streams: bool,
    /// The server binary to start (`ghostseat serve …`) for each run; by
    /// default the `ghostseat` beside this binary (`cargo build --release`
    /// builds both).
    #[arg(long)]
    pub server_bin: Option<PathBuf>,
}

impl BenchArgs {
    /// The server binary the runs start: `--server-bin`, or the `ghostseat`
    /// beside this binary.
    pub fn server_bin(&self) -> Result<PathBuf, Box<dyn std::error::Error + Send + Sync>> {
        if let Some(p) = &self.server_bin {
            return Ok(p.clone());
        }
        let beside = std::env::current_exe()?.with_file_name("ghostseat");
        if beside.is_file() {
            Ok(beside)
        } else {
            Err(format!(
                "no server binary at {}: build it (`cargo build --release`) or name it with --server-bin",
                beside.display()
            )
            .into())
        }
    }
}

fn parse_rate(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(r) if r.is_finite() && r > 0.0 => Ok(r),
        _ => Err(format!(
            "`{s}` is not a positive number of commands per second"
        )),
    }
}

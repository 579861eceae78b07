//! Command line and environment: `ghostseat [serve]`, `ghostseat openapi`,
//! `ghostseat healthcheck`, `ghostseat backup PATH`, `ghostseat restore BACKUP`.

use clap::{Args, Parser, Subcommand};
use std::net::SocketAddr;
use std::path::PathBuf;

use crate::store::Durability;

#[derive(Debug, Parser)]
#[command(
    name = "ghostseat",
    version,
    about = "Referee and bot for board-game solo and two-player variants"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub serve: ServeArgs,
}

#[derive(Debug, Subcommand)]
// Parsed once at start; boxing the big variant would buy nothing.
#[allow(clippy::large_enum_variant)]
pub enum Command {
    /// Run the HTTP server (the default).
    Serve(ServeArgs),
    /// Print the OpenAPI document.
    Openapi,
    /// Exit 0 when the server answers /healthz (for Docker HEALTHCHECK). The
    /// address is the server's own (`GHOSTSEAT_ADDR`); `0.0.0.0:PORT` is
    /// probed on `127.0.0.1:PORT`.
    Healthcheck {
        #[arg(long, env = "GHOSTSEAT_ADDR", default_value = "127.0.0.1:8080")]
        addr: SocketAddr,
    },
    /// Write a consistent copy of the database (safe while the server runs).
    /// PATH ending in `/` (or an existing folder) gets a new
    /// `ghostseat-<UTC time>.db` inside it; missing folders are created.
    Backup {
        path: PathBuf,
        #[arg(long, env = "GHOSTSEAT_DATABASE", default_value = "./ghostseat.db")]
        database: PathBuf,
        /// Replace PATH when it is an existing file.
        #[arg(long)]
        overwrite: bool,
    },
    /// Replace the database with a checked copy of BACKUP (stop the server
    /// first); the old file is kept as `DB.before-restore-<UTC time>`.
    Restore {
        backup: PathBuf,
        #[arg(long, env = "GHOSTSEAT_DATABASE", default_value = "./ghostseat.db")]
        database: PathBuf,
    },
}

#[derive(Debug, Clone, Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "GHOSTSEAT_ADDR", default_value = "0.0.0.0:8080")]
    pub addr: SocketAddr,
    /// SQLite database file (created on first start), or a PostgreSQL URL
    /// (`postgres://user:password@host:5432/db`; the database must exist).
    #[arg(long, env = "GHOSTSEAT_DATABASE", default_value = "./ghostseat.db")]
    pub database: PathBuf,
    /// Log filter (`info`, `ghostseat=debug,tower_http=info`, …).
    #[arg(long, env = "GHOSTSEAT_LOG", default_value = "info")]
    pub log_level: String,
    /// Log format.
    #[arg(long, env = "GHOSTSEAT_LOG_FORMAT", value_enum, default_value = "text")]
    pub log_format: LogFormat,
    /// `full`: a reply means the move is on disk; `normal`: faster, may lose
    /// the last moves on power loss (never on a crash of the process).
    #[arg(long, env = "GHOSTSEAT_DURABILITY", value_enum, default_value = "full")]
    pub durability: Durability,
    /// Largest request body in bytes.
    #[arg(long, env = "GHOSTSEAT_MAX_BODY", default_value_t = 64 * 1024)]
    pub max_body: usize,
    /// Seconds without requests after which a session's actor stops.
    #[arg(long, env = "GHOSTSEAT_IDLE_SECS", default_value_t = 300)]
    pub idle_secs: u64,
    /// Commands a session's log may hold (SESSION-CAP-1; default the
    /// import cap, so every session's export imports again). Once the log
    /// holds one less, only a resignation is taken, so a table is never
    /// stuck in a game it cannot end.
    #[arg(long, env = "GHOSTSEAT_MAX_COMMANDS", default_value_t = crate::session::MAX_IMPORT_COMMANDS as u64)]
    pub max_commands: u64,
    /// Milliseconds between looks at the database for sessions another
    /// process (a replica on the same database) moved on; such a session's
    /// live copy here is dropped, its streams catch up from the log
    /// (0 = never: this process is the database's only writer). When on,
    /// every read of a session (its document, its legal moves) first reads
    /// the stored version and answers at it or later, so a read through
    /// this process shows every command acknowledged through another.
    #[arg(long, env = "GHOSTSEAT_PEER_POLL_MS", default_value_t = 0)]
    pub peer_poll_ms: u64,
    /// Your-turn notices may go to loopback, private and link-local hosts
    /// (a home server's ntfy on the local network). Off: only public hosts.
    #[arg(long, env = "GHOSTSEAT_NOTIFY_ALLOW_PRIVATE", default_value_t = false)]
    pub notify_allow_private: bool,
    /// The table page's public address (`https://games.example`), for the
    /// links in your-turn notices; without it they link to the path only.
    #[arg(long, env = "GHOSTSEAT_PUBLIC_URL")]
    pub public_url: Option<String>,
    /// Requests per second allowed per client address (0 = unlimited).
    #[arg(long, env = "GHOSTSEAT_RATE_LIMIT", default_value_t = 100)]
    pub rate_limit: u32,
    /// Burst of requests allowed per client address above the rate.
    #[arg(long, env = "GHOSTSEAT_RATE_BURST", default_value_t = 200)]
    pub rate_burst: u32,
    /// Origins allowed by CORS (comma separated; empty = no CORS headers;
    /// `*` = any origin, without credentials).
    #[arg(
        long,
        env = "GHOSTSEAT_CORS_ORIGINS",
        value_delimiter = ',',
        default_value = ""
    )]
    pub cors_origins: Vec<String>,
    /// The operator's token: export during play, import, delete without
    /// the seats' consent, client-chosen seeds in games between people.
    /// Kept only as its SHA-256 once read. Unset: no operator.
    #[arg(long, env = "GHOSTSEAT_ADMIN_TOKEN", hide_env_values = true)]
    pub admin_token: Option<String>,
    /// A token for `/metrics` (`Authorization: Bearer …`), for a scraper
    /// that should not hold the operator's token. `/metrics` answers 401
    /// without this token or the operator's (`--admin-token`), except on a
    /// server that listens on loopback only (`127.0.0.1:…`, `[::1]:…`) and
    /// has no metrics token set. Unset on a public address: only the
    /// operator's token reads the metrics.
    #[arg(long, env = "GHOSTSEAT_METRICS_TOKEN", hide_env_values = true)]
    pub metrics_token: Option<String>,
    /// Reverse proxies (CIDRs, comma separated) whose `X-Forwarded-For` /
    /// `Forwarded` headers name the client; any other peer is the client.
    #[arg(
        long,
        env = "GHOSTSEAT_TRUSTED_PROXIES",
        value_delimiter = ',',
        default_value = ""
    )]
    pub trusted_proxies: Vec<String>,
    /// Open connections at most (new ones are closed at once above it).
    /// The last eighth is a reserve: once that many are open, an address
    /// holding a sixteenth of `--max-connections-per-address` (at least 1)
    /// gets no new one, so a few addresses at their cap cannot shut a
    /// fresh client out.
    #[arg(long, env = "GHOSTSEAT_MAX_CONNECTIONS", default_value_t = 1024)]
    pub max_connections: usize,
    /// Open connections at most per client address (IPv6: per /64).
    #[arg(
        long,
        env = "GHOSTSEAT_MAX_CONNECTIONS_PER_ADDRESS",
        default_value_t = 64
    )]
    pub max_connections_per_address: usize,
    /// Seconds a client has to send a request's headers.
    #[arg(long, env = "GHOSTSEAT_HEADER_TIMEOUT_SECS", default_value_t = 10)]
    pub header_timeout_secs: u64,
    /// Seconds a client has to send a request's body.
    #[arg(long, env = "GHOSTSEAT_BODY_TIMEOUT_SECS", default_value_t = 15)]
    pub body_timeout_secs: u64,
    /// Seconds a connection may sit without a request in flight before it
    /// is closed (bytes alone, such as HTTP/2 PING frames, do not count; an
    /// open event stream is a request in flight), or when an answer's bytes
    /// have waited this long for the client to read them.
    #[arg(long, env = "GHOSTSEAT_IDLE_CONNECTION_SECS", default_value_t = 75)]
    pub idle_connection_secs: u64,
    /// Seconds a shutdown waits for open requests and streams before it
    /// closes them.
    #[arg(long, env = "GHOSTSEAT_SHUTDOWN_GRACE_SECS", default_value_t = 10)]
    pub shutdown_grace_secs: u64,
    /// Live streams at most per session.
    #[arg(long, env = "GHOSTSEAT_STREAMS_PER_SESSION", default_value_t = 32)]
    pub streams_per_session: usize,
    /// Live streams at most per seat of a session.
    #[arg(long, env = "GHOSTSEAT_STREAMS_PER_SEAT", default_value_t = 8)]
    pub streams_per_seat: usize,
    /// Live streams at most per client address.
    #[arg(long, env = "GHOSTSEAT_STREAMS_PER_ADDRESS", default_value_t = 32)]
    pub streams_per_address: usize,
    /// Seconds a stream stays open; the client reconnects with `Last-Event-ID`.
    #[arg(long, env = "GHOSTSEAT_STREAM_MAX_SECS", default_value_t = 3600)]
    pub stream_max_secs: u64,
    /// Seconds between a stream's keep-alive comments. A client that went
    /// away is noticed at the next write, so this is also how long its
    /// place in the stream caps stays taken.
    #[arg(long, env = "GHOSTSEAT_STREAM_KEEPALIVE_SECS", default_value_t = 15)]
    pub stream_keepalive_secs: u64,
    /// Sessions a client address may create per hour (0 = unlimited).
    #[arg(long, env = "GHOSTSEAT_CREATES_PER_HOUR", default_value_t = 120)]
    pub creates_per_hour: u32,
    /// Sessions a client address may import per hour (0 = unlimited).
    #[arg(long, env = "GHOSTSEAT_IMPORTS_PER_HOUR", default_value_t = 20)]
    pub imports_per_hour: u32,
    /// Days after which a finished session is deleted (0 = never).
    #[arg(long, env = "GHOSTSEAT_EXPIRE_FINISHED_DAYS", default_value_t = 90)]
    pub expire_finished_days: u32,
    /// Days without a command after which an unfinished session is deleted
    /// (0 = never).
    #[arg(long, env = "GHOSTSEAT_EXPIRE_ABANDONED_DAYS", default_value_t = 180)]
    pub expire_abandoned_days: u32,
    /// Development only: serve the table page's files from this folder
    /// instead of the copy embedded in the binary (edit, reload, no rebuild).
    #[arg(long, env = "GHOSTSEAT_WEB_DIR")]
    pub web_dir: Option<PathBuf>,
}

impl ServeArgs {
    /// The defaults, on database `db` (tests, the load generator).
    pub fn with_database(db: &std::path::Path) -> ServeArgs {
        let db = db.display().to_string();
        let mut a = Cli::try_parse_from(["ghostseat", "--database", db.as_str()])
            .map(|c| c.serve)
            .expect("the defaults parse");
        // Never take operator secrets from the environment by surprise.
        a.admin_token = None;
        a.metrics_token = None;
        a
    }
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

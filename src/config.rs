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
pub enum Command {
    /// Run the HTTP server (the default).
    Serve(ServeArgs),
    /// Load the server over loopback HTTP and measure the disk's SQLite baseline.
    Bench(crate::bench::BenchArgs),
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
    /// SQLite database file (created on first start).
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
    /// Requests per second allowed per client address (0 = unlimited).
    #[arg(long, env = "GHOSTSEAT_RATE_LIMIT", default_value_t = 100)]
    pub rate_limit: u32,
    /// Burst of requests allowed per client address above the rate.
    #[arg(long, env = "GHOSTSEAT_RATE_BURST", default_value_t = 200)]
    pub rate_burst: u32,
    /// Origins allowed by CORS (comma separated; empty = no CORS headers).
    #[arg(
        long,
        env = "GHOSTSEAT_CORS_ORIGINS",
        value_delimiter = ',',
        default_value = ""
    )]
    pub cors_origins: Vec<String>,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

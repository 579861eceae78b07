//! The `ghostseat` binary.

use clap::Parser;
use ghostseat::config::{Cli, Command, LogFormat, ServeArgs};
use ghostseat::server::{shutdown_signal, Server};
use std::io::IsTerminal;
use std::process::ExitCode;

/// mimalloc: the server allocates many short-lived JSON values per request,
/// where glibc's malloc showed up as a quarter of the CPU profile.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn init_tracing(args: &ServeArgs) {
    let filter = tracing_subscriber::EnvFilter::try_new(&args.log_level)
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    // Colour only for a person at a terminal: `docker logs`, journald and
    // files get plain text (or JSON with --log-format json).
    let b = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(std::io::stderr);
    match args.log_format {
        LogFormat::Text => b.init(),
        LogFormat::Json => b.json().init(),
    }
}

fn main() -> ExitCode {
    match ghostseat::server::runtime() {
        Ok(rt) => rt.block_on(run()),
        Err(e) => {
            eprintln!("cannot start the async runtime: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn run() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Openapi) => {
            print!("{}", ghostseat::api::openapi::document());
            ExitCode::SUCCESS
        }
        Some(Command::Healthcheck { addr }) => ghostseat::ops::healthcheck(addr).await,
        Some(Command::Backup {
            path,
            database,
            overwrite,
        }) => ghostseat::ops::backup_command(&database, &path, overwrite),
        Some(Command::Restore { backup, database }) => {
            ghostseat::ops::restore_command(&backup, &database)
        }
        Some(Command::Serve(args)) => serve(args).await,
        None => serve(cli.serve).await,
    }
}

async fn serve(args: ServeArgs) -> ExitCode {
    init_tracing(&args);
    let server = match Server::bind(&args).await {
        Ok(s) => s,
        Err(e) => {
            let why = if ghostseat::store::is_postgres(&args.database) {
                None
            } else {
                ghostseat::ops::explain_unwritable(&args.database)
            };
            match why {
                Some(why) => tracing::error!(error = %e, "cannot start: {why}"),
                None => tracing::error!(error = %e, "cannot start"),
            }
            return ExitCode::FAILURE;
        }
    };
    tracing::info!(addr = %server.addr, database = %ghostseat::store::describe(&args.database), "ghostseat listening");
    match server.run(shutdown_signal()).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = %e, "server failed");
            ExitCode::FAILURE
        }
    }
}

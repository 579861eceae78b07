//! Operator commands that run beside the server: health check and backup.

use std::net::SocketAddr;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::store::{Durability, Store};

/// `GET /healthz` over a plain TCP connection; exit 0 on `200`.
pub async fn healthcheck(addr: SocketAddr) -> ExitCode {
    let probe = async {
        let mut s = tokio::net::TcpStream::connect(addr).await?;
        s.write_all(
            format!("GET /healthz HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n")
                .as_bytes(),
        )
        .await?;
        let mut buf = Vec::new();
        s.read_to_end(&mut buf).await?;
        Ok::<bool, std::io::Error>(buf.starts_with(b"HTTP/1.1 200"))
    };
    match tokio::time::timeout(Duration::from_secs(3), probe).await {
        Ok(Ok(true)) => ExitCode::SUCCESS,
        _ => ExitCode::FAILURE,
    }
}

/// Consistent copy of a (possibly live) database via `VACUUM INTO`.
pub async fn backup(database: &Path, dest: &Path) -> ExitCode {
    if dest.exists() {
        eprintln!("{} exists; refusing to overwrite", dest.display());
        return ExitCode::FAILURE;
    }
    match Store::open(database, Durability::Full).await {
        Ok(store) => match store.backup(dest).await {
            Ok(()) => {
                eprintln!("backup written to {}", dest.display());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("backup failed: {e}");
                ExitCode::FAILURE
            }
        },
        Err(e) => {
            eprintln!("cannot open {}: {e}", database.display());
            ExitCode::FAILURE
        }
    }
}

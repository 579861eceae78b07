//! The schema migrations, embedded in the binary: each backend's files of `migrations/`,
//! read as sqlx reads a migrations folder (`<version>_<description>.sql`, applied in
//! version order, `-- no-transaction` opting out of the transaction). They are listed by
//! name instead of found by sqlx's `migrate!` macro: that macro's crate built a second copy
//! of both database drivers and of SQLite for the compiler, in every build. A test holds
//! the lists to the folders, file for file and checksum for checksum, as sqlx reads them.

use std::borrow::Cow;
use std::sync::LazyLock;

use futures::future::BoxFuture;
use sqlx::error::BoxDynError;
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};

/// Each file of a folder of `migrations/`, by name, with its text.
macro_rules! embed {
    ($dir:literal: $($file:literal),+ $(,)?) => {
        &[$((
            $file,
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/migrations/", $dir, "/", $file)),
        )),+]
    };
}

/// `migrations/sqlite`.
pub(crate) const SQLITE: &[(&str, &str)] = embed!("sqlite":
    "0001_init.sql",
    "0002_snapshot_interval.sql",
    "0003_fair_seeds_state_version.sql",
    "0004_resign_consent.sql",
    "0005_snapshots_table.sql",
    "0006_seat_languages.sql",
    "0007_stream_tickets.sql",
    "0008_log_is_the_fence.sql",
    "0009_session_extras.sql",
);

/// `migrations/postgres`.
pub(crate) const POSTGRES: &[(&str, &str)] = embed!("postgres":
    "0001_schema.sql",
    "0002_stream_tickets.sql",
    "0003_session_extras.sql",
);

/// The SQLite store's migrations.
pub(crate) static SQLITE_MIGRATOR: LazyLock<Migrator> = LazyLock::new(|| migrator(SQLITE));

/// The PostgreSQL store's migrations.
pub(crate) static POSTGRES_MIGRATOR: LazyLock<Migrator> = LazyLock::new(|| migrator(POSTGRES));

/// A migrator over `files`. The names are this module's constants, which the tests read
/// the way sqlx does, so a bad name cannot reach a running server.
fn migrator(files: &'static [(&'static str, &'static str)]) -> Migrator {
    futures::executor::block_on(Migrator::new(Embedded(files)))
        .unwrap_or_else(|e| panic!("the embedded migrations: {e}"))
}

/// Files already in memory, as a source of migrations.
#[derive(Debug)]
struct Embedded(&'static [(&'static str, &'static str)]);

impl MigrationSource<'static> for Embedded {
    fn resolve(self) -> BoxFuture<'static, Result<Vec<Migration>, BoxDynError>> {
        Box::pin(std::future::ready(migrations(self.0)))
    }
}

/// The migrations of `files`, in version order.
fn migrations(
    files: &'static [(&'static str, &'static str)],
) -> Result<Vec<Migration>, BoxDynError> {
    let mut out = files
        .iter()
        .map(|&(name, sql)| {
            let (version, rest) = name
                .split_once('_')
                .filter(|(_, rest)| rest.ends_with(".sql"))
                .ok_or_else(|| format!("{name}: not <version>_<description>.sql"))?;
            let version: i64 = version
                .parse()
                .map_err(|_| format!("{name}: the version is not a number"))?;
            let kind = MigrationType::from_filename(rest);
            let description = rest.trim_end_matches(kind.suffix()).replace('_', " ");
            let no_tx = sql.starts_with("-- no-transaction");
            Ok(Migration::new(
                version,
                Cow::Owned(description),
                kind,
                Cow::Borrowed(sql),
                no_tx,
            ))
        })
        .collect::<Result<Vec<_>, BoxDynError>>()?;
    out.sort_by_key(|m| m.version);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// What sqlx's own reader makes of a folder, against the embedded list.
    async fn same_as_the_folder(dir: &str, embedded: &Migrator) {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("migrations")
            .join(dir);
        let folder = Migrator::new(path).await.expect("the folder reads");
        let view = |m: &Migrator| {
            m.iter()
                .map(|x| {
                    (
                        x.version,
                        x.description.to_string(),
                        x.migration_type,
                        x.checksum.to_vec(),
                        x.no_tx,
                    )
                })
                .collect::<Vec<_>>()
        };
        assert!(!view(embedded).is_empty());
        assert_eq!(
            view(embedded),
            view(&folder),
            "migrations/{dir} and its embedded list"
        );
    }

    #[tokio::test]
    async fn the_embedded_migrations_are_the_folders_as_sqlx_reads_them() {
        same_as_the_folder("sqlite", &SQLITE_MIGRATOR).await;
        same_as_the_folder("postgres", &POSTGRES_MIGRATOR).await;
    }

    #[test]
    fn a_misnamed_file_is_an_error_not_a_migration() {
        for bad in [
            &[("init.sql", "")][..],
            &[("x1_init.sql", "")][..],
            &[("0001_init.txt", "")][..],
        ] {
            assert!(migrations(bad).is_err(), "{bad:?}");
        }
        let ok =
            migrations(&[("0002_b.sql", "-- no-transaction\n"), ("0001_a_b.sql", "")]).unwrap();
        assert_eq!(ok.iter().map(|m| m.version).collect::<Vec<_>>(), [1, 2]);
        assert_eq!(ok[0].description, "a b");
        assert!(ok[1].no_tx && !ok[0].no_tx);
    }
}

//! The table page at `/`: plain ES modules and one stylesheet from
//! `web/table/`, embedded in the binary (no build step, nothing from another
//! host). Each file is served with a strong `ETag` (a hash of its bytes) and
//! `Cache-Control: no-cache`, so a browser revalidates with one cheap
//! request and a new ghostseat is never mixed with an old page. With
//! `--web-dir` (development only) the files are read from that folder.

use axum::extract::Path;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::borrow::Cow;
use std::path::PathBuf;
use std::sync::LazyLock;

use super::error::ApiError;

/// Every file of the page: name, content type, bytes.
pub const FILES: &[(&str, &str, &[u8])] = &[
    // Shared: the frame, the router, the API client, the core message table.
    (
        "index.html",
        "text/html; charset=utf-8",
        include_bytes!("../../web/table/index.html"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/table/app.js"),
    ),
    (
        "common.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/table/common.js"),
    ),
    (
        "api.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/table/api.js"),
    ),
    (
        "i18n.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/table/i18n.js"),
    ),
    (
        "favicon.svg",
        "image/svg+xml",
        include_bytes!("../../web/table/favicon.svg"),
    ),
    // The lobby side: lobby, new-game form, invites, physical-table input, confirmations.
    (
        "lobby.css",
        "text/css; charset=utf-8",
        include_bytes!("../../web/table/lobby.css"),
    ),
    (
        "lobby.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/table/lobby.js"),
    ),
    (
        "newgame.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/table/newgame.js"),
    ),
    (
        "invite.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/table/invite.js"),
    ),
    (
        "forms.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/table/forms.js"),
    ),
    (
        "table-input.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/table/table-input.js"),
    ),
    (
        "safe.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/table/safe.js"),
    ),
    (
        "qrcode.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/table/vendor/qrcode.js"),
    ),
    // The game screen: the turn, panels, events, moves and boards.
    (
        "turn.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/table/turn.js"),
    ),
    (
        "panels.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/table/panels.js"),
    ),
    (
        "names.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/table/names.js"),
    ),
    (
        "wake.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/table/wake.js"),
    ),
    (
        "manifest.webmanifest",
        "application/manifest+json",
        include_bytes!("../../web/table/manifest.webmanifest"),
    ),
    (
        "icon-192.png",
        "image/png",
        include_bytes!("../../web/table/icon-192.png"),
    ),
    (
        "icon-512.png",
        "image/png",
        include_bytes!("../../web/table/icon-512.png"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_bytes!("../../web/table/style.css"),
    ),
    (
        "game.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/table/game.js"),
    ),
    (
        "feed.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/table/feed.js"),
    ),
    (
        "menu.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/table/menu.js"),
    ),
    (
        "i18n-game.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/table/i18n-game.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/table/board.js"),
    ),
    (
        "svg.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/table/svg.js"),
    ),
    (
        "board-arler-erde.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/table/board-arler-erde.js"),
    ),
    (
        "board-three-hundred.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/table/board-three-hundred.js"),
    ),
    (
        "board-catan.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/table/board-catan.js"),
    ),
    (
        "board-terra-mystica.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/table/board-terra-mystica.js"),
    ),
    (
        "replay.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/table/replay.js"),
    ),
    (
        "watch.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/table/watch.js"),
    ),
    (
        "record.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/table/record.js"),
    ),
    (
        "seat-link.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/table/seat-link.js"),
    ),
    (
        "i18n-around.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/table/i18n-around.js"),
    ),
    (
        "around.css",
        "text/css; charset=utf-8",
        include_bytes!("../../web/table/around.css"),
    ),
];

/// Nothing from another host; no inline script; SVG and QR codes are drawn
/// by our own scripts (inline `style` attributes are allowed for them).
pub const POLICY: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; \
    object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// FNV-1a, 64 bits: enough to tell two versions of a file apart.
fn etag(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf29ce484222325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x100000001b3);
    }
    format!("\"{h:016x}\"")
}

fn disk_path(dir: &std::path::Path, name: &str) -> PathBuf {
    if name == "qrcode.js" {
        dir.join("vendor").join(name)
    } else {
        dir.join(name)
    }
}

/// The embedded files' ETags, hashed once, not on every request.
static TAGS: LazyLock<Vec<String>> =
    LazyLock::new(|| FILES.iter().map(|(_, _, bytes)| etag(bytes)).collect());

fn serve(name: &str, headers: &HeaderMap, dir: Option<&std::path::Path>) -> Response {
    let Some(i) = FILES.iter().position(|(n, _, _)| *n == name) else {
        return ApiError::new(
            StatusCode::NOT_FOUND,
            "no_route",
            "no such file of the table page",
        )
        .into_response();
    };
    let (_, content_type, embedded) = FILES[i];
    let (bytes, tag): (Cow<'static, [u8]>, String) =
        match dir.and_then(|d| std::fs::read(disk_path(d, name)).ok()) {
            Some(b) => {
                let tag = etag(&b);
                (Cow::Owned(b), tag)
            }
            None => (Cow::Borrowed(embedded), TAGS[i].clone()),
        };
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == tag));
    let mut res = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        bytes.into_response()
    };
    let h = res.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(header::ETAG, HeaderValue::from_str(&tag).expect("ascii"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(POLICY),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    res
}

/// `/` (the page) and `/table/{file}` (its modules, stylesheet, icon).
pub fn routes<S: Clone + Send + Sync + 'static>(dir: Option<PathBuf>) -> Router<S> {
    let d1 = dir.clone();
    Router::new()
        .route(
            "/",
            get(move |h: HeaderMap| async move { serve("index.html", &h, d1.as_deref()) }),
        )
        .route(
            "/table/{file}",
            get(move |Path(file): Path<String>, h: HeaderMap| async move {
                serve(&file, &h, dir.as_deref())
            }),
        )
}

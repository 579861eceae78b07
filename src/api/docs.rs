//! The interactive API docs at `/docs`: Swagger UI at a pinned version,
//! vendored in `web/vendor/swagger-ui/` (see its README) and embedded in the
//! binary, so the page works on a home network without internet and asks no
//! other host for anything. Our own page and start script are in `web/docs/`.

use axum::extract::Path;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::Router;
use std::sync::LazyLock;

use super::error::ApiError;

/// The vendored swagger-ui-dist version (set by `web/vendor/update-swagger-ui.sh`).
pub const SWAGGER_UI_VERSION: &str = "5.35.0";

/// Vendored files live under a versioned path, so browsers may keep them
/// for a year: a new version is a new URL.
static VENDOR_PATH: LazyLock<String> =
    LazyLock::new(|| format!("/docs/swagger-ui-{SWAGGER_UI_VERSION}"));

const VENDORED: &[(&str, &str, &[u8])] = &[
    (
        "swagger-ui-bundle.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../web/vendor/swagger-ui/swagger-ui-bundle.js"),
    ),
    (
        "swagger-ui.css",
        "text/css; charset=utf-8",
        include_bytes!("../../web/vendor/swagger-ui/swagger-ui.css"),
    ),
    (
        "favicon-32x32.png",
        "image/png",
        include_bytes!("../../web/vendor/swagger-ui/favicon-32x32.png"),
    ),
];

static PAGE: LazyLock<String> =
    LazyLock::new(|| include_str!("../../web/docs/index.html").replace("{{VENDOR}}", &VENDOR_PATH));

const INIT_JS: &str = include_str!("../../web/docs/init.js");

/// Our own files change with ghostseat, under fixed URLs: the browser
/// revalidates them on every load.
const REVALIDATE: &str = "no-cache";
const FOREVER: &str = "public, max-age=31536000, immutable";

fn asset(content_type: &'static str, cache: &'static str, body: impl IntoResponse) -> Response {
    let mut res = body.into_response();
    let h = res.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    res
}

/// The browser itself refuses anything from another host, should a future
/// Swagger UI try (Swagger UI sets inline styles, and its stylesheet uses
/// `data:` images).
const PAGE_POLICY: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; \
    object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

async fn page() -> Response {
    let mut res = asset("text/html; charset=utf-8", REVALIDATE, PAGE.as_str());
    res.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(PAGE_POLICY),
    );
    res
}

async fn init_js() -> Response {
    asset("text/javascript; charset=utf-8", REVALIDATE, INIT_JS)
}

async fn vendored(Path((version, file)): Path<(String, String)>) -> Response {
    let found = VENDORED.iter().find(|(name, _, _)| *name == file);
    match found {
        Some((_, content_type, bytes)) if version == format!("swagger-ui-{SWAGGER_UI_VERSION}") => {
            asset(content_type, FOREVER, *bytes)
        }
        _ => ApiError::new(StatusCode::NOT_FOUND, "no_route", "no such docs asset").into_response(),
    }
}

/// `/docs` and the files it loads.
pub fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route("/docs", get(page))
        .route("/docs/", get(|| async { Redirect::permanent("/docs") }))
        .route("/docs/init.js", get(init_js))
        .route("/docs/{version}/{file}", get(vendored))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_vendored_files_are_the_pinned_version() {
        let pkg: serde_json::Value =
            serde_json::from_str(include_str!("../../web/vendor/swagger-ui/package.json")).unwrap();
        assert_eq!(pkg["version"], super::SWAGGER_UI_VERSION);
        assert_eq!(pkg["name"], "swagger-ui-dist");
    }
}

#!/usr/bin/env bash
# Vendors swagger-ui-dist at an exact version from the npm registry into
# web/vendor/swagger-ui/ (the files /docs serves, byte for byte as published),
# records their SHA-256 sums and sets SWAGGER_UI_VERSION in src/api/docs.rs.
# Usage: web/vendor/update-swagger-ui.sh 5.35.0   (then cargo test --test docs)
set -euo pipefail
version=${1:?usage: $0 VERSION (an exact swagger-ui-dist version)}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "swagger-ui-dist@$version" >/dev/null && tar xzf "swagger-ui-dist-$version.tgz")
dest="$here/swagger-ui"
files=(swagger-ui-bundle.js swagger-ui.css favicon-32x32.png LICENSE NOTICE package.json)
rm -f "$dest"/*
for f in "${files[@]}"; do cp "$work/package/$f" "$dest/$f"; done
(cd "$dest" && sha256sum "${files[@]}" > SHA256SUMS)
integrity=$(cd "$work" && npm view "swagger-ui-dist@$version" dist.integrity)
cat > "$dest/README.md" <<MD
# swagger-ui-dist $version (vendored)

The interactive API docs at \`/docs\` use these files, copied unchanged from
the npm package [swagger-ui-dist@$version](https://www.npmjs.com/package/swagger-ui-dist/v/$version)
(tarball integrity \`$integrity\`; \`SHA256SUMS\` lists the copied files).
They are embedded in the binary (\`src/api/docs.rs\`), so the page needs no
internet. Licence: Apache-2.0 (\`LICENSE\`, \`NOTICE\`).

To update: \`web/vendor/update-swagger-ui.sh NEW_VERSION\`, then
\`cargo test --test docs\`.
MD
sed -i -E "s/^pub const SWAGGER_UI_VERSION: &str = \"[^\"]+\";/pub const SWAGGER_UI_VERSION: \&str = \"$version\";/" "$root/src/api/docs.rs"
echo "swagger-ui-dist $version vendored into $dest"

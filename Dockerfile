# syntax=docker/dockerfile:1
# ghostseat for a home server: `docker compose up -d` (see the README).
#
# Base images are pinned by the digest of their multi-platform index, so the
# same file builds for linux/amd64 and linux/arm64 (a Raspberry Pi 4/5 with a
# 64-bit OS): `docker buildx build --platform linux/amd64,linux/arm64 .`
# To move to newer images, replace the digests with those that
# `docker buildx imagetools inspect rust:1.95-bookworm` (and debian:bookworm-slim)
# print for the index.
#
# CI cannot run a container engine, so `.ci/dockerfile-check` follows this
# file instead: it copies exactly the paths the build stage's COPY lines name
# into an empty folder, runs the build stage's RUN lines there in order, then
# starts the binary the final stage copies with the final stage's ENV and CMD
# and runs its HEALTHCHECK. Keep the build stage to WORKDIR, COPY and RUN with
# relative paths so that check can follow it.

# ---- build: the release binary --------------------------------------------
FROM rust:1.95-bookworm@sha256:6258907abe69656e41cd992e0b705cdcfabcbbe3db374f92ed2d47121282d4a1 AS build
WORKDIR /src

# Dependencies in their own layer: with only the manifest and lock file in
# the image, build every dependency against stub targets. The layer stays
# cached until Cargo.toml or Cargo.lock change, so a change to the sources
# recompiles ghostseat alone: on 2 cores about 6 minutes instead of 12 for
# all ~240 crates.
# Why not cargo-chef: it needs `cargo install cargo-chef` in the image (one
# more tool to build and pin) and CI, which has no container engine, could
# not run the same step without installing it too. The stubs below mirror
# the workspace's targets (the server's library and `ghostseat` binary, the
# rules crate's library and its `engines` bench, the load generator's
# binary); CI's check runs this very
# step, so a target added to a manifest without a stub here fails CI instead
# of the image build.
COPY Cargo.toml Cargo.lock ./
COPY crates/ghostseat-engine/Cargo.toml ./crates/ghostseat-engine/
COPY crates/ghostseat-bench/Cargo.toml ./crates/ghostseat-bench/
RUN mkdir -p src crates/ghostseat-engine/src crates/ghostseat-engine/benches \
        crates/ghostseat-bench/src \
    && echo 'fn main() {}' > src/main.rs \
    && touch src/lib.rs crates/ghostseat-engine/src/lib.rs \
    && echo 'fn main() {}' > crates/ghostseat-engine/benches/engines.rs \
    && echo 'fn main() {}' > crates/ghostseat-bench/src/main.rs \
    && cargo build --release --locked \
    && rm -rf src crates/ghostseat-engine/src crates/ghostseat-engine/benches \
        crates/ghostseat-bench/src \
        target/release/.fingerprint/ghostseat-* \
        target/release/deps/ghostseat-* target/release/deps/libghostseat-* \
        target/release/deps/ghostseat_engine-* target/release/deps/libghostseat_engine-* \
        target/release/ghostseat target/release/libghostseat.*

# Everything the manifests and the compiler read: the server's sources, the
# rules crate (its rulebooks are embedded by include_str!), the migrations
# (embedded by sqlx::migrate!) and the web assets (embedded by
# include_bytes!, e.g. the /docs page).
COPY src ./src
COPY crates ./crates
COPY migrations ./migrations
COPY web ./web
RUN cargo build --release --locked --bin ghostseat \
    && strip target/release/ghostseat

# ---- runtime: a small Debian with the binary, as a non-root user ----------
FROM debian:bookworm-slim@sha256:3783cc01769c7b2b1b83a5c5ad96c815348e28ed7da68e2e3687004faa906251
# uid and gid 10001 own /data. A bind mount (`./data:/data`) must be owned by
# them on the host: `sudo chown -R 10001:10001 ./data` (see the README).
RUN groupadd --system --gid 10001 ghostseat \
    && useradd --system --uid 10001 --gid 10001 --home-dir /data \
        --shell /usr/sbin/nologin ghostseat \
    && mkdir -p /data/backups \
    && chown -R 10001:10001 /data
COPY --from=build /src/target/release/ghostseat /usr/local/bin/ghostseat
USER 10001:10001
WORKDIR /data
VOLUME ["/data"]
ENV GHOSTSEAT_ADDR=0.0.0.0:8080 \
    GHOSTSEAT_DATABASE=/data/ghostseat.db \
    GHOSTSEAT_LOG=info
EXPOSE 8080
# `ghostseat healthcheck` reads GHOSTSEAT_ADDR like the server does (a
# wildcard address is probed on loopback), so changing the port in the
# environment moves the check with it.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
    CMD ["ghostseat", "healthcheck"]
ENTRYPOINT ["ghostseat"]
CMD ["serve"]

# syntax=docker/dockerfile:1
# Build stage: compile the release binary.
FROM rust:1.95-bookworm AS build
WORKDIR /src
COPY Cargo.toml Cargo.lock ./
COPY src ./src
COPY migrations ./migrations
RUN cargo build --release --locked && strip target/release/ghostseat

# Runtime stage: a small Debian with just the binary, as a non-root user.
FROM debian:bookworm-slim
RUN useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin ghostseat \
    && mkdir -p /data && chown ghostseat /data
COPY --from=build /src/target/release/ghostseat /usr/local/bin/ghostseat
USER 10001
WORKDIR /data
VOLUME ["/data"]
ENV GHOSTSEAT_ADDR=0.0.0.0:8080 \
    GHOSTSEAT_DATABASE=/data/ghostseat.db \
    GHOSTSEAT_LOG=info
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
    CMD ["ghostseat", "healthcheck", "--addr", "127.0.0.1:8080"]
ENTRYPOINT ["ghostseat"]
CMD ["serve"]

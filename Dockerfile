# syntax=docker/dockerfile:1
#
# Gatehouse's container image: the release artifact (`npm run build` -> dist/) and its production
# dependencies on Node 20, run as an unprivileged user, with PGlite's data in a volume.
#
#   docker build -t gatehouse .
#   docker run -p 8102:8102 -v gatehouse-data:/data gatehouse
#
# NODE_IMAGE names the base of every stage; on a machine without a registry, a local image made
# from Debian's packages (scripts/container/make-base-images.sh) takes its place. Behind a proxy
# that re-signs TLS, hand its CA to npm with `--secret id=npm_ca,src=/path/to/ca.crt`.
# docs/deploy.md explains the settings, the volume and the compose stack.

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- toolchain: what npm needs to compile a native module whose prebuilt binary does not load
# (argon2 0.45.1's crashes Node 20.20 at load, and npm then builds it from source)
FROM ${NODE_IMAGE} AS toolchain
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# The image's own Node headers, rather than a download from nodejs.org at every compile.
ENV npm_config_nodedir=/usr/local

# ---- build: every workspace's dependencies, then the artifact
FROM toolchain AS build
WORKDIR /src
# The manifests alone first, so that a change to the sources reuses the installed dependencies.
COPY package.json package-lock.json ./
COPY server/package.json server/
COPY clients/package.json clients/
COPY web/package.json web/
COPY test/package.json test/
RUN --mount=type=cache,target=/root/.npm \
    --mount=type=secret,id=npm_ca \
    if [ -s /run/secrets/npm_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca; fi; \
    npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- production dependencies of the artifact alone, installed where no build tool is
FROM toolchain AS production-dependencies
WORKDIR /app
COPY --from=build /src/dist/package*.json ./
RUN --mount=type=cache,target=/root/.npm \
    --mount=type=secret,id=npm_ca \
    if [ -s /run/secrets/npm_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca; fi; \
    if [ -f package-lock.json ]; then npm ci --omit=dev --no-audit --no-fund; \
    else npm install --omit=dev --no-audit --no-fund; fi

# ---- runtime: the artifact, its dependencies, Node; nothing else of the build
FROM ${NODE_IMAGE} AS runtime
# A fixed uid outside the range of the base image's users, so that a volume's owner is
# the same number on every host and in every image version.
RUN groupadd --system --gid 10001 gatehouse \
 && useradd --system --uid 10001 --gid gatehouse --home-dir /app --no-create-home --shell /usr/sbin/nologin gatehouse \
 && mkdir -p /data \
 && chown gatehouse:gatehouse /data
WORKDIR /app
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /src/dist ./

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8102 \
    DATA_DIR=/data
# PGlite's database and the generated server secret live here when DATABASE_URL is unset.
VOLUME ["/data"]
EXPOSE 8102
USER gatehouse
# Node's own fetch: the image carries no curl. /health/ready fails while the database does not
# answer or lacks a migration.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server handles SIGTERM itself (closes the listener, drains its workers, closes the database).
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "server.js"]

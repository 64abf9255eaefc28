#!/usr/bin/env bash
# Makes, from Debian's packages alone, the two base images the container files build on, for a
# machine that reaches Debian's mirror but no image registry:
#
#   localhost/debian:bookworm-slim        debootstrap's minbase of bookworm (stands in for debian:bookworm-slim)
#   localhost/node:20-bookworm-slim       the same plus this machine's Node 20 and npm, laid out as the
#                                         official node:20-bookworm-slim lays them out, headers included
#                                         (stands in for it)
#
# Why bookworm plus a copied Node rather than trixie's Debian-built nodejs: the official image is
# bookworm with the Node project's own build in /usr/local, and that is what users elsewhere run.
# The copied binary must be such a build (a single executable that links only glibc and libstdc++,
# as NodeSource's and nodejs.org's are), at least 20.19 (the engines field). Debian's own nodejs is
# refused: it links libnode and the system's OpenSSL, which the minbase image does not have.
#
#   scripts/container/make-base-images.sh            (as root; podman or docker; needs debootstrap)
#   MIRROR=http://deb.debian.org/debian ENGINE=docker scripts/container/make-base-images.sh
set -euo pipefail

MIRROR="${MIRROR:-http://deb.debian.org/debian}"
ENGINE="${ENGINE:-$(command -v podman >/dev/null && echo podman || echo docker)}"
NODE_BIN="$(readlink -f "${NODE_BIN:-$(command -v node)}")"
NPM_DIR="${NPM_DIR:-$(dirname "${NODE_BIN}")/../lib/node_modules/npm}"
[ -d "${NPM_DIR}" ] || NPM_DIR="$(npm root -g)/npm"
# Node's C headers, for native modules compiled without a download from nodejs.org.
NODE_HEADERS="${NODE_HEADERS:-$(dirname "${NODE_BIN}")/../include/node}"
[ -f "${NODE_HEADERS}/node_api.h" ] || { echo "No Node headers at ${NODE_HEADERS} (set NODE_HEADERS)" >&2; exit 1; }

node_version="$("${NODE_BIN}" -p 'process.versions.node')"
if ! "${NODE_BIN}" -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a===20&&b>=19||a===22&&b>=12||a>22?0:1)'; then
  echo "Node ${node_version} at ${NODE_BIN} is too old: Gatehouse needs 20.19 or later" >&2
  exit 1
fi
if ldd "${NODE_BIN}" | grep -Eq 'libnode|libssl|libuv'; then
  echo "${NODE_BIN} links shared libraries of its Debian package; use a build from nodejs.org or NodeSource (NODE_BIN=...)" >&2
  exit 1
fi

work="$(mktemp -d /var/tmp/gatehouse-base-XXXXXX)"
trap 'rm -rf "${work}"' EXIT
rootfs="${work}/rootfs"

echo "debootstrap: bookworm minbase from ${MIRROR}"
debootstrap --variant=minbase bookworm "${rootfs}" "${MIRROR}" >"${work}/debootstrap.log" 2>&1 || {
  tail -20 "${work}/debootstrap.log" >&2
  exit 1
}
# What the official slim images trim: package caches and lists (apt-get update refills them).
rm -rf "${rootfs}"/var/cache/apt/archives/*.deb "${rootfs}"/var/lib/apt/lists/*
# Containers have no init to run service hooks; apt must not try (the official images do the same).
printf '#!/bin/sh\nexit 101\n' >"${rootfs}/usr/sbin/policy-rc.d"
chmod +x "${rootfs}/usr/sbin/policy-rc.d"

tar -C "${rootfs}" -c . | "${ENGINE}" import --change 'CMD ["bash"]' - localhost/debian:bookworm-slim >/dev/null
echo "imported localhost/debian:bookworm-slim"

install -D -m 0755 "${NODE_BIN}" "${rootfs}/usr/local/bin/node"
mkdir -p "${rootfs}/usr/local/lib/node_modules"
cp -a "${NPM_DIR}" "${rootfs}/usr/local/lib/node_modules/npm"
mkdir -p "${rootfs}/usr/local/include"
cp -a "${NODE_HEADERS}" "${rootfs}/usr/local/include/node"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "${rootfs}/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "${rootfs}/usr/local/bin/npx"
# The official image's user, uid 1000.
chroot "${rootfs}" groupadd --gid 1000 node
chroot "${rootfs}" useradd --uid 1000 --gid node --shell /bin/bash --create-home node

tar -C "${rootfs}" -c . | "${ENGINE}" import \
  --change "ENV NODE_VERSION=${node_version}" \
  --change 'CMD ["node"]' \
  - localhost/node:20-bookworm-slim >/dev/null
echo "imported localhost/node:20-bookworm-slim (Node ${node_version}, npm $("${rootfs}/usr/local/bin/node" "${rootfs}/usr/local/bin/npm" --version))"

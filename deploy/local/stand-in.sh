#!/bin/sh
# The stand-in images' entrypoint (Containerfile.services): what each official image's entrypoint does
# before its command, for the parts compose.yaml relies on.
set -eu
role=$1
shift
case "$role" in
nginx)
  # The official image's 20-envsubst-on-templates.sh: only variables set in the environment are filled.
  vars=$(env | sed -n 's/^\([A-Za-z_][A-Za-z0-9_]*\)=.*/${\1}/p' | tr '\n' ' ')
  for template in /etc/nginx/templates/*.template; do
    [ -e "$template" ] || continue
    out=/etc/nginx/conf.d/$(basename "$template" .template)
    envsubst "$vars" < "$template" > "$out"
    # Debian's nginx is 1.22: no `server … resolve` (open-source nginx has it from 1.27.3), so names are
    # resolved at start; podman's DNS is the network's gateway, not Docker's 127.0.0.11.
    dns=$(sed -n 's/^nameserver \([0-9.]*\).*/\1/p' /etc/resolv.conf | head -n 1)
    sed -i -e 's/^\(\s*server [^;]*\) resolve;/\1;/' -e "s/^resolver 127\.0\.0\.11/resolver $dns/" "$out"
  done
  ;;
postgres)
  # The official image's docker-entrypoint.sh, reduced: a cluster with POSTGRES_USER's password and
  # POSTGRES_DB on first start, password logins from the network, then postgres as its own user.
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  if [ ! -s "$PGDATA/PG_VERSION" ]; then
    printf '%s\n' "$POSTGRES_PASSWORD" > /tmp/pwfile
    chown postgres /tmp/pwfile
    setpriv --reuid=postgres --regid=postgres --init-groups initdb -D "$PGDATA" -U "$POSTGRES_USER" \
      --pwfile=/tmp/pwfile --auth-local=trust --auth-host=scram-sha-256 >/dev/null
    rm -f /tmp/pwfile
    echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
    echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
    as_pg() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }
    db=${POSTGRES_DB:-$POSTGRES_USER}
    if [ "$db" != postgres ]; then
      as_pg pg_ctl -D "$PGDATA" -w -o "-c listen_addresses=''" start >/dev/null
      as_pg psql -q -U "$POSTGRES_USER" -d postgres -c "CREATE DATABASE \"$db\""
      as_pg pg_ctl -D "$PGDATA" -w -m fast stop >/dev/null
    fi
  fi
  if [ "$1" = postgres ]; then
    exec setpriv --reuid=postgres --regid=postgres --init-groups "$@"
  fi
  ;;
redis)
  if [ "$1" = redis-server ]; then
    exec "$@" --protected-mode no
  fi
  ;;
esac
exec "$@"

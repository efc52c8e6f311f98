#!/usr/bin/env bash
# Makes sure PostgreSQL and Redis answer on the URLs the platform uses; starts the
# local Debian services when they are installed and down. Sourced by start.sh and .ci/run.
set -euo pipefail

DATABASE_URL="${DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/dcs}"
REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
pg_hostport=$(node -e 'const u=new URL(process.argv[1]);console.log(`${u.hostname} ${u.port||5432}`)' "$DATABASE_URL")
redis_hostport=$(node -e 'const u=new URL(process.argv[1]);console.log(`${u.hostname} ${u.port||6379}`)' "$REDIS_URL")
read -r pg_host pg_port <<<"$pg_hostport"
read -r redis_host redis_port <<<"$redis_hostport"

port_open() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

wait_port() {
  for _ in $(seq 1 60); do port_open "$1" "$2" && return 0; sleep 0.5; done
  return 1
}

if ! port_open "$pg_host" "$pg_port"; then
  if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
    echo "starting local PostgreSQL…"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
  fi
  if ! wait_port "$pg_host" "$pg_port"; then
    echo "PostgreSQL is not reachable at $pg_host:$pg_port." >&2
    echo "Start it (e.g. 'docker compose up -d postgres redis', then DATABASE_URL=postgresql://dcs:dcs@127.0.0.1:5432/dcs) and run this again." >&2
    exit 1
  fi
fi

if ! port_open "$redis_host" "$redis_port"; then
  if command -v redis-server >/dev/null 2>&1; then
    echo "starting local Redis…"
    redis-server --daemonize yes --bind 127.0.0.1 --port "$redis_port" --save "" --appendonly no
  fi
  if ! wait_port "$redis_host" "$redis_port"; then
    echo "Redis is not reachable at $redis_host:$redis_port." >&2
    echo "Start it (e.g. 'docker compose up -d redis') and run this again." >&2
    exit 1
  fi
fi
echo "PostgreSQL ($pg_host:$pg_port) and Redis ($redis_host:$redis_port) are up"

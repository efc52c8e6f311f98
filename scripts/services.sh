#!/usr/bin/env bash
# Makes sure PostgreSQL and Redis answer on the URLs the platform uses. Sourced by start.sh and .ci/run.
# For each one that does not answer, the first that applies:
#   1. installed as a local Debian service: start it (pg_ctlcluster; redis-server --daemonize);
#   2. running as root or with passwordless sudo on a machine with apt-get: install it
#      (apt-get install -y postgresql / redis-server), then start it;
#   3. Docker with the compose plugin: `docker compose up -d postgres redis` (with DATABASE_URL
#      switched to the compose database when it was not set);
#   4. otherwise: print the exact commands to run, and stop.
# A local cluster it manages is made to accept the URL's user: a URL without a password gets
# `trust` for 127.0.0.1/::1 in pg_hba.conf (as the README's default URL expects), a URL with one
# gets its role with that password; a role other than postgres is created with CREATEDB.
set -euo pipefail

dcs_user_database_url="${DATABASE_URL:-}"
DATABASE_URL="${DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/dcs}"
REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"

dcs_url_fields() {
  # host port user password for a URL ($2: default port)
  node -e 'const u=new URL(process.argv[1]);console.log([u.hostname.replace(/^\[|\]$/g,""),u.port||process.argv[2],decodeURIComponent(u.username)||"-",decodeURIComponent(u.password)||"-"].join(" "))' "$1" "$2"
}
read -r pg_host pg_port pg_user pg_password <<<"$(dcs_url_fields "$DATABASE_URL" 5432)"
read -r redis_host redis_port _ _ <<<"$(dcs_url_fields "$REDIS_URL" 6379)"

port_open() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

wait_port() {
  for _ in $(seq 1 60); do port_open "$1" "$2" && return 0; sleep 0.5; done
  return 1
}

dcs_is_local() { case "$1" in 127.* | localhost | ::1) return 0 ;; *) return 1 ;; esac; }

# Root, or passwordless sudo: the script may install and configure system services.
dcs_can_root() { [ "$(id -u)" = 0 ] || { command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; }; }
dcs_as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo -n "$@"; fi; }
dcs_as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else sudo -n -u postgres "$@"; fi; }

dcs_apt_updated=0
dcs_apt_install() {
  command -v apt-get >/dev/null 2>&1 && dcs_can_root || return 1
  echo "installing $* from the system's packages…"
  if [ "$dcs_apt_updated" = 0 ]; then
    dcs_as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq || return 1
    dcs_apt_updated=1
  fi
  dcs_as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"
}

dcs_has_compose() { command -v docker >/dev/null 2>&1 && docker compose version >/dev/null 2>&1 && [ -f docker-compose.yml ]; }
dcs_compose_started=0
dcs_compose_up() {
  dcs_has_compose || return 1
  if [ "$dcs_compose_started" = 0 ]; then
    echo "starting PostgreSQL and Redis with Docker (docker compose up -d postgres redis)…"
    docker compose up -d postgres redis || return 1
    dcs_compose_started=1
    # The compose database is dcs:dcs; an explicitly set DATABASE_URL is kept as it is.
    if [ -z "$dcs_user_database_url" ]; then
      export DATABASE_URL=postgresql://dcs:dcs@127.0.0.1:5432/dcs
      read -r pg_host pg_port pg_user pg_password <<<"$(dcs_url_fields "$DATABASE_URL" 5432)"
      echo "DATABASE_URL=$DATABASE_URL (the compose database)"
    fi
  fi
}

# The first local cluster (version, name), from pg_lsclusters.
dcs_pg_cluster() { pg_lsclusters -h 2>/dev/null | awk 'NR == 1 { print $1, $2 }'; }

dcs_start_local_pg() {
  port_open "$pg_host" "$pg_port" && return 0 # the package's own start got there first
  command -v pg_ctlcluster >/dev/null 2>&1 || return 1
  local cluster
  cluster=$(dcs_pg_cluster)
  [ -n "$cluster" ] || return 1
  echo "starting local PostgreSQL ($cluster)…"
  # shellcheck disable=SC2086 # version and name
  if dcs_can_root; then dcs_as_root pg_ctlcluster --skip-systemctl-redirect $cluster start || true; else pg_ctlcluster --skip-systemctl-redirect $cluster start || true; fi
}

dcs_start_local_redis() {
  port_open "$redis_host" "$redis_port" && return 0
  command -v redis-server >/dev/null 2>&1 || return 1
  echo "starting local Redis…"
  redis-server --daemonize yes --bind 127.0.0.1 --port "$redis_port" --save "" --appendonly no
}

# Lets the URL's user in on a local cluster this script manages (see the header).
dcs_pg_allow_user() {
  command -v psql >/dev/null 2>&1 && dcs_is_local "$pg_host" && dcs_can_root || return 0
  local probe
  if probe=$(PGCONNECT_TIMEOUT=5 psql -w "$(node -e 'const u=new URL(process.argv[1]);u.pathname="/postgres";u.search="";console.log(u.toString())' "$DATABASE_URL")" -Atqc 'select 1' 2>&1 </dev/null); then return 0; fi
  case "$probe" in *password* | *authentication* | *"does not exist"* | *"no pg_hba.conf entry"*) ;; *) return 0 ;; esac
  local cluster
  cluster=$(dcs_pg_cluster)
  [ -n "$cluster" ] || return 0
  echo "letting '$pg_user' into the local PostgreSQL ($cluster)…"
  if [ "$pg_password" = "-" ]; then
    local hba
    hba=$(dcs_as_postgres psql -Atqc 'show hba_file' </dev/null)
    if ! dcs_as_root grep -qE '^host\s+all\s+all\s+127\.0\.0\.1/32\s+trust' "$hba"; then
      # Ahead of the packaged rules: the first matching line wins.
      dcs_as_root sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
    fi
    # shellcheck disable=SC2086
    dcs_as_root pg_ctlcluster --skip-systemctl-redirect $cluster reload
  fi
  if [ "$pg_user" != postgres ] && [ "$pg_user" != "-" ]; then
    local role_sql="CREATE ROLE \"$pg_user\" LOGIN CREATEDB"
    [ "$pg_password" = "-" ] || role_sql="$role_sql PASSWORD '${pg_password//\'/\'\'}'"
    dcs_as_postgres psql -q -v ON_ERROR_STOP=1 -c "DO \$\$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$pg_user') THEN $role_sql; END IF; END \$\$" </dev/null
    [ "$pg_password" = "-" ] || dcs_as_postgres psql -q -c "ALTER ROLE \"$pg_user\" PASSWORD '${pg_password//\'/\'\'}'" </dev/null
  elif [ "$pg_password" != "-" ]; then
    dcs_as_postgres psql -q -c "ALTER ROLE postgres PASSWORD '${pg_password//\'/\'\'}'" </dev/null
  fi
}

dcs_services_help() {
  echo "$1 is not reachable at $2:$3, and this script could not start or install it (it needs root or passwordless sudo with apt-get, or Docker)." >&2
  echo "Run one of these, then run this again:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y postgresql redis-server   # then: npm start (it starts and configures them)" >&2
  echo "  docker compose up -d postgres redis && export DATABASE_URL=postgresql://dcs:dcs@127.0.0.1:5432/dcs" >&2
  exit 1
}

if ! port_open "$pg_host" "$pg_port"; then
  dcs_is_local "$pg_host" || dcs_services_help PostgreSQL "$pg_host" "$pg_port"
  if dcs_start_local_pg && wait_port "$pg_host" "$pg_port"; then
    :
  elif dcs_apt_install postgresql && { dcs_start_local_pg || true; } && wait_port "$pg_host" "$pg_port"; then
    :
  elif dcs_compose_up && wait_port "$pg_host" "$pg_port"; then
    :
  else
    dcs_services_help PostgreSQL "$pg_host" "$pg_port"
  fi
fi
dcs_pg_allow_user

if ! port_open "$redis_host" "$redis_port"; then
  dcs_is_local "$redis_host" || dcs_services_help Redis "$redis_host" "$redis_port"
  if dcs_start_local_redis && wait_port "$redis_host" "$redis_port"; then
    :
  elif dcs_apt_install redis-server && dcs_start_local_redis && wait_port "$redis_host" "$redis_port"; then
    :
  elif dcs_compose_up && wait_port "$redis_host" "$redis_port"; then
    :
  else
    dcs_services_help Redis "$redis_host" "$redis_port"
  fi
fi
echo "PostgreSQL ($pg_host:$pg_port) and Redis ($redis_host:$redis_port) are up"

#!/bin/sh
# Renders /etc/dcs/nginx.conf.template and runs nginx in the foreground (docker-compose.yml's `proxy`).
# The certificate: /certs/tls.crt and /certs/tls.key when mounted (a real one), otherwise a self-signed
# one is made there once (a private key is generated on the machine, never committed).
# DCS_UPSTREAM_HOST (default api:3000): the API service; Docker's DNS answers with every replica, and nginx
# makes each one a server of the upstream (resolved when nginx starts: `docker compose restart proxy` after
# scaling `api`).
set -eu
run=/var/run/dcs-proxy
mkdir -p "$run" /certs
for d in client_body proxy fastcgi uwsgi scgi assets; do mkdir -p "$run/$d"; done
chown -R www-data "$run"
if [ ! -s /certs/tls.crt ] || [ ! -s /certs/tls.key ]; then
  echo "no certificate in /certs: making a self-signed one for ${DCS_SERVER_NAME:-localhost}"
  openssl req -x509 -newkey rsa:2048 -nodes -days 365 -subj "/CN=${DCS_SERVER_NAME:-localhost}" \
    -addext "subjectAltName=DNS:${DCS_SERVER_NAME:-localhost}" -keyout /certs/tls.key -out /certs/tls.crt 2>/dev/null
fi
upstream="${DCS_UPSTREAM_HOST:-api:3000}"
export DCS_RUN_DIR="$run" DCS_HTTP_PORT=80 DCS_HTTPS_PORT="${DCS_HTTPS_PORT:-443}" DCS_TLS_CERT=/certs/tls.crt DCS_TLS_KEY=/certs/tls.key
export DCS_WORKER_PROCESSES="${DCS_WORKER_PROCESSES:-auto}"
export DCS_UPSTREAM_SERVERS="    server $upstream max_fails=1 fail_timeout=5s;"
export DCS_LIVE_UPSTREAM_SERVERS="    server $upstream max_fails=0;"
envsubst '${DCS_RUN_DIR} ${DCS_HTTP_PORT} ${DCS_HTTPS_PORT} ${DCS_TLS_CERT} ${DCS_TLS_KEY} ${DCS_UPSTREAM_SERVERS} ${DCS_LIVE_UPSTREAM_SERVERS} ${DCS_WORKER_PROCESSES}' \
  </etc/dcs/nginx.conf.template >"$run/nginx.conf"
nginx -t -c "$run/nginx.conf" -e stderr
exec nginx -c "$run/nginx.conf" -e stderr

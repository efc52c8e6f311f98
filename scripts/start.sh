#!/usr/bin/env bash
# `npm start`: install if needed, make sure PostgreSQL and Redis are up (installing or starting
# them where needed, see scripts/services.sh), migrate, seed the demo city, build (API, worker and
# the web app the API serves at /), and run the API and the worker together.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/node.sh   # Node 24 LTS first on PATH
[ -d node_modules/.bin ] || npm ci
source scripts/services.sh
npx tsx scripts/ensure-database.ts
npx prisma generate >/dev/null
npx prisma migrate deploy 2>&1 | grep -E "applied|migrations|Error" || true
npx tsx prisma/seed.ts
npm run --silent build
npm run --silent build:web

# Web Push needs a VAPID key pair: for development one is generated once and kept in .dev-vapid.env
# (git-ignored), so the browsers' subscriptions stay valid across restarts. Production sets its own.
if [ -z "${VAPID_PUBLIC_KEY:-}" ]; then
  [ -f .dev-vapid.env ] || node -e 'const k=require("web-push").generateVAPIDKeys();console.log(`VAPID_PUBLIC_KEY=${k.publicKey}\nVAPID_PRIVATE_KEY=${k.privateKey}`)' > .dev-vapid.env
  set -a; source .dev-vapid.env; set +a
fi

node dist/apps/worker/src/main.js &
worker=$!
node dist/apps/api/src/main.js &
api=$!
trap 'kill -TERM $api $worker 2>/dev/null; wait $api $worker 2>/dev/null; exit 0' INT TERM
echo "worker pid $worker, API pid $api — Ctrl-C stops both (they finish in-flight work first)"
wait -n $api $worker
kill -TERM $api $worker 2>/dev/null || true
wait

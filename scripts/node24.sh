#!/usr/bin/env bash
# `bash scripts/node24.sh <command…>`: runs the command with Node 24 first on PATH (scripts/node.sh).
# The npm scripts that run the platform or its tests go through it, so `npm start` and `npm test`
# run on Node 24 even when the npm that started them runs on an older system Node.
set -euo pipefail
source "$(dirname "$0")/node.sh"
exec "$@"

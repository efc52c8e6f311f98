#!/usr/bin/env bash
# Builds the tools that need the compiled platform (simulate, bench:challenge, bench:live,
# bench:standings) into .build/tools: never into dist/, which a running platform serves from.
# Incremental (tsc -b and its build info): an unchanged tree is up to date in about a second.
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/tools
mkdir -p "$out"
# Two tools started at once build one after the other, not over each other.
exec 9>"$out.lock"
flock 9
node_modules/.bin/tsc -b tsconfig.tools.json
# tsc rewrites only the files it emitted again; their @dcs/… imports become relative paths.
if [ ! -e "$out/.aliased" ] || [ "$out/tsconfig.tools.tsbuildinfo" -nt "$out/.aliased" ]; then
  node_modules/.bin/tsc-alias -p tsconfig.tools.json
  touch "$out/.aliased"
fi

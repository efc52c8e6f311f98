#!/usr/bin/env bash
# Builds the tools that need the compiled platform (simulate, bench:challenge, bench:live,
# bench:standings) into .build/tools: never into dist/, which a running platform serves from.
# Incremental (tsc -b and its build info). When no file of the build's inputs (sources, the
# generated Prisma client, the tsconfigs, the package files; a file added or removed changes its
# folder) changed since the last complete build, nothing runs at all: a tool starts at once instead
# of waiting ~1 s (~5-10 s on a busy machine) for tsc to find that out.
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/tools
seen="$out/.inputs-seen"
mkdir -p "$out"
# Two tools started at once build one after the other, not over each other.
exec 9>"$out.lock"
flock 9
inputs=(apps libs prisma scripts bench tsconfig.json tsconfig.build.json tsconfig.tools.json package.json package-lock.json)
if [ -e "$seen" ] && [ -e "$out/.aliased" ] && [ -z "$(find "${inputs[@]}" -path apps/web -prune -o -newer "$seen" -print -quit)" ]; then
  exit 0
fi
# Stamped before the build reads its inputs: a file changed while tsc runs is seen next time.
touch "$seen.next"
node_modules/.bin/tsc -b tsconfig.tools.json
# tsc rewrites only the files it emitted again; their @dcs/… imports become relative paths.
if [ ! -e "$out/.aliased" ] || [ "$out/tsconfig.tools.tsbuildinfo" -nt "$out/.aliased" ]; then
  node_modules/.bin/tsc-alias -p tsconfig.tools.json
  touch "$out/.aliased"
fi
mv "$seen.next" "$seen"

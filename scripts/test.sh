#!/usr/bin/env bash
# `npm test`: every suite (unit, real Chromium, real Firefox, release, the demos), closing with one
# "N passed, N failed, N skipped" line for all of them together. Each target is built once, first; then the
# suites run in lanes side by side. `npx vitest run --project <name>` runs one suite on its own.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step's and each lane's start and end (ms), for the times printed at the end; .ci/run passes
# its own file, with its install steps already in it.
out=artifacts/ci
mkdir -p "$out"
rm -f "$out"/*.json "$out"/*.log
steps=${CI_STEPS_FILE:-$out/steps.tsv}
[ -n "${CI_STEPS_FILE:-}" ] || : >"$steps"
now() { date +%s%3N; }
# A step that fails ends the run with the closing line: no test ran.
step() {
  local name=$1 start rc=0
  shift
  start=$(now)
  "$@" || rc=$?
  printf '%s\t%s\t%s\n' "$name" "$start" "$(now)" >>"$steps"
  [ "$rc" -eq 0 ] || { npx tsx .ci/summary.ts --step-failed "$name" "$rc"; exit 1; }
}

# Every build, once: the store zips, the real-browser test builds, the simulator builds and the
# bench's floor (.ci/builds.ts). The suites below build nothing (see .ci/built.ts).
step 'builds' npx tsx --import ./scripts/vite-env.mjs .ci/builds.ts
export STORAGE_KEEPER_BUILT_BY_CI=1

# The suites, in lanes side by side: most of their time is spent waiting on time-scaled alarms
# and real-time gaps in the browsers, not on the two cores. A lane is one vitest run with its own
# report, given its files by path; the last lane runs every file the others are not given, so a
# new test file or project is never left out. A test file in the repository that no lane runs (no
# vitest project includes it) or that two run is a failure of its own in the closing line.
# The real-Chromium files run one at a time in each lane, each in a browser of its own: the
# longest (a minute or more each) in two lanes of about equal length, with the rest and the
# others about as long again (each lane's time is printed at the end: rebalance here).
chromium_long=(test/e2e/extension.test.ts test/e2e/every-save-stands.test.ts test/e2e/update.test.ts)
chromium_pages=(test/e2e/page-states.test.ts test/e2e/check-now-wait.test.ts test/e2e/edit-in-flight.test.ts test/e2e/sign-in.test.ts test/e2e/activity-log.test.ts)
firefox=(test/e2e-firefox/)
# The tools as a person runs them (the store images, the README's pictures, the demos, the bench)
# and the bundle sizes: on the builds made above, none builds again.
tools=(test/e2e/bundle-size.test.ts test/e2e/store-assets.test.ts test/e2e/readme-picture.test.ts test/demo/)
# Each lane's report (.ci/lane-reporter.ts) is $out/lane-<name>.json.
lanes=()
declare -A pids
lane() {
  local name=$1
  shift
  (
    start=$(now) rc=0
    CI_LANE_REPORT="$out/lane-$name.json" npx vitest run "$@" --reporter=default --reporter=./.ci/lane-reporter.ts \
      >"$out/$name.log" 2>&1 || rc=$?
    printf '%s\t%s\t%s\n' "lane $name" "$start" "$(now)" >>"$steps"
    exit "$rc"
  ) &
  lanes+=("$name")
  pids[$name]=$!
}
lane chromium-long "${chromium_long[@]}"
lane chromium-pages "${chromium_pages[@]}"
lane firefox "${firefox[@]}"
lane tools "${tools[@]}"
# Unit, release, the other e2e files, and anything added later. A folder is excluded with all it holds.
placed=("${chromium_long[@]}" "${chromium_pages[@]}" "${firefox[@]}" "${tools[@]}")
placed=("${placed[@]/%\//\/**}")
lane rest "${placed[@]/#/--exclude=}"

exits=()
for name in "${lanes[@]}"; do
  rc=0
  wait "${pids[$name]}" || rc=$?
  exits+=("$name=$rc")
done
for name in "${lanes[@]}"; do
  printf '\n=== lane %s ===\n' "$name"
  cat "$out/$name.log"
done
reports=("${lanes[@]/#/$out/lane-}")
node .ci/times.mjs "$steps" "${reports[@]/%/.json}" || true
# Each skipped test and each failure named on a line of its own, then "N passed, N failed, N skipped":
# npm test exits 0 exactly when 0 failed.
npx tsx .ci/summary.ts "$out" "${exits[@]}"

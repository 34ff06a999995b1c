#!/usr/bin/env bash
# `npm test`: every suite (unit, real Chromium, real Firefox, release, the demos), closing with one
# "N passed, N failed" line for all of them together. Each target is built once, first; then the
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
step() {
  local name=$1 start
  shift
  start=$(now)
  "$@"
  printf '%s\t%s\t%s\n' "$name" "$start" "$(now)" >>"$steps"
}

# The store builds of both browsers, once: `npm run zip` builds them and zips them.
step 'npm run zip' npm run zip
step 'test builds' npx tsx --import ./scripts/vite-env.mjs .ci/test-builds.ts
# Every target is built: the suites below build nothing the others use (see .ci/built.ts).
export STORAGE_KEEPER_BUILT_BY_CI=1

# The suites, in lanes side by side: most of their time is spent waiting on time-scaled alarms
# and real-time gaps in the browsers, not on the two cores. A lane is one vitest run with its own
# report, given its files by path; the last lane runs every file the others are not given, so a
# new test file or project is never left out.
slow=(test/e2e/keep-alive.test.ts test/e2e/activity-log.test.ts test/e2e/page-states.test.ts)
firefox=(test/e2e-firefox/ test/e2e/week-of-history.test.ts)
# Every file that builds (the bundle-size test's store build; the simulator builds of npm run
# store, npm run picture and the demos), one at a time in one lane: two builds at once in one
# checkout would clash. A new test that builds belongs here.
builds=(test/e2e/bundle-size.test.ts test/e2e/store-assets.test.ts test/e2e/readme-picture.test.ts test/demo/)
lanes=(e2e-slow firefox builds rest)
pids=()
lane() {
  local name=$1
  shift
  (
    start=$(now) rc=0
    CI_TIMES_FILE="$out/times-$name.json" npx vitest run "$@" --reporter=default --reporter=json \
      --reporter=./.ci/times-reporter.ts --outputFile.json="$out/vitest-$name.json" >"$out/$name.log" 2>&1 || rc=$?
    printf '%s\t%s\t%s\n' "lane $name" "$start" "$(now)" >>"$steps"
    exit "$rc"
  ) &
  pids+=($!)
}
lane e2e-slow "${slow[@]}"
lane firefox "${firefox[@]}"
lane builds "${builds[@]}"
# Unit, release, the other e2e files, and anything added later. A folder is excluded with all it holds.
placed=("${slow[@]}" "${firefox[@]}" "${builds[@]}")
placed=("${placed[@]/%\//\/**}")
lane rest "${placed[@]/#/--exclude=}"

status=0
for pid in "${pids[@]}"; do wait "$pid" || status=$?; done
for name in "${lanes[@]}"; do
  printf '\n=== lane %s ===\n' "$name"
  cat "$out/$name.log"
done
laneFiles() { local files=("${lanes[@]/#/$out/$1-}"); echo "${files[@]/%/.json}"; }
# shellcheck disable=SC2046 # the paths have no spaces
node .ci/times.mjs "$steps" $(laneFiles times) || true
# shellcheck disable=SC2046
node .ci/summary.mjs $(laneFiles vitest) || status=1
exit "$status"

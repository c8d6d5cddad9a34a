#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# build-aux/test.sh — installs what Ossa needs (Debian 12, apt-get; root or sudo),
# builds it twice and runs every test:
#   1. _build/test: warnings are errors; all suites (core, cli, data, gui) inside a
#      virtual X server (xvfb-run), so the editor is driven for real;
#   2. _build/asan: the same suites under AddressSanitizer + UBSan;
#   3. when clang and libFuzzer are there, each fuzz target for 30 s
#      (build-aux/fuzz.sh, _build/fuzz; ora-* skipped without GTK and libzip):
#      one test each, failed only by a crash.
# Ends with one line "N passed, N failed" (N counted over both runs) and exits 1
# when anything failed.
set -u

srcdir=$(cd "$(dirname "$0")/.." && pwd)
cd "$srcdir" || exit 1

"$srcdir/build-aux/install-deps.sh" || { echo "ossa: installing dependencies failed"; exit 1; }

passed=0
failed=0
skipped=0

# -noreset: by default Xvfb resets when its last client leaves, and a test that
# connects during the reset gets "cannot open display" (seen under load between
# two tests that run alone).
xvfb() {
  xvfb-run -a -s "-screen 0 1280x800x24 -nolisten tcp -noreset" "$@"
}

# Adds one meson test run's counts (from its JSON log) to the totals.
count() {
  log="$1/meson-logs/testlog.json"
  if [ ! -f "$log" ]; then
    failed=$((failed + 1))
    return
  fi
  p=$(grep -c '"result": "OK"' "$log")
  s=$(grep -c '"result": "SKIP"' "$log")
  f=$(grep -c -E '"result": "(FAIL|ERROR|TIMEOUT|UNEXPECTEDPASS)"' "$log")
  passed=$((passed + p))
  skipped=$((skipped + s))
  failed=$((failed + f))
}

# setup_and_test NAME [meson options…]
setup_and_test() {
  name=$1
  shift
  dir="$srcdir/_build/$name"
  if [ -f "$dir/build.ninja" ]; then
    meson configure "$dir" "$@" >/dev/null || { failed=$((failed + 1)); return; }
  else
    meson setup "$dir" "$srcdir" "$@" || { failed=$((failed + 1)); return; }
  fi
  if ! meson compile -C "$dir"; then
    echo "ossa: build $name failed"
    failed=$((failed + 1))
    return
  fi
  rm -f "$dir/meson-logs/testlog.json"
  xvfb meson test -C "$dir" --print-errorlogs --num-processes 2
  count "$dir"
}

setup_and_test test -Dwerror=true -Dbuildtype=debugoptimized

# GTK and Mesa keep memory until exit on purpose; leak checking is for our code,
# so it is on for the core and CLI tests and off for the GUI ones (see tests/).
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
setup_and_test asan -Dwerror=true -Dbuildtype=debug -Db_sanitize=address,undefined -Db_lundef=false

# A short run of every fuzz target from its seeds alone, with a fixed seed: a
# failure is a crash, a hang (60 s on one input) or a blow-up (2 GB) the seeds and
# 30 s of mutations reach; leaks are the replay tests' business (above, in ASan).
fuzz_seconds=${OSSA_FUZZ_SECONDS:-30}
for target in $("$srcdir/build-aux/fuzz.sh" list); do
  OSSA_FUZZ_FRESH=1 OSSA_FUZZ_LEAKS=0 ASAN_OPTIONS=abort_on_error=1:detect_leaks=0 \
    "$srcdir/build-aux/fuzz.sh" "$target" "$fuzz_seconds" -seed=1 \
    >"$srcdir/_build/fuzz-$target.log" 2>&1
  case $? in
    0) passed=$((passed + 1)); echo "ossa: fuzz $target: ${fuzz_seconds}s, no crash" ;;
    77) skipped=$((skipped + 1))
        echo "ossa: fuzz $target skipped: $(tail -1 "$srcdir/_build/fuzz-$target.log")" ;;
    *) failed=$((failed + 1))
       echo "ossa: fuzz $target FAILED (log: _build/fuzz-$target.log):"
       tail -20 "$srcdir/_build/fuzz-$target.log" ;;
  esac
done

echo
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]

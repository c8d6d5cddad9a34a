#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# build-aux/fuzz.sh TARGET SECONDS [LIBFUZZER-OPTION…] — builds the libFuzzer
# targets of fuzz/ (clang, ASan + UBSan, in _build/fuzz or $OSSA_FUZZ_BUILD) and
# runs fuzz-TARGET for SECONDS seconds, niced, on one core, with its seeds and
# dictionary. TARGET is one of: ossa smd-reference smd-animation map-text
# map-movingai scen qc ora-stack ora-zip (`list` prints them; the ora-* ones are built
# only when GTK and libzip are installed).
#
#   corpus     _build/fuzz/fuzz-corpus/TARGET/   what the runs found, kept between runs
#              (OSSA_FUZZ_FRESH=1: a new empty one, removed after, for a repeatable run)
#   seeds      _build/fuzz/fuzz-seeds/TARGET/    rebuilt each run: links to the shared
#              test data ($OSSA_SHARED_TESTDATA, default ../shared/testdata) and to the
#              built sample, and small files fuzz-seeds writes; never copies
#   crashes    _build/fuzz/fuzz-artifacts/TARGET/{crash,timeout,oom,leak}-*
#
# Exits 0 when the run ended without a crash, hang or memory blow-up, 1 when it
# found one (the input is saved and named at the end; a hang is 60 s of wall
# clock on one input, generous since the run is niced on a shared machine), 77 when clang or libFuzzer
# is missing (or, for ora-*, GTK 4 or libzip). Leak detection is on unless OSSA_FUZZ_LEAKS=0. Extra options go to
# libFuzzer as they are (e.g. -seed=1 for a repeatable run).
set -u

srcdir=$(cd "$(dirname "$0")/.." && pwd)
targets="ossa smd-reference smd-animation map-text map-movingai scen qc ora-stack ora-zip"

usage() {
  echo "usage: $0 TARGET SECONDS [LIBFUZZER-OPTION…]   (TARGET: $targets)" >&2
  exit 2
}

[ $# -ge 1 ] || usage
if [ "$1" = list ]; then
  echo "$targets"
  exit 0
fi
[ $# -ge 2 ] || usage
target=$1
seconds=$2
shift 2
case " $targets " in
  *" $target "*) ;;
  *) echo "fuzz.sh: unknown target '$target' (one of: $targets)" >&2; exit 2 ;;
esac
case "$seconds" in
  ''|*[!0-9]*) echo "fuzz.sh: SECONDS must be a whole number" >&2; exit 2 ;;
esac

# What each target reads: its dictionary, its longest input, its shared seeds.
case "$target" in
  ossa)          dict=;                 max_len=65536; shared= ;;
  smd-reference) dict=fuzz/smd.dict;    max_len=65536; shared="smd/*.smd smd/*.vta" ;;
  smd-animation) dict=fuzz/smd.dict;    max_len=65536; shared="smd/*.smd" ;;
  map-text)      dict=fuzz/map.dict;    max_len=16384; shared="seed/*.txt" ;;
  map-movingai)  dict=fuzz/map.dict;    max_len=16384; shared="movingai/*.map" ;;
  scen)          dict=fuzz/scen.dict;   max_len=16384; shared="movingai/*.scen" ;;
  qc)            dict=fuzz/qc.dict;     max_len=65536; shared= ;;
  ora-stack)     dict=fuzz/ora.dict;    max_len=65536; shared= ;;
  ora-zip)       dict=fuzz/ora.dict;    max_len=65536; shared= ;;
esac

if ! command -v clang >/dev/null 2>&1; then
  echo "fuzz.sh: clang is not installed: cannot fuzz (apt-get install clang)" >&2
  exit 77
fi
if ! echo 'int LLVMFuzzerTestOneInput(const char *d, long n){return 0;}' \
    | clang -x c -fsanitize=fuzzer -o /dev/null - >/dev/null 2>&1; then
  echo "fuzz.sh: clang cannot link libFuzzer (apt-get install libclang-rt-14-dev)" >&2
  exit 77
fi

build=${OSSA_FUZZ_BUILD:-$srcdir/_build/fuzz}
shared_data=${OSSA_SHARED_TESTDATA:-$srcdir/../shared/testdata}

# A build of the core alone (no editor, no tests) with coverage for libFuzzer;
# UBSan stops at the first report, so that libFuzzer sees it as a crash.
mkdir -p "$(dirname "$build")"
if [ ! -f "$build/build.ninja" ]; then
  CC=clang meson setup "$build" "$srcdir" \
    -Dfuzzing=true -Dtests=false -Dgui=disabled \
    -Dbuildtype=debugoptimized -Db_sanitize=address,undefined -Db_lundef=false \
    -Dc_args='-fsanitize=fuzzer-no-link -fno-sanitize-recover=all' \
    -Dc_link_args='-fno-sanitize-recover=all' >"$build.setup.log" 2>&1 \
    || { cat "$build.setup.log" >&2; echo "fuzz.sh: configuring $build failed" >&2; exit 1; }
fi
meson compile -C "$build" fuzz-seeds sample-humanoid >"$build/fuzz-compile.log" 2>&1 \
  || { cat "$build/fuzz-compile.log" >&2; echo "fuzz.sh: building the seeds failed" >&2; exit 1; }
# The OpenRaster targets exist only when their libraries were found.
extra=
case "$target" in
  ora-*)
    if ! meson introspect --targets "$build" | grep -q "\"fuzz-$target\""; then
      echo "fuzz.sh: fuzz-$target is not built here: GTK 4 or libzip is missing (apt-get install libgtk-4-dev libzip-dev)" >&2
      exit 77
    fi
    extra=fuzz-ora-seeds ;;
esac
meson compile -C "$build" "fuzz-$target" $extra >>"$build/fuzz-compile.log" 2>&1 \
  || { cat "$build/fuzz-compile.log" >&2; echo "fuzz.sh: building fuzz-$target failed" >&2; exit 1; }

# Seeds, made afresh: links to the shared files and the sample, generated files.
seeds=$build/fuzz-seeds
rm -rf "$seeds/$target"
mkdir -p "$seeds/$target"
"$build/fuzz/fuzz-seeds" "$seeds" "$shared_data" >/dev/null 2>&1 || true
[ -z "$extra" ] || "$build/fuzz/$extra" "$seeds" >/dev/null 2>&1 || true
find "$seeds" -mindepth 1 -maxdepth 1 -type d ! -name "$target" -exec rm -rf {} +
if [ -d "$shared_data" ]; then
  for pattern in $shared; do
    for f in "$shared_data"/$pattern; do
      [ -f "$f" ] && ln -sf "$f" "$seeds/$target/shared-$(basename "$f")"
    done
  done
else
  echo "fuzz.sh: $shared_data is absent: seeding from generated files only" >&2
fi
if [ "$target" = ossa ] && [ -f "$build/data/samples/humanoid.ossa" ]; then
  ln -sf "$build/data/samples/humanoid.ossa" "$seeds/ossa/sample-humanoid.ossa"
fi
# The regressions are seeds too: the corner they reached is worth starting from.
regressions=$srcdir/fuzz/regressions/$target
if [ -d "$regressions" ]; then
  for f in "$regressions"/*; do
    [ -f "$f" ] && ln -sf "$f" "$seeds/$target/regression-$(basename "$f")"
  done
fi

if [ "${OSSA_FUZZ_FRESH:-0}" = 1 ]; then
  corpus=$(mktemp -d "${TMPDIR:-/tmp}/ossa-fuzz-$target.XXXXXX") || exit 1
  trap 'rm -rf "$corpus"' EXIT
else
  corpus=$build/fuzz-corpus/$target
  mkdir -p "$corpus"
fi
artifacts=$build/fuzz-artifacts/$target
mkdir -p "$artifacts"

set -- -max_total_time="$seconds" -max_len="$max_len" -timeout=60 -rss_limit_mb=2048 \
  -malloc_limit_mb=2048 -detect_leaks="${OSSA_FUZZ_LEAKS:-1}" -print_final_stats=1 \
  -artifact_prefix="$artifacts/" "$@"
[ -n "$dict" ] && set -- -dict="$srcdir/$dict" "$@"

echo "fuzz.sh: fuzz-$target for ${seconds}s (corpus $corpus, $(ls "$seeds/$target" | wc -l) seeds)"
before=$(ls "$artifacts" | wc -l)
ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:allocator_may_return_null=1} \
UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1} \
  nice -n 19 "$build/fuzz/fuzz-$target" "$@" "$corpus" "$seeds/$target"
status=$?
after=$(ls "$artifacts" | wc -l)
if [ "$status" -ne 0 ] || [ "$after" -ne "$before" ]; then
  echo "fuzz.sh: fuzz-$target found a problem (exit $status); the input is in $artifacts:" >&2
  ls -t "$artifacts" | head -5 >&2
  echo "fuzz.sh: once fixed, copy it into fuzz/regressions/$target/ (see HACKING.md)" >&2
  exit 1
fi
echo "fuzz.sh: fuzz-$target: no crash in ${seconds}s"
exit 0

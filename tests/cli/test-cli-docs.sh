#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# ossa-cli's manual page and bash completion as a person meets them: the page
# built from the binary's help names every command and its options; the
# completion, sourced into bash, completes commands, options per command, option
# values and file names by extension. TAP on stdout.
# Usage: test-cli-docs.sh COMPLETION-SCRIPT MAN-PAGE|- [OSSA-MAN-PAGE]
set -u

completion=$1
man_page=$2
ossa_page=${3:-}
n=0
failed=0

ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); failed=1; echo "not ok $n - $1"; shift; for l in "$@"; do echo "# $l"; done; }
skip () { n=$((n + 1)); echo "ok $n - $1 # SKIP $2"; }

# ---- the manual page ----
if [ "$man_page" = - ]; then
  skip "man page" "help2man was not found when the build was configured"
else
  missing=""
  for word in '^\.TH OSSA-CLI "1"' '^\.SH SYNOPSIS' '^\.SH "SEE ALSO"' 'ossa (1)' \
              'info FILE' 'validate FILE' '^sample DOC' '^convert IN OUT' '^import\\-smd' \
              '^import\\-qc MODEL.qc' 'Command import\\-qc:' \
              '^export\\-smd' '^render DOC' 'Command render:' '^astar MAP' '^scen FILE.scen' '^bench pose' \
              'Command import\\-smd:' '\\fB\\-\\-quiet\\fR' 'standard input' 'ossa\-cli 0\.' ; do
    grep -q -e "$word" "$man_page" || missing="$missing [$word]"
  done
  # Non-ASCII came through as UTF-8, not as question marks.
  grep -q '???' "$man_page" && missing="$missing [no ???]"
  grep -q '…' "$man_page" || missing="$missing […]"
  if [ -z "$missing" ]; then ok "man page names every command"; else not_ok "man page" "missing:$missing"; fi
fi

# The editor's page, kept by hand, with the version filled in.
if [ -n "$ossa_page" ]; then
  if grep -q '^\.TH OSSA "1" "" "ossa [0-9]' "$ossa_page" && grep -q 'ossa\\-cli (1)' "$ossa_page"; then
    ok "ossa(1) has its version and points to ossa-cli(1)"
  else
    not_ok "ossa(1)" "$(head -5 "$ossa_page")"
  fi
fi

# ---- the completion ----
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/maps" "$work/docs"
touch "$work/hero.ossa" "$work/HERO2.OSSA" "$work/walk.smd" "$work/notes.md" "$work/level.map" \
      "$work/barney.qc" "$work/arena.map.scen" "$work/maps/a.map" "$work/walk.gif" "$work/walk.png"

# The words COMPREPLY holds after completing the command line $1 (its last word
# the one being completed; a line ending in a space completes an empty word),
# sorted, one line.
complete_line () {
  (
    cd "$work" || exit 1
    # shellcheck disable=SC1090
    . "$completion"
    read -r -a COMP_WORDS <<< "$1"
    case $1 in *" ") COMP_WORDS+=("") ;; esac
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMP_LINE=$1
    COMP_POINT=${#1}
    _ossa_cli ossa-cli "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
    printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ' | sed 's/ $//'
  ) 2>&1
}

expect () {
  local got
  got=$(complete_line "$1")
  if [ "$got" = "$2" ]; then ok "'$1' → '$2'"; else not_ok "'$1'" "expected: '$2'" "got:      '$got'"; fi
}

expect "ossa-cli i" "import-qc import-smd info"
expect "ossa-cli in" "info"
expect "ossa-cli info --j" "--json"
expect "ossa-cli s" "sample scen"
expect "ossa-cli --v" "--version"
expect "ossa-cli scen --q" "--quiet"
expect "ossa-cli sample --" "-- --anim --help --json --no-ik --time"
expect "ossa-cli import-smd --plane " "xy xz yz"
expect "ossa-cli astar x.map --algo d" "dijkstra"
expect "ossa-cli convert x.ossa - --to " "map ossa txt"
expect "ossa-cli info " "HERO2.OSSA docs hero.ossa level.map maps walk.smd"
expect "ossa-cli sample " "HERO2.OSSA docs hero.ossa maps"
expect "ossa-cli import-smd " "docs maps walk.smd"
expect "ossa-cli import-smd walk.smd -o " "HERO2.OSSA docs hero.ossa maps"
expect "ossa-cli import-qc " "barney.qc docs maps"
expect "ossa-cli import-qc barney.qc -o " "HERO2.OSSA docs hero.ossa maps"
expect "ossa-cli import-qc barney.qc --" "-- --force --help --json --output --plane --simplify"
expect "ossa-cli import-qc barney.qc --plane " "xy xz yz"
expect "ossa-cli scen " "arena.map.scen docs maps"
expect "ossa-cli scen x.scen --maps " "docs maps"
expect "ossa-cli astar m" "maps"
expect "ossa-cli astar maps/" "maps/a.map"
expect "ossa-cli help e" "export-smd"
expect "ossa-cli r" "render"
expect "ossa-cli render " "HERO2.OSSA docs hero.ossa maps"
expect "ossa-cli render hero.ossa --sh" "--sheet"
expect "ossa-cli render hero.ossa --background " "black transparent white"
expect "ossa-cli render hero.ossa --bones --j" "--json"
expect "ossa-cli render hero.ossa -o " "docs maps walk.gif walk.png"
expect "ossa-cli info -- --j" ""

# thumbnail: a document, then the PNG it writes; --size's usual values.
touch "$work/shot.png"
expect "ossa-cli th" "thumbnail"
expect "ossa-cli thumbnail -s 25" "256"
expect "ossa-cli thumbnail -s 256 " "HERO2.OSSA docs hero.ossa maps"
expect "ossa-cli thumbnail hero.ossa " "docs maps shot.png walk.png"
expect "ossa-cli thumbnail --" "-- --help --json --size"

echo "1..$n"
exit $failed

#!/usr/bin/env bash
# The example raid, made with the CLI: Wharfside against the Gardeners of Carrow Fields on a
# declared table (the players state the facts), with seeded dice (--seed 7). Run it from the
# repository root after `npm run build`; it rewrites examples/raids/cache.raid.json and log.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
BLIGHT=${BLIGHT:-"node packages/cli/bin/blight.js"}
RAID=examples/raids/cache.raid.json
LOG=examples/raids/log.md

: >"$LOG"
# Runs `blight raid do RAID …` and records the command and what it printed.
do_() {
  printf '\n$ blight raid do raid.json %s\n' "$*" >>"$LOG"
  $BLIGHT raid do "$RAID" "$@" | tee -a "$LOG"
}
# The creatures are far off this round: every question the table is asked while they act
# ("is Jess within the Husk's Senses?", "does it see her?") is answered no. The question is the
# first legal command, a `state …=true|false`; the answer is the `=false` one.
table_says_no() {
  while line=$($BLIGHT raid legal "$RAID" | head -1) && [[ $line == state*=true ]]; do
    # shellcheck disable=SC2086 # the word form is meant to split
    do_ ${line%=true}=false >/dev/null
  done
}

$BLIGHT raid new --refuge examples/rosters/refuge.json --refuge examples/rosters/congregation.json --seed 7 >"$RAID"
echo '$ blight raid new --refuge examples/rosters/refuge.json --refuge examples/rosters/congregation.json --seed 7 > raid.json' >>"$LOG"

# Set-up rolled two Lesser Encounters; before Initiative, Mother Agnes may add a Blight die.
do_ choose 0
table_says_no

# Wharfside's turn. Jess steps out 6", and the table states what she sees from there.
do_ activate wharfside.4
do_ move wharfside.4 6 --fact sees:wharfside.4:c2=true --fact within:wharfside.4:c2:18=true --fact cover:wharfside.4:c2=none
do_ shoot wharfside.4 bow c2
do_ state within:wharfside.4:c2:9=true # half range: the Husk is close

# The Gardeners: Mother Agnes holds.
do_ activate the-gardeners-of-carrow-fields.1
do_ end the-gardeners-of-carrow-fields.1
table_says_no

# Wharfside again: Big Col charges the wounded Husk (the table says he reaches it) and fights.
do_ activate wharfside.3
do_ state within:wharfside.1:wharfside.3:3=true # Col starts beside his Leader
do_ move wharfside.3 --contact c2
do_ fight wharfside.3 c2

# The Gardeners: Wren runs for the Loot at t3.
do_ activate the-gardeners-of-carrow-fields.4
do_ move the-gardeners-of-carrow-fields.4 --contact t3
do_ search the-gardeners-of-carrow-fields.4 t3
$BLIGHT raid show "$RAID" >examples/raids/show.txt

# Wharfside has seen enough: at the start of its next turn it withdraws, which counts as a Rout.
table_says_no
do_ withdraw wharfside
table_says_no
$BLIGHT raid show "$RAID" >>examples/raids/show.txt
printf '\n$ blight raid replay raid.json\n' >>"$LOG"
$BLIGHT raid replay "$RAID" | tee -a "$LOG"

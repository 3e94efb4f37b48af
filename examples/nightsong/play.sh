#!/usr/bin/env bash
# The example Nightsong session, made with the CLI from session.play: three characters, two Watches
# on the road (the weather breaks; they press on), a barrow delved until the torch dies, a fight
# with a band of raiders, a Spell, a Long Rest, an Advancement and the Land's turn after the
# session, with every die typed in and every call stated. Run it from the repository root after `npm run build`;
# it rewrites examples/nightsong/session.json and log.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
BLIGHT=${BLIGHT:-"node packages/cli/bin/blight.js"}
GAME=examples/nightsong/session.json
LOG=examples/nightsong/log.md

$BLIGHT nightsong game new --players ann,bo,cy --manual >"$GAME"
printf '# The example session, as played\n\nMade by `examples/nightsong/play.sh` from `session.play`.\n\n```text\n$ blight nightsong game new --players ann,bo,cy --manual > game.json\n' >"$LOG"
grep -v '^\s*\(#\|$\)' examples/nightsong/session.play | while read -r seat words; do
  printf '\n$ blight nightsong game do game.json %s --by %s\n' "$words" "$seat" >>"$LOG"
  # shellcheck disable=SC2086 # the word form is meant to split
  $BLIGHT nightsong game do "$GAME" $words --by "$seat" >>"$LOG"
done
printf '\n$ blight nightsong game show game.json\n' >>"$LOG"
$BLIGHT nightsong game show "$GAME" >>"$LOG"
printf '\n$ blight nightsong game replay game.json\n' >>"$LOG"
$BLIGHT nightsong game replay "$GAME" >>"$LOG"
printf '```\n' >>"$LOG"

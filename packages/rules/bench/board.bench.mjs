// `npm run bench -w @blight/rules`: the board's answers and a whole raid on a board, each figure
// quoted against a baseline measured in the same run (a plain "within" query; replaying the raid's
// events without deciding anything). Fixed seeds, fixed counts: the same work every run.
import { readFileSync } from "node:fs"
import { seeded } from "@blight/dice"
import { Result } from "effect"
import { Auto, Battle, Board, coreRegistry, Founding, Ground, PlaneSpace, Policy } from "../dist/index.js"

const registry = coreRegistry()
const roster = (name) =>
  JSON.parse(readFileSync(new URL(`../../../examples/rosters/${name}.json`, import.meta.url), "utf8"))
const refuges = ["refuge", "congregation"].map((n) =>
  Result.getOrThrow(Founding.found(roster(n), registry, { source: seeded(3) })),
)

/** Runs `f` repeatedly for about `ms` milliseconds; returns calls per second. */
const rate = (f, ms = 1500) => {
  for (let i = 0; i < 50; i++) f(i) // warm up
  let n = 0
  const t0 = performance.now()
  let t = t0
  while (t - t0 < ms) {
    for (let k = 0; k < 50; k++) f(n++)
    t = performance.now()
  }
  return (n * 1000) / (t - t0)
}

// A busy 4' board: a 7-a-side table's terrain, the example Refuges and 10 creatures spread on it.
const board = Board.random(11, registry, { survivors: 8 })
const env = Battle.envOf(registry, PlaneSpace.make(registry))
const start = Result.getOrThrow(Battle.create({ refuges, dice: { seed: 7 }, board }, env))
const src = seeded(5)
const spot = () => ({ x: 2 + src.die(44) - 1 + src.die(10) / 10, y: 2 + src.die(44) - 1 + src.die(10) / 10 })
const state = {
  ...start.state,
  models: [
    ...start.state.models.map((m) => ({ ...m, position: spot() })),
    ...Array.from({ length: 10 }, (_, i) => ({
      ...start.state.models[0],
      id: `c${90 + i}`,
      side: "brood-9",
      kind: "creature",
      position: spot(),
    })),
  ],
}
const ids = state.models.map((m) => m.id)
const pairs = ids.flatMap((a) => ids.filter((b) => b !== a).map((b) => [a, b]))
const ruledBoard = Ground.ruled(board, registry)
const ask = (q) => PlaneSpace.answer(state, ruledBoard, q)

const figures = []
const within = rate((i) => {
  const [a, b] = pairs[i % pairs.length]
  ask({ q: "within", a, b, inches: 12 })
})
figures.push(['within 12" (baseline)', within])
figures.push([
  "line of sight",
  rate((i) => {
    const [a, b] = pairs[i % pairs.length]
    ask({ q: "sees", a, b })
  }),
])
figures.push([
  "cover",
  rate((i) => {
    const [a, b] = pairs[i % pairs.length]
    ask({ q: "cover", a, b })
  }),
])
figures.push([
  'reach in a 6" move (path search)',
  rate((i) => {
    const [a, b] = pairs[(i * 7) % pairs.length]
    ask({ q: "reach", a, b, inches: 6 })
  }, 2500),
])

console.log(
  `Board: ${board.width}" × ${board.height}", ${board.terrain.length} pieces of terrain, ${state.models.length} models (${pairs.length} ordered pairs)`,
)
console.log("query                              per second   × baseline")
for (const [name, r] of figures)
  console.log(`${name.padEnd(34)} ${Math.round(r).toString().padStart(10)}   ${(r / within).toFixed(3)}`)

// A whole raid on a board, both sides by the sensible policy, creatures by their behaviours.
const raidBoard = Board.random(7, registry, { refuges })
const begin = Result.getOrThrow(Battle.create({ refuges, dice: { seed: 7 }, board: raidBoard }, env))
const runs = 3
let played
const t0 = performance.now()
for (let i = 0; i < runs; i++) played = Auto.play(begin, env, Policy.sensible(env))
const raidMs = (performance.now() - t0) / runs
const events = played.battle.events
const moves = events.filter((e) => e.type === "moved").length
const t1 = performance.now()
for (let i = 0; i < runs; i++) Battle.replay(events)
const replayMs = (performance.now() - t1) / runs
console.log(
  `\nA raid on a 3' board (${played.commands} commands, ${moves} moves, ${events.length} events, over: ${played.over}):`,
)
console.log(
  `  played by policies on a PlaneSpace  ${raidMs.toFixed(0)} ms  (${(raidMs / moves).toFixed(2)} ms a move)`,
)
console.log(
  `  replaying its events (baseline)     ${replayMs.toFixed(0)} ms  → playing costs ${(raidMs / replayMs).toFixed(1)} × replaying`,
)

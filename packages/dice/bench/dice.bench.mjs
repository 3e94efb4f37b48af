// `npm run bench -w @blight/dice`: dice throughput and exact-odds timing, every figure quoted as a
// ratio against a baseline measured in the same run (raw PRNG outputs; rpg-dice-roller).
import { DiceRoll } from "@dice-roller/rpg-dice-roller"
import { Bench } from "tinybench"
import { CombatOdds, Pool, Prng, seeded } from "../dist/index.js"

const RAW_BATCH = 1_000_000
const POOL_BATCH = 200_000 // pools of 6 dice
const LIB_BATCH = 2_000 // rpg-dice-roller rolls of 6d6>=4

let sink = 0
const prng = Prng.Prng.fromSeed(1)
const source = seeded(2)

const bench = new Bench({ time: 1500, warmupTime: 300 })
bench
  .add("raw PRNG outputs", () => {
    let x = 0
    for (let i = 0; i < RAW_BATCH; i++) x ^= prng.nextUint32()
    sink ^= x
  })
  .add("6-die pools (Prng.poolCounts)", () => {
    let x = 0
    for (let i = 0; i < POOL_BATCH; i++) x += prng.poolCounts(6)
    sink ^= x
  })
  .add("6-die pools (Pool.rollPool on a DiceSource)", () => {
    let x = 0
    for (let i = 0; i < POOL_BATCH / 20; i++) x += Pool.rollPool(source, { dice: 6 }).successes
    sink ^= x
  })
  .add("rpg-dice-roller 6d6>=4", () => {
    let x = 0
    for (let i = 0; i < LIB_BATCH; i++) x += new DiceRoll("6d6>=4").total
    sink ^= x
  })
  .add("exact Shoot odds, 12 dice vs Armour 6", () => {
    sink ^= CombatOdds.shootOdds({ dice: 12, armour: 6, helmet: true, damage: 1 }).damage.length
  })

await bench.run()

const hz = (name) => {
  const t = bench.tasks.find((x) => x.name === name)
  const r = t?.result
  const v = r?.throughput?.mean ?? r?.hz
  if (!v) throw new Error(`no result for ${name}`)
  return v
}
const raw = hz("raw PRNG outputs") * RAW_BATCH
const pools = hz("6-die pools (Prng.poolCounts)") * POOL_BATCH * 6
const sourcePools = hz("6-die pools (Pool.rollPool on a DiceSource)") * (POOL_BATCH / 20) * 6
const lib = hz("rpg-dice-roller 6d6>=4") * LIB_BATCH * 6
const shootMs = 1000 / hz("exact Shoot odds, 12 dice vs Armour 6")

const fmt = (n) =>
  n >= 1e6 ? `${(n / 1e6).toFixed(1)} M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)} k` : n.toFixed(1)
const rows = [
  ["raw PRNG outputs/s (baseline)", fmt(raw), "1.00×"],
  [
    "dice/s, 6-die pools counted (hot path)",
    fmt(pools),
    `${(pools / raw).toFixed(2)}× raw PRNG (target ≥ 0.5×)`,
  ],
  [
    "dice/s, 6-die pools via DiceSource + PoolRoll",
    fmt(sourcePools),
    `${(sourcePools / raw).toFixed(2)}× raw PRNG`,
  ],
  [
    "dice/s, rpg-dice-roller 6d6>=4",
    fmt(lib),
    `hot path is ${(pools / lib).toFixed(0)}× faster (target ≥ 30×)`,
  ],
  ["exact Shoot odds, 12 dice vs Armour 6 + Helmet", `${shootMs.toFixed(4)} ms`, "target ≤ 1 ms"],
]
console.log(`@blight/dice benchmark — node ${process.version}, ${new Date().toISOString().slice(0, 10)}`)
for (const [a, b, c] of rows) console.log(`${a.padEnd(48)} ${b.padStart(12)}   ${c}`)
if (sink === 0.5) console.log("") // keep the sink alive

// `npm run bench -w @blight/rules`: evaluating a code hook, before and after vocabulary v2, in the
// same run. Before (v1): each call built the hook's facts schema and its decoder (`withFacts` in
// hooks/common.ts) and answered with a note. After (v2): the hook declares its facts schema and
// `defineHook` builds the decoder once; a call decodes and answers typed operations. The "before"
// column re-creates the v1 decoding (the same facts schemas, built and compiled per call) and then
// makes the v2 call, so it pays the v2 cost as well: the ratio is a lower bound of the gain. Fixed
// inputs: the same work every run.
import { SchemaText, Source } from "@blight/dice"
import { Result, Schema } from "effect"
import { Core } from "../dist/index.js"

const hooks = Object.fromEntries(Core.coreHooks.map((h) => [h.name, h]))
const count = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))
const inches = Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 72 }))

/** The v1 call: build the facts schema, decode, then answer (as `withFacts` did). */
const v1 = (makeFacts, answer) => (facts) => {
  const decoded = Schema.decodeUnknownResult(makeFacts())(facts)
  return Result.isSuccess(decoded) ? answer(decoded.success) : { note: SchemaText.tree(decoded.failure) }
}

const cases = [
  {
    hook: "core/carrion-feed",
    params: { radius: 6, health: 1 },
    facts: { distance: 4, health: 2, startingHealth: 4 },
    before: () => Schema.Struct({ distance: inches, health: count, startingHealth: Schema.Int }),
  },
  {
    hook: "core/compare-count",
    params: { what: "meds" },
    facts: { refuge: "a", counts: { a: 1, b: 1 }, tiebreak: { a: 0, b: 2 } },
    before: () =>
      Schema.Struct({
        refuge: Schema.String,
        counts: Schema.Record(Schema.String, count),
        tiebreak: Schema.optional(Schema.Record(Schema.String, count)),
        burnedBy: Schema.optional(Schema.String),
      }),
  },
  {
    hook: "core/choir-in-time",
    params: { radius: 6, creature: "husk" },
    facts: {
      models: Array.from({ length: 8 }, (_, i) => ({
        id: `h${i}`,
        creature: i % 3 === 0 ? "thornhound" : "husk",
        distance: i + 0.5,
        activated: i % 2 === 0,
      })),
    },
    before: () =>
      Schema.Struct({
        models: Schema.Array(
          Schema.Struct({
            id: Schema.String,
            creature: Schema.String,
            distance: inches,
            activated: Schema.Boolean,
          }),
        ),
      }),
  },
]

/** Calls per second of `f`, over about `ms` milliseconds after a warm-up; the best of 3 spells. */
const rate = (f, ms = 700) => {
  for (let i = 0; i < 2000; i++) f()
  let best = 0
  for (let spell = 0; spell < 3; spell++) {
    let n = 0
    const t0 = performance.now()
    let t = t0
    while (t - t0 < ms) {
      for (let k = 0; k < 200; k++) f()
      n += 200
      t = performance.now()
    }
    best = Math.max(best, (n * 1000) / (t - t0))
  }
  return best
}

let sink = 0
const rows = cases.map((c) => {
  const hook = hooks[c.hook]
  if (!hook) throw new Error(`no hook ${c.hook}`)
  const params = Result.getOrThrow(hook.decodeParams(c.params))
  const context = { point: "effect", facts: c.facts, dice: Source.manual([]) }
  // The same answer both ways, so only the decoding differs.
  const answer = (facts) => hook.run({ ...context, facts }, params)
  const after = () => {
    sink ^= Result.isSuccess(hook.run(context, params)) ? 1 : 0
  }
  const beforeCall = v1(c.before, answer)
  const before = () => {
    sink ^= beforeCall(c.facts) ? 1 : 0
  }
  const b = rate(before)
  const a = rate(after)
  return { hook: c.hook, before: b, after: a }
})

const fmt = (n) => Math.round(n).toLocaleString("en-GB")
console.log(
  "hook evaluation (calls per second; before = v1's schema built per call, after = v2's decoder built once)",
)
console.log("| hook | before (v1) | after (v2) | after ÷ before | µs per call before → after |")
console.log("|---|---:|---:|---:|---:|")
for (const r of rows)
  console.log(
    `| \`${r.hook}\` | ${fmt(r.before)} | ${fmt(r.after)} | ${(r.after / r.before).toFixed(1)}× | ${(1e6 / r.before).toFixed(1)} → ${(1e6 / r.after).toFixed(1)} |`,
  )
if (sink === 42) console.log("")

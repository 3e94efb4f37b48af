// The bots' questions on a board, two builds of @blight/rules side by side: `node bench/board-ab.mjs
// OTHER [decisions] [runs]`, OTHER the `dist/index.js` of another build (as for sim-ab.mjs). The
// decisions of board raids (the Cache, the two example rosters, sensible policies) are recorded
// once, with this build; then each build answers, at each, the questions a bot asks before it moves:
// its moves short of contact towards two Loot tokens, two enemies and the centre (`towards`), and
// whether it reaches each of the four (`reach`). Each decision's board is a fresh copy, so nothing
// a build keeps per board is warm: this measures the searches and paths themselves, where a raid's
// figure (sim-ab) swings by more than a change to them on a loaded machine. Alternating which build
// goes first, least CPU time of `runs`; it fails unless both give the same answers.
import { readFileSync } from "node:fs"
import { resolve } from "node:path"
import { pathToFileURL } from "node:url"
import { seeded } from "@blight/dice"
import { Result } from "effect"

const [otherPath, decisionsArg, runsArg] = process.argv.slice(2)
if (!otherPath) {
  console.error("usage: node bench/board-ab.mjs OTHER/dist/index.js [decisions] [runs]")
  process.exit(2)
}
const decisions = Number(decisionsArg ?? 400)
const runs = Number(runsArg ?? 10)
const builds = {
  other: await import(pathToFileURL(resolve(otherPath)).href),
  this: await import("@blight/rules"),
}
const R = builds.this
const roster = (f) =>
  JSON.parse(readFileSync(new URL(`../../../examples/rosters/${f}`, import.meta.url), "utf8"))
const registry = R.coreRegistry()
const refuges = ["refuge.json", "congregation.json"].map((f) =>
  Result.getOrThrow(R.Founding.found(roster(f), registry, { source: seeded(3) })),
)
const pick = R.Policy.sensible(R.Battle.envOf(registry))
const views = []
const recording = (view, legal, context) => {
  const m = view.models.find((x) => x.id === view.activation?.model)
  if (view.board && m?.position && views.length < decisions) views.push(structuredClone(view))
  return pick(view, legal, context)
}
for (let i = 0; views.length < decisions && i < 50; i++)
  Result.getOrThrow(
    R.SimRaid.simulate(
      { refuges, scenario: "cache", table: "board", policies: [recording], seed: 1 },
      registry,
      i,
    ),
  )

const ask = (B) => {
  const out = []
  for (const view of views) {
    const m = view.models.find((x) => x.id === view.activation.model)
    const board = B.Ground.ruled({ ...view.board }, registry)
    const subjects = [
      ...view.tokens
        .filter((t) => t.kind === "loot")
        .map((t) => t.id)
        .slice(0, 2),
      ...view.models
        .filter((o) => o.side !== m.side && o.status === "active")
        .map((o) => o.id)
        .slice(0, 2),
      "centre",
    ]
    const inches = B.Policy.allowanceOf(m, false)
    out.push(JSON.stringify([...B.PlaneSpace.towards(view, board, m, subjects, inches)]))
    for (const b of subjects.slice(0, -1))
      out.push(B.PlaneSpace.answer(view, board, { q: "reach", a: m.id, b, inches }))
  }
  return out.join("|")
}

const best = { other: Number.POSITIVE_INFINITY, this: Number.POSITIVE_INFINITY }
const answers = {}
for (let r = 0; r < runs; r++)
  for (const k of r % 2 === 0 ? ["other", "this"] : ["this", "other"]) {
    const c0 = process.cpuUsage()
    answers[k] = ask(builds[k])
    const c = process.cpuUsage(c0)
    best[k] = Math.min(best[k], (c.user + c.system) / 1000)
  }
const same = answers.other === answers.this
console.log(
  `board questions, ${views.length} decisions, least CPU time of ${runs} runs: other ${best.other.toFixed(0)} ms, this ${best.this.toFixed(0)} ms: ${(best.other / best.this).toFixed(2)}× (${same ? "the same answers" : "DIFFERENT ANSWERS"})`,
)
console.log(
  `load average: ${(await import("node:os"))
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
)
if (!same) process.exit(1)

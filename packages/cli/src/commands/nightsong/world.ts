/**
 * `blight nightsong world`: generate a Living World Land (N-WORLD, N-REGION, N-FACTION) from a seed,
 * print a readable summary or one JSON object, and optionally write its SVG hex map.
 */
import { writeFile } from "node:fs/promises"
import { resolve } from "node:path"
import { seeded } from "@blight/dice"
import { World } from "@blight/nightsong"
import { type Command, EXIT, intArg, parse, UsageError, writeJson } from "../../Command.js"
import { seedFrom } from "../../Seed.js"

const usage = `usage: blight nightsong world [--seed N] [--sessions N] [--json] [--svg FILE]
  --seed N      replay a Land (without it a fresh seed is drawn and shown)
  --sessions N  then roll every Faction's Goal Die for N sessions (default 0, at most 100)
  --json        print the World as one JSON object
  --svg FILE    write the hex map as SVG to FILE (relative to the working directory)`

const options = {
  seed: { type: "string" },
  sessions: { type: "string" },
  json: { type: "boolean" },
  svg: { type: "string" },
} as const

const hexList = (hexes: readonly number[]): string => [...hexes].sort((a, b) => a - b).join(", ")

/** A readable summary of a Land. */
export const summary = (w: World.World): string => {
  const regionName = new Map(w.regions.map((r) => [r.id, r.name]))
  const factionName = new Map(w.factions.map((f) => [f.id, f.name]))
  const lines = [
    `Nightsong Land${w.seed === undefined ? "" : ` (seed ${w.seed})`}: ${w.hexes.length} hexes of ${w.map.hexMiles} miles, ${w.regions.length} Regions, ${w.factions.length} Factions${w.session > 0 ? `, after ${w.session} session(s)` : ""}`,
    "",
    "Regions",
  ]
  for (const r of w.regions) {
    lines.push(
      `  ${r.name}: ${r.type}, ${r.vegetation} vegetation, hex ${hexList(r.hexes)}`,
      `    ${r.feature} · ${r.descriptor} · Spark: ${r.spark.theme} + ${r.spark.action}`,
      `    Factions: ${r.factions.map((f) => factionName.get(f)).join(", ")}`,
    )
  }
  lines.push("", "Factions")
  w.factions.forEach((f, i) => {
    lines.push(
      `  ${String(i + 1).padStart(2)} ${f.name} (${f.type}, of ${regionName.get(f.region)}): wants ${f.wants} through ${f.through}; has ${f.has}; is ${f.is}`,
      `     territory hex ${hexList(f.territory)} · Goal Die ${f.goal.toUpperCase()}${f.goalsReached > 0 ? ` · goals reached ${f.goalsReached}` : ""}`,
    )
  })
  if (w.chronicle.length > 0) {
    lines.push("", "Chronicle")
    for (const c of w.chronicle) lines.push(`  session ${c.session}: ${c.text}`)
  }
  return lines.join("\n")
}

export const world: Command = {
  name: "world",
  summary: "generate a Living World Land, its Regions and Factions, and an SVG map",
  usage,
  run: async (args, io) => {
    const { values: o, positionals } = parse(args, options)
    if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`)
    if (o.svg !== undefined && o.svg.trim() === "") throw new UsageError("--svg: a file name is required")
    const seed = seedFrom(o.seed)
    const sessions = o.sessions === undefined ? 0 : intArg(o.sessions, "--sessions", { min: 0, max: 100 })
    // One source for the whole run, so `--seed N --sessions K` always replays the same history.
    const source = seeded(seed)
    let land: World.World = { seed, ...World.generateWorld(source) }
    for (let i = 0; i < sessions; i++) land = World.advanceFactions(land, source).world
    let svgPath: string | undefined
    if (o.svg !== undefined) {
      svgPath = resolve(io.cwd ?? process.cwd(), o.svg)
      await writeFile(svgPath, World.renderSvg(land), "utf8")
    }
    if (o.json) writeJson(io, svgPath === undefined ? land : { ...land, svg: svgPath })
    else io.stdout.write(`${summary(land)}\n${svgPath === undefined ? "" : `\nmap written to ${svgPath}\n`}`)
    return EXIT.ok
  },
}

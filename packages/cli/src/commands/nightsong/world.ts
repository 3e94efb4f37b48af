/**
 * `blight nightsong world`: generate a Living World Land (N-WORLD, N-REGION, N-FACTION) from a seed,
 * or load one saved before, advance it by sessions of Faction clocks (N-FACTION-06), print a readable
 * summary or one JSON object, and optionally save it and write its SVG hex map.
 */
import { writeFile } from "node:fs/promises"
import { resolve } from "node:path"
import { seeded } from "@blight/dice"
import { World } from "@blight/nightsong"
import { parseBounded, readBounded, writeAtomic } from "../../BoundedFile.js"
import { type Command, EXIT, type Io, intArg, parse, UsageError, writeJson } from "../../Command.js"
import { seedFrom } from "../../Seed.js"

const usage = `usage: blight nightsong world [--seed N] [--sessions N] [--json] [--svg FILE] [--save FILE]
       blight nightsong world --load FILE [--sessions N] [--seed N] [--json] [--svg FILE] [--save FILE]
  --seed N      replay a Land (without it a fresh seed is drawn and shown); with --load, the seed of
                the sessions' dice
  --load FILE   a Land saved with --save (or printed with --json): advance it instead of making one
  --sessions N  then roll every Faction's Goal Die for N sessions (default 0, at most 100)
  --json        print the World as one JSON object
  --save FILE   write the World as JSON to FILE, the format --load reads (FILE may be the loaded one)
  --svg FILE    write the hex map as SVG to FILE (files are relative to the working directory)`

const options = {
  seed: { type: "string" },
  sessions: { type: "string" },
  json: { type: "boolean" },
  svg: { type: "string" },
  load: { type: "string" },
  save: { type: "string" },
} as const

/** A saved Land is small (a few dozen KiB); 4 MiB bounds a hand-edited or hostile one. */
const MAX_LAND_BYTES = 4 * 1024 * 1024

/** What `--json` adds to a World besides the World itself; a Land read back sheds them. */
const PRINTED_ONLY = ["svg", "advanced"] as const

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

/** Reads a saved Land: bounded, JSON, a World that holds together; every error names the file. */
export const loadLand = async (file: string, io: Io): Promise<World.World> => {
  const json = parseBounded(await readBounded(file, io, MAX_LAND_BYTES), file)
  if (typeof json !== "object" || json === null || Array.isArray(json))
    throw new UsageError(
      `${file}: a saved Land is one JSON object, as \`blight nightsong world --save\` writes`,
    )
  const land = Object.fromEntries(
    Object.entries(json).filter(([k]) => !(PRINTED_ONLY as readonly string[]).includes(k)),
  )
  try {
    return World.loadWorld(land)
  } catch (e) {
    throw new UsageError(`${file}: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}`)
  }
}

export const world: Command = {
  name: "world",
  summary: "generate a Living World Land, or load a saved one, advance it by sessions, map it as SVG",
  usage,
  run: async (args, io) => {
    const { values: o, positionals } = parse(args, options)
    if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`)
    for (const k of ["svg", "save", "load"] as const)
      if (o[k] !== undefined && o[k].trim() === "") throw new UsageError(`--${k}: a file name is required`)
    const sessions = o.sessions === undefined ? 0 : intArg(o.sessions, "--sessions", { min: 0, max: 100 })
    const loaded = o.load === undefined ? undefined : await loadLand(o.load, io)
    const seed = seedFrom(o.seed)
    // One source for the whole run, so `--seed N --sessions K` always replays the same history.
    const source = seeded(seed)
    let land: World.World = loaded ?? { seed, ...World.generateWorld(source) }
    for (let i = 0; i < sessions; i++) land = World.advanceFactions(land, source).world
    const cwd = io.cwd ?? process.cwd()
    const svgPath = o.svg === undefined ? undefined : resolve(cwd, o.svg)
    const savePath = o.save === undefined ? undefined : resolve(cwd, o.save)
    if (svgPath !== undefined) await writeFile(svgPath, World.renderSvg(land), "utf8")
    if (savePath !== undefined) await writeAtomic(savePath, `${JSON.stringify(land)}\n`, "land")
    const advanced = loaded === undefined ? undefined : { seed, sessions }
    if (o.json)
      writeJson(io, {
        ...land,
        ...(svgPath === undefined ? {} : { svg: svgPath }),
        ...(advanced === undefined ? {} : { advanced }),
      })
    else {
      const notes = [
        advanced === undefined
          ? ""
          : `\nloaded from ${o.load}; advanced ${sessions} session(s) with seed ${seed}\n`,
        svgPath === undefined ? "" : `\nmap written to ${svgPath}\n`,
        savePath === undefined ? "" : `\nLand saved to ${savePath}\n`,
      ]
      io.stdout.write(`${summary(land)}\n${notes.join("")}`)
    }
    return EXIT.ok
  },
}

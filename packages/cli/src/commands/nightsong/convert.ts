/**
 * `blight nightsong convert --from SYSTEM FILE`: convert a creature's stat block (a JSON file) from
 * MÖRK BORG, Cairn, Knave, Old-School Essentials or DCC to a Nightsong NPC (N-CONVERSION-*).
 */
import { readFile } from "node:fs/promises"
import { resolve } from "node:path"
import { Conversion } from "@blight/nightsong"
import { type Command, EXIT, parse, UsageError, writeJson } from "../../Command.js"

const systems = Conversion.SYSTEMS.join("|")

const usage = `usage: blight nightsong convert --from ${systems} FILE [--json]
  FILE is a JSON stat block; see examples/nightsong/ for one per system.`

const options = { from: { type: "string" }, json: { type: "boolean" } } as const

const isSystem = (s: string): s is Conversion.System => (Conversion.SYSTEMS as readonly string[]).includes(s)

export const convert: Command = {
  name: "convert",
  summary: "convert a MÖRK BORG, Cairn, Knave, OSE or DCC stat block to a Nightsong NPC",
  usage,
  run: async (args, io) => {
    const { values: o, positionals } = parse(args, options)
    if (o.from === undefined) throw new UsageError(`--from is required (one of: ${systems})`)
    if (!isSystem(o.from)) throw new UsageError(`--from: one of ${systems}, got ${JSON.stringify(o.from)}`)
    const [file, extra] = positionals
    if (file === undefined) throw new UsageError("which stat block? give a JSON FILE")
    if (extra !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(extra)}`)
    let text: string
    try {
      text = await readFile(resolve(io.cwd ?? process.cwd(), file), "utf8")
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code
      throw new UsageError(
        `${file}: ${code === "ENOENT" ? "no such file" : `cannot be read (${code ?? String(e)})`}`,
      )
    }
    let block: unknown
    try {
      block = JSON.parse(text)
    } catch (e) {
      throw new UsageError(`${file}: not JSON (${e instanceof Error ? e.message : String(e)})`)
    }
    let npc: Conversion.NightsongNpc
    try {
      npc = Conversion.convert(o.from, block)
    } catch (e) {
      if (e instanceof Conversion.ConversionError) throw new UsageError(`${file}: ${e.message}`)
      throw e
    }
    if (o.json) writeJson(io, npc)
    else io.stdout.write(`${Conversion.formatNpc(npc)}\n`)
    return EXIT.ok
  },
}

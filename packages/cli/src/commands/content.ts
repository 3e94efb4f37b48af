/**
 * `blight content list KIND [--pack FILE…] [--json]`: the entries of one kind in the core pack
 * (and any packs given), each with its id, name, provenance and the pack it came from.
 */
import { formatProblem, Ids, loadWithCore } from "@blight/rules"
import { Either } from "effect"
import { type Command, EXIT, parse, UsageError, writeJson } from "../Command.js"
import { readPacks } from "./pack.js"

const kinds = Ids.KINDS.join(", ")

const usage = `usage:
  blight content list KIND [--pack FILE…] [--json]
KIND: ${kinds}
options: --pack FILE (repeatable) loads homebrew packs on top of the core pack; --json prints a JSON array`

/** The `content` verb. */
export const content: Command = {
  name: "content",
  summary: "list the entries of a kind in the core pack (and homebrew packs)",
  usage,
  run: async (args, io) => {
    const { values: o, positionals } = parse(args, {
      json: { type: "boolean" },
      pack: { type: "string", multiple: true },
    } as const)
    const [sub, kind, extra] = positionals
    if (sub !== "list")
      throw new UsageError(
        sub === undefined
          ? "what? e.g. `blight content list backgrounds`"
          : `unknown subcommand ${JSON.stringify(sub)} (try: list)`,
      )
    if (kind === undefined) throw new UsageError(`which kind? one of: ${kinds}`)
    if (!(Ids.KINDS as readonly string[]).includes(kind))
      throw new UsageError(`unknown kind ${JSON.stringify(kind)}; one of: ${kinds}`)
    if (extra !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(extra)}`)
    const read = await readPacks(o.pack ?? [], io)
    const loaded = loadWithCore(read.inputs)
    if (read.problems.length > 0 || Either.isLeft(loaded)) {
      const problems = [...read.problems, ...(Either.isLeft(loaded) ? loaded.left.problems : [])]
      for (const p of problems) io.stderr.write(`${formatProblem(p)}\n`)
      return EXIT.failed
    }
    const rows = loaded.right.listSourced(kind as Ids.Kind).map((s) => ({
      id: s.entry.id,
      name: s.entry.name,
      provenance: s.entry.provenance,
      pack: s.pack,
      ...(s.replaced === undefined ? {} : { replaces: s.replaced }),
    }))
    if (o.json) writeJson(io, rows)
    else {
      const w = Math.max(2, ...rows.map((r) => r.id.length))
      for (const r of rows) io.stdout.write(`${r.id.padEnd(w)}  ${r.name}  [${r.provenance}, ${r.pack}]\n`)
    }
    return EXIT.ok
  },
}

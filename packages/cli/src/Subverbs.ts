/**
 * A verb made of sub-verbs (`blight raid do …`, `blight nightsong game do …`): the first argument
 * picks the sub-verb, `--help` anywhere prints the usage, and a missing or unknown sub-verb is
 * one line naming the ones there are.
 */
import { EXIT, type Io, UsageError } from "./Command.js"

/** A sub-verb: its arguments in, an exit code back. */
export type Subverb = (args: readonly string[], io: Io) => Promise<number>

/** Runs the sub-verb `args` names. */
export const runSubverb = (
  subverbs: Readonly<Record<string, Subverb>>,
  usage: string,
  args: readonly string[],
  io: Io,
): Promise<number> => {
  const [sub, ...rest] = args
  const names = Object.keys(subverbs).join(", ")
  if (sub === undefined) throw new UsageError(`a sub-verb is required (one of: ${names})`)
  if (sub === "--help" || sub === "-h" || rest.includes("--help") || rest.includes("-h")) {
    io.stdout.write(`${usage}\n`)
    return Promise.resolve(EXIT.ok)
  }
  const run = Object.hasOwn(subverbs, sub) ? subverbs[sub] : undefined
  if (!run) throw new UsageError(`unknown sub-verb ${JSON.stringify(sub)} (one of: ${names})`)
  return run(rest, io)
}

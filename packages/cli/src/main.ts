/**
 * `blight`: the command-line face of the SDK. `main` takes the arguments and an output pair and
 * resolves to the exit code; bin/blight.js wires it to the process.
 */
import { createRequire } from "node:module"
import { EXIT, type Io, UsageError } from "./Command.js"
import { commands, verbs } from "./commands/index.js"

export type { Command, Io } from "./Command.js"

// The version is the package's own, read when asked: dist/main.js sits one folder below
// package.json, the binary's bundle (dist/bundle/main.js) two.
const version = (): string => {
  const require = createRequire(import.meta.url)
  for (const up of ["../package.json", "../../package.json"]) {
    try {
      const p = require(up) as { readonly name?: string; readonly version: string }
      if (p.name === "@blight/cli") return p.version
    } catch {}
  }
  return "unknown"
}

/** `blight --help`: from the table of verbs, loading none of them. */
const help = (io: Io): number => {
  const lines = ["usage: blight <verb> [arguments] [--seed N] [--json]", "", "verbs:"]
  for (const [name, verb] of Object.entries(verbs)) lines.push(`  ${name.padEnd(10)} ${verb.summary}`)
  lines.push(
    "",
    "blight <verb> --help shows a verb's usage.",
    "A broken rule ends with its clause or ruling ID (B-…, N-…, R-…): the repository's",
    "docs/rules-reference.md explains each, under the ID in lower case (#b-founding-03).",
  )
  io.stdout.write(`${lines.join("\n")}\n`)
  return EXIT.ok
}

/** Runs the CLI. Never throws: bad arguments print one line and return 2; other failures 1. */
export const main = async (argv: readonly string[], io: Io): Promise<number> => {
  const [verb, ...rest] = argv
  if (verb === undefined || verb === "--help" || verb === "-h" || verb === "help") return help(io)
  if (verb === "--version") {
    io.stdout.write(`${version()}\n`)
    return EXIT.ok
  }
  const load = Object.hasOwn(commands, verb) ? commands[verb] : undefined
  if (!load) {
    io.stderr.write(
      `blight: unknown verb ${JSON.stringify(verb)} (try: ${Object.keys(commands).join(", ")})\n`,
    )
    return EXIT.usage
  }
  const command = await load()
  if (!command.handlesHelp && (rest.includes("--help") || rest.includes("-h"))) {
    io.stdout.write(`${command.usage}\n`)
    return EXIT.ok
  }
  try {
    return await command.run(rest, io)
  } catch (e) {
    // A typed SDK error (it has a _tag) means the input broke a rule: still a usage problem.
    // (By name too: `blight sim` runs unbundled beside the binary's bundle, with its own copy of the class.)
    const usage = e instanceof UsageError || (e instanceof Error && e.name === "UsageError")
    if (usage || (typeof e === "object" && e !== null && "_tag" in e)) {
      io.stderr.write(`blight ${verb}: ${e instanceof Error ? e.message : String(e)}\n`)
      return EXIT.usage
    }
    // Anything else is a failure of the job itself, shown in one line, never as a stack trace.
    const message = e instanceof Error ? e.message : String(e)
    io.stderr.write(`blight ${verb}: ${message}\n`)
    return EXIT.failed
  }
}

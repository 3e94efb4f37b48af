/**
 * `blight`: the command-line face of the SDK. `main` takes the arguments and an output pair and
 * resolves to the exit code; bin/blight.js wires it to the process.
 */
import { createRequire } from "node:module"
import { EXIT, type Io, UsageError } from "./Command.js"
import { commands } from "./commands/index.js"

export type { Command, Io } from "./Command.js"

// The version is the package's own (dist/main.js sits one folder below package.json).
const { version } = createRequire(import.meta.url)("../package.json") as { readonly version: string }

const help = async (io: Io): Promise<number> => {
  const lines = ["usage: blight <verb> [arguments] [--seed N] [--json]", "", "verbs:"]
  for (const [name, load] of Object.entries(commands))
    lines.push(`  ${name.padEnd(10)} ${(await load()).summary}`)
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
    io.stdout.write(`${version}\n`)
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
    if (e instanceof UsageError || (typeof e === "object" && e !== null && "_tag" in e)) {
      io.stderr.write(`blight ${verb}: ${e instanceof Error ? e.message : String(e)}\n`)
      return EXIT.usage
    }
    // Anything else is a failure of the job itself, shown in one line, never as a stack trace.
    const message = e instanceof Error ? e.message : String(e)
    io.stderr.write(`blight ${verb}: ${message}\n`)
    return EXIT.failed
  }
}

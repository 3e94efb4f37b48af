/**
 * The shape every `blight` verb shares: arguments in, text out, an exit code back.
 * Verbs never call `process.exit`, so tests run them in-process.
 */
import { type ParseArgsConfig, parseArgs } from "node:util"

/** Where a verb writes. */
export interface Io {
  readonly stdout: { write(chunk: string): unknown }
  readonly stderr: { write(chunk: string): unknown }
  /** The directory relative paths are read from (default: process.cwd()). */
  readonly cwd?: string
}

/** A verb: `blight <name> …args`. Resolves to the exit code. */
export interface Command {
  readonly name: string
  /** One line for `blight --help`. */
  readonly summary: string
  /** Full usage text for `blight <name> --help`. */
  readonly usage: string
  readonly run: (args: readonly string[], io: Io) => Promise<number>
  /** A verb with sub-verbs answers `--help` itself (for the sub-verb asked about). */
  readonly handlesHelp?: boolean
}

/** Bad arguments: printed as one line, exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError"
}

/** Exit codes. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const

type Options = NonNullable<ParseArgsConfig["options"]>

/** `node:util` parseArgs, strict, with errors rewritten as one readable {@link UsageError}. */
export const parse = <O extends Options>(
  args: readonly string[],
  options: O,
): {
  values: ReturnType<typeof parseArgs<{ options: O; allowPositionals: true; strict: true }>>["values"]
  positionals: string[]
} => {
  let parsed: ReturnType<typeof parseArgs<{ options: O; allowPositionals: true; strict: true; tokens: true }>>
  try {
    parsed = parseArgs({ args: [...args], options, allowPositionals: true, strict: true, tokens: true })
  } catch (e) {
    const msg = e instanceof Error ? e.message.split("\n")[0]! : String(e)
    // node's "argument is ambiguous": a value starting with "-" (a negative number) is taken for an option.
    const dashed = /^Option '(-[^']+)' argument is ambiguous/.exec(msg)
    if (dashed) throw new UsageError(`${dashed[1]}: a value starting with "-" is written ${dashed[1]}=VALUE`)
    // node's hint for an unknown option is about positionals starting with "-": apt for a negative
    // number, misleading for a flag this verb does not take (say which it does take instead).
    const unknown = /^Unknown option '([^']+)'/.exec(msg)
    if (unknown && /^-\d/.test(unknown[1]!))
      throw new UsageError(`${unknown[1]}: a negative number is written after "--", as in -- ${unknown[1]}`)
    if (unknown) {
      const known = Object.keys(options).map((k) => `--${k}`)
      throw new UsageError(
        `unknown option ${unknown[1]}${known.length ? ` (this takes ${known.join(", ")})` : ""}`,
      )
    }
    throw new UsageError(msg.replace(/^.*?: /, "").replace(/\.$/, ""))
  }
  // node keeps the last of a repeated option silently: `--raids 5 --raids 6` is refused instead.
  const seen = new Set<string>()
  for (const t of parsed.tokens) {
    if (t.kind !== "option" || options[t.name]?.type !== "string" || options[t.name]?.multiple) continue
    if (seen.has(t.name)) throw new UsageError(`--${t.name}: given more than once; give it once`)
    seen.add(t.name)
  }
  return { values: parsed.values, positionals: parsed.positionals }
}

/** Reads a whole number option/argument, or throws a {@link UsageError} naming it. */
export const intArg = (
  value: string | undefined,
  name: string,
  { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER }: { min?: number; max?: number } = {},
): number => {
  if (value === undefined) throw new UsageError(`${name}: a number is required`)
  if (!/^-?\d+$/.test(value.trim()))
    throw new UsageError(`${name}: expected a whole number, got ${JSON.stringify(value)}`)
  const n = Number(value)
  // The text as given: past 2^53 the parsed number is not what was typed.
  if (n < min || n > max) throw new UsageError(`${name}: expected ${min} to ${max}, got ${value.trim()}`)
  return n
}

/** Writes one JSON object and a newline. */
export const writeJson = (io: Io, value: unknown): void => {
  io.stdout.write(`${JSON.stringify(value)}\n`)
}

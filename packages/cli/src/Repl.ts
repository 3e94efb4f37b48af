/**
 * One process for a whole game at the table: a prompt loop on `node:readline` (its line editing,
 * history and tab completion), or the same loop fed from a script. A game (`raid play`,
 * `campaign play`) supplies a {@link Session}; this module reads the lines and hands them over.
 *
 * At a terminal a refused line is reported and the loop goes on; from a script (`--script FILE`,
 * or stdin that is not a terminal) each line is echoed after `> `, and the first refused line
 * stops the loop with exit code 2 and a message naming the line.
 */
import { createInterface } from "node:readline"
import { EXIT, type Io, UsageError } from "./Command.js"

/** What a line did: accepted (saved), refused (nothing changed, with why), or asked to stop. */
export type Outcome =
  | { readonly kind: "ok" }
  | { readonly kind: "refused"; readonly why: string }
  | { readonly kind: "quit" }

export interface Session {
  /** The command, for messages: `blight raid play`. */
  readonly name: string
  /** Shown at the start and after every line: whose turn, what is waiting. */
  readonly status: () => string
  /** The prompt readline shows at a terminal. */
  readonly prompt: () => string
  /** The lines that may be typed now, for tab completion. */
  readonly completions: () => readonly string[]
  /** Does one line (never empty, never a comment), writing what happened to `io.stdout`. */
  readonly handle: (line: string) => Promise<Outcome>
}

/** The input stream a REPL reads: the Io's own, or the process's. */
export interface Input extends NodeJS.ReadableStream {
  readonly isTTY?: boolean
}

/** Splits a typed line into words as a POSIX shell would: 'single', "double" (with \ escapes) and \x. */
export const splitLine = (line: string): string[] => {
  const words: string[] = []
  let word: string | undefined
  let quote: "'" | '"' | undefined
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!
    if (quote === "'") {
      if (c === "'") quote = undefined
      else word = (word ?? "") + c
    } else if (quote === '"') {
      if (c === '"') quote = undefined
      else if (c === "\\" && i + 1 < line.length && /["\\$`]/.test(line[i + 1]!))
        word = (word ?? "") + line[++i]
      else word = (word ?? "") + c
    } else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word)
      word = undefined
    } else if (c === "'" || c === '"') {
      quote = c
      word ??= ""
    } else if (c === "\\" && i + 1 < line.length) word = (word ?? "") + line[++i]
    else word = (word ?? "") + c
  }
  if (quote) throw new UsageError(`unclosed ${quote} quote in ${JSON.stringify(line.slice(0, 80))}`)
  if (word !== undefined) words.push(word)
  return words
}

/** Tab completion: the candidates that start with the line, or all of them for an empty line. */
export const complete = (candidates: readonly string[], line: string): [string[], string] => {
  const hits = candidates.filter((c) => c.startsWith(line))
  return [hits.length ? [...new Set(hits)] : [], line]
}

const isBlank = (line: string) => line.trim() === "" || line.trim().startsWith("#")

/** Plays lines from a script: echoes each, stops at the first refused one (exit 2). */
const runScript = async (
  session: Session,
  lines: AsyncIterable<string> | Iterable<string>,
  where: string,
  io: Io,
): Promise<number> => {
  let n = 0
  for await (const raw of lines) {
    n++
    if (isBlank(raw)) continue
    const line = raw.trim()
    io.stdout.write(`> ${line}\n`)
    const r = await session.handle(line)
    if (r.kind === "quit") return EXIT.ok
    if (r.kind === "refused") {
      io.stderr.write(
        `${session.name}: ${where} line ${n}: ${JSON.stringify(line.slice(0, 120))}: ${r.why}\n`,
      )
      return EXIT.usage
    }
    io.stdout.write(`${session.status()}\n`)
  }
  return EXIT.ok
}

/** The interactive loop: readline at a terminal, with completion and history; a refused line is shown, and play goes on. */
const runTerminal = async (session: Session, input: Input, io: Io): Promise<number> => {
  const output = io.stdout as NodeJS.WritableStream
  const rl = createInterface({
    input,
    output,
    terminal: true,
    historySize: 1000,
    removeHistoryDuplicates: true,
    completer: (line: string) => complete(session.completions(), line),
  })
  try {
    io.stdout.write(`${session.status()}\n`)
    rl.setPrompt(session.prompt())
    rl.prompt()
    for await (const raw of rl) {
      if (!isBlank(raw)) {
        const r = await session.handle(raw.trim())
        if (r.kind === "quit") break
        if (r.kind === "refused") io.stderr.write(`${r.why}\n`)
        else io.stdout.write(`${session.status()}\n`)
      }
      rl.setPrompt(session.prompt())
      rl.prompt()
    }
  } finally {
    rl.close()
  }
  return EXIT.ok
}

/**
 * Runs a session: from `script` lines when given (named `where` in messages), else at the
 * terminal when `input` is one, else from `input`'s lines as a script.
 */
export const runRepl = async (
  session: Session,
  io: Io,
  input: Input,
  script?: { readonly lines: readonly string[]; readonly where: string },
): Promise<number> => {
  if (script) {
    io.stdout.write(`${session.status()}\n`)
    return runScript(session, script.lines, script.where, io)
  }
  if (input.isTTY) return runTerminal(session, input, io)
  io.stdout.write(`${session.status()}\n`)
  const rl = createInterface({ input, terminal: false, crlfDelay: Number.POSITIVE_INFINITY })
  try {
    return await runScript(session, rl, "stdin", io)
  } finally {
    rl.close()
  }
}

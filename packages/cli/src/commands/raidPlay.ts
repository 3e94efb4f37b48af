/**
 * `blight raid play RAID [--script FILE] [--as SIDE]`: a whole raid in one process. It works on the
 * same raid file as `blight raid do` (re-read when another command changed it, written atomically
 * after every accepted command), so a raid moves freely between `play` and single commands.
 * The lines are the word form of `blight raid do`, plus the table's own words and shortcuts
 * ({@link HELP}).
 */
import { stat } from "node:fs/promises"
import { Battle, type BattleCommand, type BattleEvent, type BattleState, Policy } from "@blight/rules"
import { Result } from "effect"
import { type Io, parse, UsageError } from "../Command.js"
import { type Input, type Outcome, runRepl, type Session, splitLine } from "../Repl.js"
import { type Content, contentFrom, type Env, envFor, readBounded, readRaid, writeRaid } from "./raidFile.js"
import { eventWords, type Names, namesOf, onTurn, promptWords, resultWords, stateLines } from "./raidSay.js"
import { factWords, fromWords, GRAMMAR, toLine } from "./raidWords.js"

export const PLAY_USAGE = `usage: blight raid play RAID [--script FILE] [--as SIDE] [--pack FILE]…
  play a raid at the table in one process: type the word form of \`blight raid do\` (TAB completes
  the commands legal now); the file is saved after every accepted command
  --script FILE   read the lines from FILE (as from a pipe): each is echoed, and the first refused
                  line stops play with exit 2
  --as SIDE       play as SIDE: commands are given by it, and TAB offers only its commands`

export const HELP = `At the prompt, besides every command of the word form (below):
  help                 this text
  legal                what may be done now, one command a line (TAB completes them)
  show                 the raid for people, as \`blight raid show\`
  yes | no             answer the waiting yes/no question about the table
  creatures no         answer "no" to every yes/no question the creatures' actions ask (is a model
                       within a creature's Senses, does it see one…), one after another, until a
                       player must act: the table says the creatures are far off
  undo                 back to before the last command, never past a dice roll
  quit | exit          leave (the file is already saved); Ctrl-D too
Lines starting with # are comments.

${GRAMMAR}`

const MAX_SCRIPT_BYTES = 1024 * 1024
/** A bound on one shortcut's answers, far past any raid's questions in a row. */
const MAX_ANSWERS = 10_000

type Raid = { events: ReadonlyArray<BattleEvent.Event>; state: BattleState.State }

/** The yes/no question waiting, if one is. */
const yesNo = (s: BattleState.State) => {
  const p = s.pending?.prompt
  return p?.kind === "fact" && p.options.length === 2 && p.options.every((o) => typeof o === "boolean")
    ? p
    : undefined
}

/** Is the waiting question a yes/no one about a creature (one of its subjects is a creature)? */
const creatureQuestion = (s: BattleState.State) => {
  const p = yesNo(s)
  if (!p) return undefined
  const q = p.query as { a: string; b?: string }
  const creature = (id: string | undefined) => s.models.some((m) => m.id === id && m.kind === "creature")
  return creature(q.a) || creature(q.b) ? p : undefined
}

class RaidSession implements Session {
  readonly name = "blight raid play"
  private raid: Raid
  private names: Names
  /** The legal commands as lines, worked out when first asked for (TAB, `legal`) after a change. */
  private legalCache: string[] | undefined
  private all: BattleCommand.Command[] = []
  private turn: string | undefined
  private stamp = ""
  /** How many of the events are as decoded from a file (the rest as the engine made them). */
  private decoded: number
  /** The campaign marker of a campaign raid, written back with every command (R-CAMPAIGN-40). */
  private campaign: unknown

  constructor(
    private readonly file: string,
    private readonly path: string,
    raid: Raid & { readonly campaign?: unknown },
    private env: Env,
    private readonly content: Content,
    private readonly by: string,
    private readonly io: Io,
  ) {
    this.raid = { events: raid.events, state: raid.state }
    this.campaign = raid.campaign
    this.decoded = raid.events.length
    this.names = namesOf(raid.state, env.content, raid.events)
    this.refresh()
  }

  /** Re-derives what depends on the state: names, who is on turn; the legal lines are dropped. */
  private refresh(): void {
    const { state, events } = this.raid
    this.names = namesOf(state, this.env.content, events)
    this.all = Battle.legal(state, this.env)
    const w = this.all.find((c) => c.type === "withdraw")
    this.turn = onTurn(state, w?.type === "withdraw" ? w.side : undefined)
    this.legalCache = undefined
  }

  /** What may be done now (by the side played), as lines; on a board, moves to concrete points. */
  private get legalLines(): string[] {
    if (this.legalCache) return this.legalCache
    const { state } = this.raid
    const mine = this.by === "any" ? this.all : Battle.legal(state, this.env, this.by)
    const listed = state.board ? Policy.boardCommands(state, mine, this.env.content) : mine
    this.legalCache = listed.map(toLine)
    return this.legalCache
  }

  async remember(): Promise<void> {
    const s = await stat(this.path)
    this.stamp = `${s.mtimeMs}:${s.size}`
  }

  /** Another command (`blight raid do`) changed the file since: play on from what it holds now. */
  private async reloadIfChanged(): Promise<void> {
    const s = await stat(this.path)
    if (`${s.mtimeMs}:${s.size}` === this.stamp) return
    const fresh = await readRaid(this.file, this.io)
    this.raid = { events: fresh.events, state: fresh.state }
    this.campaign = fresh.campaign
    this.decoded = fresh.events.length
    this.env = envFor(fresh.state, this.content)
    this.stamp = `${s.mtimeMs}:${s.size}`
    this.refresh()
    this.io.stdout.write(
      `(${this.file} was changed by another command: ${fresh.events.length} events, read again)\n`,
    )
  }

  status(): string {
    const s = this.raid.state
    if (s.result) return `the raid is over: ${resultWords(s.result, this.names)} (undo, show or quit)`
    const act = s.activation ? `, activating: ${this.names.model(s.activation.model)}` : ""
    const head = `round ${s.round}, ${s.phase}${this.turn ? `, on turn: ${this.names.side(this.turn)}` : ""}${act}`
    const p = s.pending?.prompt
    return p ? `${head}\nwaiting: ${promptWords(p, this.names).replace("blight raid do RAID ", "")}` : head
  }

  prompt(): string {
    const p = this.raid.state.pending?.prompt
    const who = p && p.by !== "any" ? p.by : this.turn
    return `${who ?? "raid"}> `
  }

  completions(): readonly string[] {
    const words = ["help", "legal", "show", "undo", "quit"]
    if (yesNo(this.raid.state)) words.push("yes", "no")
    if (creatureQuestion(this.raid.state)) words.push("creatures no")
    return [...this.legalLines, ...words]
  }

  /**
   * The events of earlier commands as `blight raid do` writes them back: decoded from the file, so
   * in the schema's key order. With it, play leaves the file byte for byte as single commands do.
   */
  private settle(): void {
    const { events } = this.raid
    if (this.decoded === events.length) return
    const d = Battle.decodeEvents(JSON.parse(JSON.stringify(events.slice(this.decoded))))
    if (Result.isFailure(d)) return // kept as made: the same values, only the key order differs
    this.raid = { events: [...events.slice(0, this.decoded), ...d.success], state: this.raid.state }
    this.decoded = events.length
  }

  /** Applies one command; refused, it changes nothing. */
  private async apply(command: BattleCommand.Command): Promise<Outcome> {
    this.settle()
    const r = Battle.command(this.raid, command, this.env, this.by)
    if (Result.isFailure(r))
      return {
        kind: "refused",
        why: `refused: ${r.failure.reason}${r.failure.clause ? ` (${r.failure.clause})` : ""}`,
      }
    const fresh = r.success.events.slice(this.raid.events.length)
    await writeRaid(this.path, r.success.events, this.campaign)
    await this.remember()
    this.raid = r.success
    this.refresh()
    const lines = fresh.map((e) => eventWords(e, this.names)).filter((l): l is string => l !== undefined)
    this.io.stdout.write(lines.length ? `${lines.join("\n")}\n` : "")
    return { kind: "ok" }
  }

  /** A command in the word form, read as `blight raid do` reads it (so the file holds the same bytes). */
  private typed(words: readonly string[]): Promise<Outcome> | Outcome {
    const c = Battle.parseCommand(fromWords(words))
    if (Result.isFailure(c)) return { kind: "refused", why: `command: ${c.failure.slice(0, 3).join("; ")}` }
    return this.apply(c.success)
  }

  /** `yes`/`no`: the waiting yes/no question answered. */
  private answer(value: boolean): Promise<Outcome> | Outcome {
    const p = yesNo(this.raid.state)
    if (!p) return { kind: "refused", why: `${value ? "yes" : "no"}: no yes/no question is waiting` }
    return this.typed(["state", factWords({ query: p.query, value })])
  }

  /** `creatures no`: every creature's yes/no question answered no, until a player must act. */
  private async creaturesNo(): Promise<Outcome> {
    let answered = 0
    for (let p = creatureQuestion(this.raid.state); p && answered < MAX_ANSWERS; answered++) {
      const words = ["state", factWords({ query: p.query, value: false })]
      this.io.stdout.write(`  ${words.join(" ")}\n`)
      const r = await this.typed(words)
      if (r.kind !== "ok") return r
      p = creatureQuestion(this.raid.state)
    }
    if (answered === 0) this.io.stdout.write("no creature question is waiting\n")
    return { kind: "ok" }
  }

  async handle(line: string): Promise<Outcome> {
    try {
      await this.reloadIfChanged()
      const words = splitLine(line)
      const [verb, ...rest] = words
      const only = (o: Outcome | Promise<Outcome>) =>
        rest.length ? { kind: "refused" as const, why: `${verb}: takes no arguments` } : o
      switch (verb) {
        case "help":
          this.io.stdout.write(`${HELP}\n`)
          return only({ kind: "ok" })
        case "quit":
        case "exit":
          return only({ kind: "quit" })
        case "legal":
          this.io.stdout.write(
            this.legalLines.length ? `${this.legalLines.join("\n")}\n` : "nothing to do now\n",
          )
          return only({ kind: "ok" })
        case "show": {
          const s = this.raid.state
          this.io.stdout.write(`${stateLines(s, this.names, this.turn).join("\n")}\n`)
          return only({ kind: "ok" })
        }
        case "yes":
        case "no":
          return await only(this.answer(verb === "yes"))
        case "creatures":
          if (rest.length !== 1 || rest[0] !== "no")
            return { kind: "refused", why: `creatures: the shortcut is \`creatures no\`` }
          return await this.creaturesNo()
      }
      return await this.typed(words)
    } catch (e) {
      if (e instanceof UsageError) return { kind: "refused", why: e.message }
      throw e
    }
  }
}

/** Opens a raid file for play: its state, its content (`packs`), and the side played (`as`, else any). */
export const openRaidSession = async (
  file: string,
  io: Io,
  { as, packs = [] }: { readonly as?: string | undefined; readonly packs?: readonly string[] } = {},
): Promise<Session> => {
  const raid = await readRaid(file, io)
  const content = await contentFrom(packs, io)
  const env = envFor(raid.state, content)
  const sides = raid.state.sides.map((s) => s.id)
  if (as !== undefined && !sides.includes(as))
    throw new UsageError(
      `--as: ${JSON.stringify(as)} is not a side of this raid (one of: ${sides.join(", ")})`,
    )
  const session = new RaidSession(file, raid.path, raid, env, content, as ?? "any", io)
  await session.remember()
  return session
}

/** `blight raid play`. */
export const raidPlay = async (args: readonly string[], io: Io & { stdin?: Input }): Promise<number> => {
  const { values: o, positionals } = parse(args, {
    script: { type: "string" },
    as: { type: "string" },
    pack: { type: "string", multiple: true },
  } as const)
  const [file, extra] = positionals
  if (file === undefined) throw new UsageError("which raid file? e.g. `blight raid play raid.json`")
  if (extra !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(extra)}`)
  const session = await openRaidSession(file, io, { as: o.as, packs: o.pack ?? [] })
  const script =
    o.script === undefined
      ? undefined
      : { lines: (await readBounded(o.script, io, MAX_SCRIPT_BYTES)).split(/\r?\n/), where: o.script }
  return runRepl(session, io, io.stdin ?? (process.stdin as Input), script)
}

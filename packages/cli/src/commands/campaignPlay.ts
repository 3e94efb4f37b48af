/**
 * `blight campaign play FILE [--script FILE]`: a whole campaign in one process. Each line is one of
 * the campaign's own sub-verbs on the same file (`raid auto` is `blight campaign raid FILE --auto`,
 * `choose X` is `blight campaign aftermath FILE --choose X`…), so what a line prints, refuses and
 * saves is what that command does, and the campaign moves freely between `play` and single commands.
 */
import { Campaign, legalCampaignCommands } from "@blight/rules"
import { type Io, parse, UsageError } from "../Command.js"
import { type Input, type Outcome, runRepl, type Session, splitLine } from "../Repl.js"
import { campaignContent, loadCampaign, waiting } from "./campaignFile.js"
import { readBounded } from "./raidFile.js"

export const CAMPAIGN_HELP = `At the prompt (each line is the campaign command named on its right):
  raid auto [SCENARIO]     Errands, the next raid played by bots, its Aftermath   (campaign raid --auto)
  raid record RAID.json    fold in a raid set up with \`blight raid new --campaign\`, played at the table   (--record)
  raid setup [SCENARIO]    the next raid's set-up, as JSON   (campaign raid --setup)
  raid next | raid between ID ID [ID ID]   a league raid (R-CAMPAIGN-41): the schedule's next pairing,
                           or the Refuges named, played by bots   (campaign raid --auto --next | --refuge ID…)
  raid open next | raid open ID ID [ID ID] open a league raid to play at the table   (campaign raid --open)
  choose OPTION            answer the waiting choice   (campaign aftermath --choose)
  roll FACE FACE …         the dice rolled at the table for the waiting roll   (aftermath --roll)
  do '<json>'              an Errand or another Aftermath command   (aftermath --command)
  undo                     take back the last command, never past a roll   (aftermath --undo)
  legal                    what is waiting, or the commands that may be done   (aftermath)
  show                     Refuges, survivors, stores, standings   (campaign show)
  help                     this text
  quit | exit              leave (the file is already saved); Ctrl-D too
Lines starting with # are comments.`

const MAX_SCRIPT_BYTES = 1024 * 1024

/** A league raid's Refuges as `--refuge` arguments. */
const named = (ids: readonly string[]) => ids.flatMap((id) => ["--refuge", id])

/** A line as the campaign sub-verb's arguments, or a UsageError naming what is wrong with it. */
const argsOf = (file: string, words: readonly string[]): [string, string[]] => {
  const [verb, ...rest] = words
  const exactly = (n: number, shape: string) => {
    if (rest.length !== n) throw new UsageError(`${verb}: expected \`${shape}\``)
  }
  const scenario = () => (rest[1] === undefined ? [] : ["--scenario", rest[1]])
  switch (verb) {
    case "raid":
      if (rest[0] === "auto" && rest.length <= 2) return ["raid", [file, "--auto", ...scenario()]]
      if (rest[0] === "setup" && rest.length <= 2) return ["raid", [file, "--setup", ...scenario()]]
      if (rest[0] === "record" && rest.length === 2) return ["raid", [file, "--record", rest[1]!]]
      if (rest[0] === "next" && rest.length === 1) return ["raid", [file, "--auto", "--next"]]
      if (rest[0] === "between" && rest.length >= 3)
        return ["raid", [file, "--auto", ...named(rest.slice(1))]]
      if (rest[0] === "open" && rest.length >= 2)
        return ["raid", [file, "--open", ...(rest[1] === "next" ? ["--next"] : named(rest.slice(1)))]]
      throw new UsageError(
        "raid: expected `raid auto [SCENARIO]`, `raid record RAID.json`, `raid setup [SCENARIO]`, `raid next`, `raid between ID ID…` or `raid open next|ID ID…`",
      )
    case "choose":
      exactly(1, "choose OPTION")
      return ["aftermath", [file, "--choose", rest[0]!]]
    case "roll":
      if (rest.length === 0) throw new UsageError("roll: which faces? e.g. roll 3 5")
      return ["aftermath", [file, "--roll", rest.join(",")]]
    case "do":
      exactly(1, "do '<json>'")
      return ["aftermath", [file, "--command", rest[0]!]]
    case "undo":
      exactly(0, "undo")
      return ["aftermath", [file, "--undo"]]
    case "legal":
      exactly(0, "legal")
      return ["aftermath", [file]]
    case "show":
      exactly(0, "show")
      return ["show", [file]]
    default:
      throw new UsageError(
        `unknown line ${JSON.stringify(verb)} (one of: raid, choose, roll, do, undo, legal, show, help, quit)`,
      )
  }
}

/** The campaign verbs a line runs (campaign.ts's table, handed in so this module needs nothing of it). */
export type Subverbs = Readonly<Record<string, (args: readonly string[], io: Io) => Promise<number>>>

class CampaignSession implements Session {
  readonly name = "blight campaign play"
  constructor(
    private readonly file: string,
    private readonly io: Io,
    private c: Campaign.Campaign,
    private readonly subverbs: Subverbs,
    private readonly env: ReturnType<typeof Campaign.envOf>,
    /** The `--pack` arguments every line's sub-verb is given. */
    private readonly packArgs: readonly string[],
  ) {}

  status(): string {
    const s = this.c.state
    const w = waiting(this.c)
    const head = `season ${s.season}, ${s.raids.length} raid${s.raids.length === 1 ? "" : "s"} played, phase ${s.phase}`
    if (!w) return head
    return `${head}\nwaiting: ${w.kind === "dice" ? `roll ${w.dice} dice for ${w.purpose}` : `${w.question}: choose ${w.options?.join(" | ")}`}`
  }

  prompt(): string {
    return `campaign ${this.c.state.raids.length}> `
  }

  completions(): readonly string[] {
    const p = this.c.state.pending?.prompt
    const answers = p?.kind === "choice" ? p.options.map((o) => `choose ${o}`) : []
    const errands = p
      ? []
      : legalCampaignCommands(this.c.state, this.env).map((c) => `do '${JSON.stringify(c)}'`)
    return [
      ...answers,
      ...errands,
      "raid auto",
      "raid record ",
      "raid setup",
      "raid next",
      "raid between ",
      "raid open ",
      "legal",
      "show",
      "help",
      "quit",
    ]
  }

  async handle(line: string): Promise<Outcome> {
    try {
      const words = splitLine(line)
      if (words[0] === "help" || words[0] === "quit" || words[0] === "exit") {
        if (words.length > 1) return { kind: "refused", why: `${words[0]}: takes no arguments` }
        if (words[0] !== "help") return { kind: "quit" }
        this.io.stdout.write(`${CAMPAIGN_HELP}\n`)
        return { kind: "ok" }
      }
      const [sub, args] = argsOf(this.file, words)
      // `legal` lists the Aftermath commands as this prompt takes them (`do '…'`, not `--command '…'`).
      const io =
        words[0] === "legal"
          ? {
              ...this.io,
              stdout: { write: (t: string) => this.io.stdout.write(t.replace(/^--command /gm, "do ")) },
            }
          : this.io
      const code = await this.subverbs[sub]!([...args, ...this.packArgs], io)
      this.c = await loadCampaign(this.io, this.file)
      return code === 0 ? { kind: "ok" } : { kind: "refused", why: `${sub}: exit ${code}` }
    } catch (e) {
      if (e instanceof Error && e.name === "UsageError") return { kind: "refused", why: e.message }
      throw e
    }
  }
}

/** Opens a campaign file for play, with the pack files it was started with. */
export const openCampaignSession = async (
  file: string,
  io: Io,
  subverbs: Subverbs,
  packs: readonly string[] = [],
): Promise<Session> => {
  const c = await loadCampaign(io, file)
  const env = Campaign.envOf(await campaignContent(c.state, packs, io))
  return new CampaignSession(
    file,
    io,
    c,
    subverbs,
    env,
    packs.flatMap((p) => ["--pack", p]),
  )
}

/** `blight campaign play`. */
export const campaignPlay = async (
  args: readonly string[],
  io: Io & { stdin?: Input },
  subverbs: Subverbs,
): Promise<number> => {
  const { values: o, positionals } = parse(args, {
    script: { type: "string" },
    pack: { type: "string", multiple: true },
  } as const)
  const [file, extra] = positionals
  if (file === undefined) throw new UsageError("which campaign file? e.g. `blight campaign play c.json`")
  if (extra !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(extra)}`)
  const session = await openCampaignSession(file, io, subverbs, o.pack ?? [])
  const script =
    o.script === undefined
      ? undefined
      : { lines: (await readBounded(o.script, io, MAX_SCRIPT_BYTES)).split(/\r?\n/), where: o.script }
  return runRepl(session, io, io.stdin ?? (process.stdin as Input), script)
}

/**
 * `blight raid new|legal|do|show|replay`: a raid at the table or from a script, kept in one file
 * (its event log, `raidFile.ts`). Every sub-verb reads the file, folds the events and works on that
 * state; `do` appends a command's events atomically, and nothing at all when the rules refuse it.
 */
import { writeFile } from "node:fs/promises"
import { resolve } from "node:path"
import { isDeepStrictEqual } from "node:util"
import { SchemaText, seeded } from "@blight/dice"
import {
  Auto,
  Battle,
  type BattleCommand,
  type BattleEvent,
  BattleOptions,
  type BattleState,
  Board,
  Campaign,
  Founding,
  PlaneSpace,
  Policy,
  Refuge,
  Svg,
} from "@blight/rules"
import { Result, Schema } from "effect"
import { type Command, EXIT, type Io, parse, UsageError, writeJson } from "../Command.js"
import { seedFrom } from "../Seed.js"
import { runSubverb } from "../Subverbs.js"
import { campaignContent, loadCampaign } from "./campaignFile.js"
import { refugeIndex } from "./campaignLeague.js"
import {
  type Content,
  commandInput,
  contentFrom,
  type Env,
  envFor,
  parseBounded,
  raidText,
  readBounded,
  readRaid,
  writeRaid,
} from "./raidFile.js"
import { eventWords, namesOf, onTurn, promptWords, resultWords, stateLines } from "./raidSay.js"
import { fromWords, GRAMMAR, toLine } from "./raidWords.js"

/** An option's description (on the decoded side of its default-giving property signature). */
const describe = (field: unknown): string => {
  const ast = (field as { ast?: { to?: { annotations?: Record<symbol, unknown> } } }).ast
  return String(ast?.to?.annotations?.[Symbol.for("effect/annotation/Description")] ?? "")
}

const usage = `usage:
  blight raid new --refuge A.json --refuge B.json [--scenario ID] [--seed N] [--manual]
                  [--option NAME=VALUE]… [--board random|BOARD.json] > raid.json
      set a raid up (a file is a roster, founded here with --seed, or a founded Refuge); with
      --board, on a 2-D board whose geometry answers the table's questions (a seeded random board,
      or the table's own layout: packages/rules/schemas/board.schema.json)
  blight raid new --campaign CAMPAIGN.json [--refuge ID…] [--scenario ID] [--seed N | --manual] [--option …] [--board …]
      the campaign's next raid, as \`campaign raid --auto\` sets it up (its Refuges, Season, Hollowed,
      clean street, trophies, packs; dice: the campaign's own unless given), marked with the campaign
      state it comes from: \`blight campaign raid CAMPAIGN.json --record RAID\` checks it (R-CAMPAIGN-40)
  blight raid auto RAID [--max N]                 play the raid to its end: both sides by a simple
                                                  policy, creatures by their behaviours
  blight raid legal RAID [--json] [--by SIDE]     what may be done now (--json: {"commands":[…]})
  blight raid do RAID COMMAND… [--json] [--by SIDE]
  blight raid do RAID --command '<json>' [--json] [--by SIDE]
      do a command: its events are appended to RAID and printed in words (--json: as events)
  blight raid show RAID [--json] [--svg FILE]     the raid for people (--json: over, result, hash, state;
                                                  --svg: a picture of the board)
  blight raid replay RAID [--json]                rebuild the state from the events alone: its hash,
                                                  and whether this engine re-decides the log the same
  blight raid play RAID [--script FILE] [--as SIDE]
      the whole raid in one process: a prompt that shows what is waiting and for whom, takes the
      word form (TAB completes the legal commands), undo, and shortcuts such as \`creatures no\`
      (type \`help\` at the prompt); --script FILE (or a pipe) plays lines and stops at the first
      refused one, exit 2
  --pack FILE (repeatable, every sub-verb): homebrew packs on top of the core pack; a raid set up
      with packs needs the same packs given again to be played on
Exit 0: done; 2: bad arguments, a bad raid file, or a command the rules refuse (one line, with the rule).

${GRAMMAR}

options (--option NAME=VALUE, docs/rulings/battle.md):
${Object.entries(BattleOptions.Options.fields)
  .map(([k, f]) => `  ${k}: ${describe(f)}`)
  .join("\n")}`

const MAX_ROSTER_BYTES = 1024 * 1024

// ---- new ----

/** A raid's side from a file: a founded Refuge (as stored, or as `blight found --json` prints it), or a roster founded now. */
export const refugeFrom = async (
  file: string,
  io: Io,
  seed: number,
  content: Content,
): Promise<Refuge.Refuge> => {
  const json = parseBounded(await readBounded(file, io, MAX_ROSTER_BYTES), file)
  const body =
    typeof json === "object" && json !== null && "refuge" in json && "valid" in json
      ? (json as { refuge: unknown }).refuge
      : json
  if (typeof body === "object" && body !== null && "ledger" in body) {
    const decoded = Schema.decodeUnknownResult(Refuge.Refuge, SchemaText.parseOptions)(body)
    if (Result.isFailure(decoded))
      throw new UsageError(
        `${file}: not a founded Refuge: ${SchemaText.tree(decoded.failure).split("\n").slice(0, 3).join(" ").slice(0, 200)}`,
      )
    return decoded.success
  }
  const founded = Founding.found(body, content, { source: seeded(seed) })
  if (Result.isFailure(founded)) {
    const [v] = founded.failure.violations
    throw new UsageError(
      `${file}: the roster breaks rules (${founded.failure.violations.length + (founded.failure.omitted ?? 0)}; see \`blight found ${file}\`): ${v?.path}: ${v?.message}${v?.clause ? ` (${v.clause})` : ""}`,
    )
  }
  return founded.success
}

/** `--option NAME=VALUE`: a ruling option by its name; true/false are flags. */
export const optionsFrom = (pairs: readonly string[]): Record<string, unknown> => {
  const fields = BattleOptions.Options.fields as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const pair of pairs) {
    const [name, value] = pair.split(/=(.*)/s) as [string, string | undefined]
    if (!Object.hasOwn(fields, name))
      throw new UsageError(
        `--option ${name}: there is no such option (one of: ${Object.keys(fields).join(", ")})`,
      )
    if (value === undefined || value === "")
      throw new UsageError(`--option ${name}: give it as ${name}=VALUE`)
    out[name] = value === "true" ? true : value === "false" ? false : value
  }
  const decoded = Schema.decodeUnknownResult(BattleOptions.Options, SchemaText.parseOptions)(out)
  if (Result.isFailure(decoded)) {
    // The first option refused, with every value it takes (a union's members each report one).
    const issues = SchemaText.problems(decoded.failure)
    const name = String(issues[0]?.path[0] ?? "")
    const expected = issues
      .filter((i) => String(i.path[0]) === name)
      .map((i) => /^Expected (.*), actual /s.exec(i.message)?.[1])
      .filter((e): e is string => e !== undefined && e !== "undefined")
    throw new UsageError(
      `--option ${name}: ${expected.length > 0 ? `expected ${expected.join(" or ")}, got ${JSON.stringify(out[name])}` : issues[0]?.message.slice(0, 300)}`,
    )
  }
  return out
}

/** `--board random` (a seeded board) or a file with the table's own layout. */
const boardFrom = async (
  given: string,
  io: Io,
  seed: number | string,
  refuges: ReadonlyArray<Refuge.Refuge>,
  scenario: string | undefined,
  content: Content,
): Promise<Board.Board> => {
  if (given === "random") return Battle.randomBoard(seed, refuges, scenario, content)
  const decoded = Board.decodeBoard(await readBounded(given, io, MAX_ROSTER_BYTES), content)
  if (Result.isFailure(decoded))
    throw new UsageError(`${given}: not a board: ${decoded.failure.slice(0, 3).join("; ")}`)
  return decoded.success
}

const NEW_OPTIONS = {
  refuge: { type: "string", multiple: true },
  campaign: { type: "string" },
  scenario: { type: "string" },
  seed: { type: "string" },
  manual: { type: "boolean" },
  option: { type: "string", multiple: true },
  board: { type: "string" },
  pack: { type: "string", multiple: true },
} as const

type NewValues = ReturnType<typeof parse<typeof NEW_OPTIONS>>["values"]

/** What a raid is set up from: the Refuges given, or the campaign's next raid (R-CAMPAIGN-40). */
interface NewRaid {
  readonly input: Parameters<typeof Battle.create>[0]
  readonly content: Content
  readonly seed: number | string
  readonly campaign?: Campaign.RaidMarker
}

const fromRefuges = async (o: NewValues, io: Io): Promise<NewRaid> => {
  const files = o.refuge ?? []
  if (files.length < 2) throw new UsageError("a raid needs two or more --refuge files (B-SETUP-03)")
  const seed = seedFrom(o.seed)
  const content = await contentFrom(o.pack ?? [], io)
  const refuges: Refuge.Refuge[] = []
  for (const f of files) refuges.push(await refugeFrom(f, io, seed, content))
  return { input: { refuges, scenario: o.scenario, dice: o.manual ? "manual" : { seed } }, content, seed }
}

/**
 * The campaign's next raid as `campaign raid --auto` sets it up (its Season, Hollowed, clean street,
 * trophies and packs), marked with the campaign state it comes from. Dice: `--seed` or `--manual`,
 * else the campaign's own (typed in, or drawn from its dice state as `--auto` does).
 */
const fromCampaign = async (o: NewValues, file: string, io: Io): Promise<NewRaid> => {
  if (o.manual && o.seed !== undefined) throw new UsageError("--manual and --seed: pick one")
  const c = await loadCampaign(io, file)
  // R-CAMPAIGN-41: with --campaign, --refuge names the league raid's Refuges (index or name).
  const named = o.refuge?.map((id) => refugeIndex(c.state, id))
  const content = await campaignContent(c.state, o.pack ?? [], io)
  const seed = o.seed !== undefined ? seedFrom(o.seed) : Campaign.raidSeed(c.state, named)
  const manual = o.manual === true || (o.seed === undefined && c.state.dice.mode === "manual")
  const setup = Campaign.raidSetup(c.state, manual ? "manual" : { seed }, o.scenario, content, named)
  if (Result.isFailure(setup))
    throw new UsageError(
      `${file}: ${setup.failure.reason}${setup.failure.clause ? ` (${setup.failure.clause})` : ""}`,
    )
  // The marker covers the raid's own Refuges (R-CAMPAIGN-42): those set up.
  const refuges = setup.success.refuges.map((r) => refugeIndex(c.state, r.name))
  return { input: setup.success, content, seed, campaign: Campaign.markerOf(c.state, refuges) }
}

const raidNew = async (args: readonly string[], io: Io): Promise<number> => {
  const { values: o, positionals } = parse(args, NEW_OPTIONS)
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`)
  const made = o.campaign === undefined ? await fromRefuges(o, io) : await fromCampaign(o, o.campaign, io)
  const { input, content, seed } = made
  const options = optionsFrom(o.option ?? [])
  const board =
    o.board === undefined
      ? undefined
      : await boardFrom(o.board, io, seed, input.refuges, input.scenario, content)
  const env = Battle.envOf(content, board ? PlaneSpace.make(content) : undefined)
  const created = Battle.create(
    {
      ...input,
      options: options as BattleOptions.OptionsInput,
      packs: content.packs.map((m) => m.id),
      ...(board ? { board } : {}),
    },
    env,
  )
  if (Result.isFailure(created)) {
    const [p] = created.failure
    throw new UsageError(`${p?.path}: ${p?.message}${p?.clause ? ` (${p.clause})` : ""}`)
  }
  io.stdout.write(raidText(created.success.events, made.campaign))
  if (o.seed === undefined && !o.manual && o.campaign === undefined)
    io.stderr.write(`blight raid new: dice seeded with --seed ${seed}\n`)
  return EXIT.ok
}

// ---- legal ----

const raidLegal = async (args: readonly string[], io: Io): Promise<number> => {
  const { values: o, positionals } = parse(args, {
    json: { type: "boolean" },
    by: { type: "string" },
    pack: { type: "string", multiple: true },
  } as const)
  const raid = await readRaid(onlyFile(positionals), io)
  const content = await contentFrom(o.pack ?? [], io)
  const listed = Battle.legal(raid.state, envFor(raid.state, content), o.by ?? "any")
  // On a board a move needs a point: plain moves become moves to concrete points.
  const commands = raid.state.board ? Policy.boardCommands(raid.state, listed, content) : listed
  if (o.json) writeJson(io, { commands })
  else if (commands.length === 0)
    io.stdout.write(
      raid.state.phase === "over" ? "the raid is over\n" : `nothing for ${o.by ?? "anyone"} to do now\n`,
    )
  else io.stdout.write(`${commands.map(toLine).join("\n")}\n`)
  return EXIT.ok
}

const onlyFile = (positionals: readonly string[]): string => {
  const [file, extra] = positionals
  if (file === undefined) throw new UsageError("which raid file? e.g. `blight raid show raid.json`")
  if (extra !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(extra)}`)
  return file
}

// ---- do ----

/** Splits `do`'s own flags (--json, --by, --command) from the command's words. */
const doArgs = (args: readonly string[]) => {
  const words: string[] = []
  let json = false
  let by: string | undefined
  let command: string | undefined
  const packs: string[] = []
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!
    const [flag, inline] = a.split(/=(.*)/s) as [string, string | undefined]
    if (a === "--json") json = true
    else if (flag === "--by" || flag === "--command" || flag === "--pack") {
      const v = inline ?? args[++i]
      if (v === undefined) throw new UsageError(`${flag} needs a value`)
      if (flag === "--by") by = v
      else if (flag === "--pack") packs.push(v)
      else command = v
    } else words.push(a)
  }
  const [file, ...rest] = words
  if (file === undefined)
    throw new UsageError("which raid file? e.g. `blight raid do raid.json activate wharfside.1`")
  if (command !== undefined && rest.length > 0)
    throw new UsageError("give the command as words or as --command '<json>', not both")
  return { file, words: rest, json, by, command, packs }
}

const decodeCommand = (input: unknown): BattleCommand.Command => {
  const c = Battle.parseCommand(input)
  if (Result.isFailure(c)) throw new UsageError(`command: ${c.failure.slice(0, 3).join("; ")}`)
  return c.success
}

const raidDo = async (args: readonly string[], io: Io): Promise<number> => {
  const a = doArgs(args)
  const raid = await readRaid(a.file, io)
  const command = decodeCommand(commandInput(a.command, a.words, fromWords))
  const env = envFor(raid.state, await contentFrom(a.packs, io))
  const r = Battle.command({ events: raid.events, state: raid.state }, command, env, a.by ?? "any")
  if (Result.isFailure(r)) {
    io.stderr.write(
      `blight raid do: refused: ${r.failure.reason}${r.failure.clause ? ` (${r.failure.clause})` : ""}\n`,
    )
    return EXIT.usage
  }
  const fresh = r.success.events.slice(raid.events.length)
  await writeRaid(raid.path, r.success.events, raid.campaign)
  const state = r.success.state
  if (a.json) {
    writeJson(io, {
      events: Battle.viewEvents(fresh),
      over: state.phase === "over",
      ...(state.pending?.prompt ? { pending: state.pending.prompt } : {}),
      ...(state.result ? { result: state.result } : {}),
    })
    return EXIT.ok
  }
  const names = namesOf(state, env.content, r.success.events)
  const lines = fresh.map((e) => eventWords(e, names)).filter((l): l is string => l !== undefined)
  if (state.pending?.prompt)
    lines.push(`waiting: ${promptWords(state.pending.prompt, names).replace("RAID", a.file)}`)
  io.stdout.write(lines.length ? `${lines.join("\n")}\n` : "")
  return EXIT.ok
}

// ---- show ----

/** The side on turn, as `legalCommands` offers it (its `withdraw`), for the show. */
const sideOnTurn = (state: BattleState.State, env: Env): string | undefined => {
  const w = Battle.legal(state, env).find((c) => c.type === "withdraw")
  return onTurn(state, w?.type === "withdraw" ? w.side : undefined)
}

const raidShow = async (args: readonly string[], io: Io): Promise<number> => {
  const { values: o, positionals } = parse(args, {
    json: { type: "boolean" },
    svg: { type: "string" },
    pack: { type: "string", multiple: true },
  } as const)
  const raid = await readRaid(onlyFile(positionals), io)
  const s = raid.state
  const env = envFor(s, await contentFrom(o.pack ?? [], io))
  if (o.svg !== undefined) {
    if (!s.board)
      throw new UsageError("--svg: this raid is played on a declared table; there is no board to draw")
    await writeFile(
      resolve(io.cwd ?? process.cwd(), o.svg),
      Svg.render(s, { lastActivation: Svg.lastActivation(raid.events) }),
    )
  }
  const turn = sideOnTurn(s, env)
  if (o.json) {
    writeJson(io, {
      over: s.phase === "over",
      ...(s.result ? { result: s.result } : {}),
      hash: Battle.hash(s),
      round: s.round,
      phase: s.phase,
      turn: turn ?? null,
      pending: s.pending?.prompt ?? null,
      events: raid.events.length,
      state: Battle.view(s),
    })
    return EXIT.ok
  }
  io.stdout.write(`${stateLines(s, namesOf(s, env.content, raid.events), turn).join("\n")}\n`)
  return EXIT.ok
}

// ---- replay ----

/** The first index where two logs differ (as JSON values: key order and absent keys aside), or -1. */
const firstDifference = (
  a: ReadonlyArray<BattleEvent.Event>,
  b: ReadonlyArray<BattleEvent.Event>,
): number => {
  const plain = (e: unknown) => (e === undefined ? undefined : JSON.parse(JSON.stringify(e)))
  const n = Math.max(a.length, b.length)
  for (let i = 0; i < n; i++) if (!isDeepStrictEqual(plain(a[i]), plain(b[i]))) return i
  return -1
}

const raidReplay = async (args: readonly string[], io: Io): Promise<number> => {
  const { values: o, positionals } = parse(args, {
    json: { type: "boolean" },
    pack: { type: "string", multiple: true },
  } as const)
  const raid = await readRaid(onlyFile(positionals), io)
  const state = Battle.replay(raid.events)
  const env = envFor(state, await contentFrom(o.pack ?? [], io))
  const hash = Battle.hash(state)
  // Re-deciding checks this engine against the log: the same commands, dice and facts must give the same events.
  let redecide: { agrees: true } | { agrees: false; at: number; why: string }
  const re = Battle.redecide(raid.events, env)
  if (Result.isFailure(re)) redecide = { agrees: false, at: -1, why: re.failure }
  else {
    const at = firstDifference(raid.events, re.success)
    redecide =
      at < 0
        ? { agrees: true }
        : {
            agrees: false,
            at,
            why: `event ${at}: the log has ${JSON.stringify(raid.events[at]?.type ?? "nothing")}, this engine ${JSON.stringify(re.success[at]?.type ?? "nothing")}`,
          }
  }
  if (o.json) writeJson(io, { hash, events: raid.events.length, redecide })
  else {
    const names = namesOf(state, env.content, raid.events)
    io.stdout.write(
      `${raid.events.length} events fold to state ${hash} (round ${state.round}, ${state.phase}${state.result ? `; ${resultWords(state.result, names)}` : ""})\n${
        redecide.agrees
          ? "this engine re-decides the log to the same events"
          : `this engine disagrees with the log: ${redecide.why}`
      }\n`,
    )
  }
  return EXIT.ok
}

// ---- auto ----

const raidAuto = async (args: readonly string[], io: Io): Promise<number> => {
  const { values: o, positionals } = parse(args, {
    max: { type: "string" },
    json: { type: "boolean" },
    pack: { type: "string", multiple: true },
  } as const)
  const file = onlyFile(positionals)
  const raid = await readRaid(file, io)
  const max = o.max === undefined ? 5000 : Number(o.max)
  if (!Number.isInteger(max) || max < 1 || max > 100_000)
    throw new UsageError("--max: a whole number of commands, 1 to 100000")
  if (raid.state.dice.mode === "manual")
    throw new UsageError("auto: this raid's dice are typed in; play it with `raid do`")
  const env = envFor(raid.state, await contentFrom(o.pack ?? [], io))
  const played = Auto.play({ events: raid.events, state: raid.state }, env, Policy.sensible(env), {
    maxCommands: max,
  })
  await writeRaid(resolve(io.cwd ?? process.cwd(), file), played.battle.events, raid.campaign)
  const s = played.battle.state
  if (o.json)
    writeJson(io, {
      over: played.over,
      commands: played.commands,
      ...(s.result ? { result: s.result } : {}),
      hash: Battle.hash(s),
    })
  else
    io.stdout.write(
      `${played.commands} commands played; ${s.result ? resultWords(s.result, namesOf(s, env.content, played.battle.events)) : `not over (round ${s.round})`}\n`,
    )
  return EXIT.ok
}

// ---- the verb ----

const subverbs: Record<string, (args: readonly string[], io: Io) => Promise<number>> = {
  new: raidNew,
  legal: raidLegal,
  do: raidDo,
  show: raidShow,
  replay: raidReplay,
  auto: raidAuto,
  play: async (args, io) => (await import("./raidPlay.js")).raidPlay(args, io),
}

export const raid: Command = {
  name: "raid",
  summary:
    "play a raid: set it up, play it at a prompt, list what is legal, do commands, show it, replay it (B-ROUND…B-BATTLE)",
  usage,
  handlesHelp: true,
  run: (args, io) => runSubverb(subverbs, usage, args, io),
}

/**
 * `blight campaign <new|raid|aftermath|show>`: a campaign kept as an event log in one JSON file.
 *
 *   blight campaign new --refuge A.json --refuge B.json [--seed N | --manual] [--pack FILE]… > c.json
 *   blight campaign raid c.json --auto [--scenario ID] [--json]      errands, the raid, its Aftermath
 *   blight campaign raid c.json --record RAID.json [--json]          fold in a raid set up with
 *                                                                    `blight raid new --campaign` (R-CAMPAIGN-40)
 *   blight campaign raid c.json --setup                              the next raid's set-up (JSON)
 *   blight campaign aftermath c.json [--choose OPT | --roll 3,5 | --command JSON | --undo] [--json]
 *   blight campaign show c.json [--json]
 *
 * Every verb takes `--pack FILE` (repeatable): a campaign started with packs needs them given again.
 * A refused command prints one line naming the rule, exits 2 and writes nothing.
 */
import { rename, writeFile } from "node:fs/promises"
import { resolve } from "node:path"
import { seeded } from "@blight/dice"
import {
  AutoPlay,
  Battle,
  Campaign,
  EffectiveProfile,
  Founding,
  formatProblem,
  LeaguePlay,
  Ledger,
  legalCampaignCommands,
  standings,
} from "@blight/rules"
import { Result, Schema } from "effect"
import { type Command, EXIT, type Io, parse, UsageError, writeJson } from "../Command.js"
import { seedFrom } from "../Seed.js"
import { campaignContent, loadCampaign, readJson, waiting } from "./campaignFile.js"
import { isLeague, leagueLines, openPicked, pickOf } from "./campaignLeague.js"
import { loadPackFiles } from "./pack.js"

const usage = `usage:
  blight campaign new --refuge A.json --refuge B.json [--seed N | --manual]   print a new campaign file
                    [--option NAME=VALUE]…                      a ruling the group reads the other way
                                                               (docs/rulings/campaign.md: stranger=winner|rescuer,
                                                               schedule=round-robin|standings); 2 to 16 Refuges
  blight campaign raid FILE --auto [--scenario ID] [--json]     run Errands, play the next raid, its Aftermath
  blight campaign raid FILE --auto (--refuge ID… | --next)      a league raid (R-CAMPAIGN-41): between 2 to 4
                                                               Refuges (index or name), or the schedule's next
                                                               pairing; its Aftermath, then its Refuges' Errands
  blight campaign raid FILE --open (--refuge ID… | --next)      open a league raid to play at the table; several
                                                               may be open, a Refuge in one (R-CAMPAIGN-42)
  blight campaign raid FILE --record RAID.json [--json]         fold in a finished raid set up from the campaign
                                                               (\`blight raid new --campaign FILE\`): one set up
                                                               without it or from an older state is refused
                                                               (R-CAMPAIGN-40)
  blight campaign raid FILE --setup [--refuge ID…]              print the next raid's set-up
  blight campaign aftermath FILE [--choose OPTION | --roll 3,5 | --command JSON | --undo] [--json]
                                                               answer a waiting choice or dice, run an
                                                               Errand, or undo the last command (back to
                                                               the last roll, R-CAMPAIGN-39); with none,
                                                               list what may be done
  blight campaign show FILE [--json]                            Refuges, survivors, stores, standings
  blight campaign play FILE [--script FILE]                     the whole campaign in one process: a prompt
                                                               for the lines below (\`help\` lists them), or
                                                               a script that stops at the first refused line
  --pack FILE (repeatable, every sub-verb): homebrew packs; \`new\` records them in the campaign file, and
      the later verbs need the same files given again
Exit 0: done; 2: bad arguments or a command the rules refuse (nothing is written).`

/** Writes the file whole (a temporary file renamed over it), so a failure leaves the old one. */
const save = async (io: Io, file: string, c: Campaign.Campaign) => {
  const path = resolve(io.cwd ?? process.cwd(), file)
  const tmp = `${path}.${process.pid}.tmp`
  await writeFile(tmp, `${JSON.stringify(Campaign.toFile(c))}\n`)
  await rename(tmp, path)
}

const rejected = (r: { reason: string; clause?: string | undefined }) =>
  new UsageError(`${r.reason}${r.clause ? ` (${r.clause})` : ""}`)

const summary = (c: Campaign.Campaign) => ({
  raids: c.state.raids.length,
  season: c.state.season,
  seasonRaids: c.state.seasonRaids,
  phase: c.state.phase,
  ...(c.state.options.schedule !== undefined
    ? { schedule: c.state.options.schedule, rounds: c.state.rounds ?? 0 }
    : {}),
  ...(c.state.round !== undefined ? { round: c.state.round } : {}),
  ...(c.state.open !== undefined ? { open: c.state.open.map((o) => o.refuges) } : {}),
  waiting: waiting(c),
  standings: standings(c.state),
})

const newCampaign = async (args: readonly string[], io: Io) => {
  const { values: o, positionals } = parse(args, {
    refuge: { type: "string", multiple: true },
    seed: { type: "string" },
    manual: { type: "boolean" },
    pack: { type: "string", multiple: true },
    option: { type: "string", multiple: true },
    json: { type: "boolean" },
  } as const)
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`)
  // Checked by `Campaign.create`, which names the option's path (`options.stranger`).
  const options: Record<string, string> = {}
  for (const pair of o.option ?? []) {
    const [name, value] = pair.split(/=(.*)/s) as [string, string | undefined]
    if (value === undefined || value === "")
      throw new UsageError(`--option ${name}: give it as ${name}=VALUE`)
    options[name] = value
  }
  const files = o.refuge ?? []
  if (files.length < 2)
    throw new UsageError("--refuge: a campaign needs two or more rosters (B-AFTERMATH-01)")
  if (o.manual && o.seed !== undefined) throw new UsageError("--manual and --seed: pick one")
  const seed = seedFrom(o.seed)
  const loaded = (await loadPackFiles(o.pack ?? [], io)).registry
  if (Result.isFailure(loaded)) throw new UsageError(loaded.failure.map(formatProblem).join("; "))
  const registry = loaded.success
  const refuges = []
  for (const [i, f] of files.entries()) {
    const founded = Founding.found(await readJson(io, f), registry, { source: seeded(seed + i) })
    if (Result.isFailure(founded)) {
      const v = founded.failure.violations[0]!
      throw new UsageError(`${f}: ${v.path}: ${v.message}${v.clause ? ` (${v.clause})` : ""}`)
    }
    refuges.push(founded.success)
  }
  const packs = registry.packs.map((m) => m.id)
  const c = Campaign.create(refuges, o.manual ? "manual" : { seed }, Campaign.envOf(registry), packs, options)
  if (Result.isFailure(c)) throw rejected(c.failure)
  io.stdout.write(`${JSON.stringify(Campaign.toFile(c.success))}\n`)
  return EXIT.ok
}

/**
 * A finished raid to record: a raid file (its events), `{"state": …}` (as `blight raid show --json`
 * prints it) or a bare final state, and the campaign marker it carries (R-CAMPAIGN-40).
 */
const raidToRecord = async (io: Io, file: string): Promise<{ battle: unknown; setUp: unknown }> => {
  const input = (await readJson(io, file)) as { events?: unknown; state?: unknown; campaign?: unknown } | null
  let battle: unknown = input
  if (input && Array.isArray(input.events)) {
    const events = Battle.decodeEvents(input.events)
    if (Result.isFailure(events)) throw new UsageError(`${file}: events: not a raid's event log`)
    battle = Battle.replay(events.success)
  } else if (input && typeof input.state === "object") battle = input.state
  return { battle, setUp: input?.campaign }
}

const decodeMarker = Schema.decodeUnknownResult(Campaign.RaidMarker)

/** `--record`: the raid must say which campaign state it was set up from (R-CAMPAIGN-40). */
const recordCommand = async (io: Io, file: string) => {
  const { battle, setUp } = await raidToRecord(io, file)
  if (setUp === undefined)
    throw new UsageError(
      `${file}: the raid was not set up from the campaign (it carries no campaign marker): set it up with \`blight raid new --campaign FILE\` (R-CAMPAIGN-40)`,
    )
  const marker = decodeMarker(setUp)
  if (Result.isFailure(marker))
    throw new UsageError(`${file}: campaign: not a campaign marker {raid, seq, state} (R-CAMPAIGN-40)`)
  return { type: "recordRaid" as const, battle, setUp: marker.success }
}

const raid = async (args: readonly string[], io: Io) => {
  const { values: o, positionals } = parse(args, {
    auto: { type: "boolean" },
    record: { type: "string" },
    setup: { type: "boolean" },
    scenario: { type: "string" },
    refuge: { type: "string", multiple: true },
    next: { type: "boolean" },
    open: { type: "boolean" },
    pack: { type: "string", multiple: true },
    json: { type: "boolean" },
  } as const)
  const [file, extra] = positionals
  if (extra !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(extra)}`)
  if ([o.auto, o.record !== undefined, o.setup, o.open].filter(Boolean).length !== 1)
    throw new UsageError("one of --auto, --open, --record BATTLE.json or --setup")
  const c = await loadCampaign(io, file)
  const env = Campaign.envOf(await campaignContent(c.state, o.pack ?? [], io))
  // R-CAMPAIGN-41: a league raid is between the Refuges named, or the schedule's next pairing.
  const pick = pickOf(c.state, o)
  if (o.record !== undefined && pick !== undefined)
    throw new UsageError("--record: the raid file says its Refuges; leave out --refuge and --next")
  if (o.setup) {
    const refuges = pick && "refuges" in pick ? pick.refuges : undefined
    const seed = Campaign.raidSeed(c.state, refuges)
    const s = Campaign.raidSetup(c.state, { seed }, o.scenario, env.content, refuges)
    if (Result.isFailure(s)) throw rejected(s.failure)
    writeJson(io, s.success)
    return EXIT.ok
  }
  if (o.open) {
    if (pick === undefined) throw new UsageError("--open: name the raid's Refuges with --refuge, or --next")
    const [opened, refuges] = openPicked(c, env, pick)
    await save(io, file!, opened)
    const names = refuges.map((i) => opened.state.refuges[i]!.refuge.name)
    if (o.json) writeJson(io, { open: refuges, names, ...summary(opened) })
    else
      io.stdout.write(
        `opened: ${names.join(" v ")} (set it up with blight raid new --campaign ${file} ${refuges.map((i) => `--refuge ${i}`).join(" ")})\n`,
      )
    return EXIT.ok
  }
  let next: Campaign.Campaign
  if (o.auto) {
    if (pick === undefined && isLeague(c.state))
      throw new UsageError(
        "--auto: a league raid is between some of its Refuges: give --refuge ID… or --next (R-CAMPAIGN-41)",
      )
    const r =
      pick === undefined
        ? AutoPlay.autoRaid(c, env, o.scenario)
        : LeaguePlay.autoLeagueRaid(c, env, pick, o.scenario === undefined ? {} : { scenario: o.scenario })
    if (Result.isFailure(r)) throw new UsageError(r.failure)
    next = r.success.campaign
  } else {
    const r = Campaign.command(c, await recordCommand(io, o.record!), env)
    if (Result.isFailure(r)) throw rejected(r.failure)
    next = r.success
  }
  await save(io, file!, next)
  const last = next.state.raids.at(-1)!
  if (o.json)
    writeJson(io, { raid: last.number, scenario: last.scenario, result: last.result, ...summary(next) })
  else {
    io.stdout.write(`raid ${last.number} (${last.scenario}, ${last.season}): ${last.result.reason}\n`)
    for (const line of report(next, c.events.length)) io.stdout.write(`  ${line}\n`)
    const w = waiting(next)
    if (w)
      io.stdout.write(
        `waiting: ${w.kind === "dice" ? `${w.dice} dice for ${w.purpose}` : `${w.question} (${w.options?.join(", ")})`}\n`,
      )
  }
  return EXIT.ok
}

/** Readable lines for the events after `from`. */
const report = (c: Campaign.Campaign, from: number): string[] => {
  const name = (i: number) => c.state.refuges[i]?.refuge.name ?? `Refuge ${i}`
  const out: string[] = []
  for (const e of c.events.slice(from)) {
    if (e.type === "rolled") out.push(`${name(e.refuge)}: ${e.what} [${e.faces.join(",")}] ${e.result}`)
    else if (e.type === "survivor.lost") out.push(`${name(e.refuge)}: ${e.reason}`)
    else if (e.type === "survivor.joined") out.push(`${name(e.refuge)}: ${e.reason}`)
    else if (e.type === "errand.run") out.push(`${name(e.refuge)}: Errand — ${e.what}`)
    else if (e.type === "season.turned") out.push(`the Season turns: ${e.to}`)
    else if (e.type === "refuge.status")
      out.push(`${name(e.refuge)}: next raid ${e.status.value} lurking — ${e.status.reason}`)
    else if (e.type === "trophy.kept")
      out.push(`${name(e.refuge)}: keeps ${e.objective} as a trophy — ${e.reason}`)
    else if (e.type === "ledger.posted")
      for (const x of e.entries)
        out.push(`${name(e.refuge)}: ${x.amount > 0 ? "+" : ""}${x.amount} ${x.store} — ${x.reason}`)
  }
  return out.slice(0, 400)
}

const parseFaces = (s: string) => {
  const faces = s.split(",").map((x) => x.trim())
  if (faces.length > 40 || faces.some((f) => !/^[1-6]$/.test(f)))
    throw new UsageError("--roll: d6 faces 1 to 6, comma-separated")
  return faces.map(Number)
}

const aftermath = async (args: readonly string[], io: Io) => {
  const { values: o, positionals } = parse(args, {
    choose: { type: "string" },
    roll: { type: "string" },
    command: { type: "string" },
    undo: { type: "boolean" },
    pack: { type: "string", multiple: true },
    json: { type: "boolean" },
  } as const)
  const [file, extra] = positionals
  if (extra !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(extra)}`)
  const given = [o.choose, o.roll, o.command, o.undo || undefined].filter((x) => x !== undefined)
  if (given.length > 1) throw new UsageError("one of --choose, --roll, --command or --undo")
  const c = await loadCampaign(io, file)
  const env = Campaign.envOf(await campaignContent(c.state, o.pack ?? [], io))
  if (given.length === 0) {
    const legal = legalCampaignCommands(c.state, env)
    if (o.json) writeJson(io, { ...summary(c), legal })
    else {
      const w = waiting(c)
      if (w)
        io.stdout.write(
          `waiting: ${w.kind === "dice" ? `${w.dice} dice for ${w.purpose} (--roll)` : `${w.question}\n  --choose ${w.options?.join(" | ")}`}\n`,
        )
      else for (const l of legal) io.stdout.write(`--command '${JSON.stringify(l)}'\n`)
    }
    return EXIT.ok
  }
  let cmd: unknown
  if (o.undo) cmd = { type: "undo" }
  else if (o.choose !== undefined) cmd = { type: "choose", option: o.choose }
  else if (o.roll !== undefined) cmd = { type: "roll", faces: parseFaces(o.roll) }
  else {
    if (o.command!.length > 100_000) throw new UsageError("--command: longer than 100000 characters")
    try {
      cmd = JSON.parse(o.command!)
    } catch {
      throw new UsageError("--command: not valid JSON")
    }
  }
  const parsed = Campaign.parseCommand(cmd)
  if (Result.isFailure(parsed)) throw new UsageError(`--command: ${parsed.failure[0]}`)
  if (parsed.success.type === "recordRaid")
    throw new UsageError("--command: fold a raid in with `blight campaign raid FILE --record`")
  const r = Campaign.command(c, parsed.success, env)
  if (Result.isFailure(r)) throw rejected(r.failure)
  await save(io, file!, r.success)
  if (o.json) writeJson(io, { ...summary(r.success), events: r.success.events.slice(c.events.length) })
  else {
    for (const line of report(r.success, c.events.length)) io.stdout.write(`${line}\n`)
    const w = waiting(r.success)
    if (w)
      io.stdout.write(
        `waiting: ${w.kind === "dice" ? `${w.dice} dice for ${w.purpose}` : `${w.question} (${w.options?.join(", ")})`}\n`,
      )
  }
  return EXIT.ok
}

/** The skills a survivor has: those it started with, then those its Advances taught it (B-XP-01). */
const skillsOf = (s: {
  readonly skills: ReadonlyArray<string>
  readonly advances: ReadonlyArray<{ readonly skill: string } | { readonly stats: unknown }>
}): string[] => [...new Set([...s.skills, ...s.advances.flatMap((a) => ("skill" in a ? [a.skill] : []))])]

const show = async (args: readonly string[], io: Io) => {
  const { values: o, positionals } = parse(args, {
    pack: { type: "string", multiple: true },
    json: { type: "boolean" },
  } as const)
  const [file, extra] = positionals
  if (extra !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(extra)}`)
  const c = await loadCampaign(io, file)
  const registry = await campaignContent(c.state, o.pack ?? [], io)
  const refuges = c.state.refuges.map((r) => ({
    name: r.refuge.name,
    kind: r.refuge.kind,
    home: r.refuge.home,
    improvements: r.refuge.improvements,
    stores: Ledger.storesOf(r.refuge.ledger),
    stash: r.refuge.stash,
    errands: r.errands,
    standing: r.standing,
    statuses: r.statuses ?? [],
    trophies: r.trophies ?? [],
    survivors: r.refuge.survivors.map((s) => {
      const p = EffectiveProfile.effectiveProfile(s, registry)
      return {
        id: s.id,
        name: s.name,
        role: s.role,
        background: s.background,
        profile: p.profile,
        tier: p.tier,
        xp: s.xp,
        advances: s.advances,
        skills: skillsOf(s),
        injuries: s.injuries,
        blight: s.blight,
        gifts: s.gifts,
        marks: s.marks,
        equipment: s.equipment,
        status: r.status[s.id],
      }
    }),
    ledger: r.refuge.ledger.length,
  }))
  const view = {
    ...summary(c),
    refuges,
    hollowed: c.state.hollowed,
    lost: c.state.lost,
  }
  if (o.json) {
    writeJson(io, view)
    return EXIT.ok
  }
  const lines = [
    `campaign: ${view.raids} raids, ${view.season} (raid ${view.seasonRaids} of the Season), ${view.phase}`,
  ]
  for (const r of refuges) {
    lines.push(
      "",
      `${r.name} (${r.kind}, ${registry.get("homes", r.home)?.name ?? r.home}) — ${r.standing.points} pts, ${r.standing.wins}W ${r.standing.draws}D ${r.standing.losses}L`,
    )
    for (const s of r.survivors) {
      const p = s.profile
      lines.push(
        `  ${s.name}${s.role ? ` (${s.role})` : ""}, ${s.background}: M${p.move} F${p.fight} S${p.shoot} W${p.wits} N${p.nerve} H${p.health} A${p.armour}; XP ${s.xp}; Blight ${s.blight} (${s.tier})${s.skills.length ? `; skills: ${s.skills.map((k) => registry.get("skills", k)?.name ?? k).join(", ")}` : ""}${s.injuries.length ? `; injuries: ${s.injuries.map((i) => i.name).join(", ")}` : ""}${s.gifts.length ? `; Gifts: ${s.gifts.join(", ")}; Marks: ${s.marks.join(", ")}` : ""}${s.status?.missRaids ? `; misses ${s.status.missRaids} raid(s)` : ""}`,
      )
    }
    lines.push(
      `  stores: ${Object.entries(r.stores)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}`,
    )
    lines.push(`  improvements: ${r.improvements.join(", ") || "none"}; Errands left: ${r.errands}`)
    if (r.trophies.length > 0)
      lines.push(`  trophies: ${r.trophies.map((t) => registry.get("objectives", t)?.name ?? t).join(", ")}`)
    for (const st of r.statuses)
      lines.push(
        `  next raid: ${st.value > 0 ? "+" : ""}${st.value} lurking (${st.reason}; ${st.raids} raid${st.raids === 1 ? "" : "s"})`,
      )
  }
  lines.push(
    "",
    "standings:",
    ...view.standings.map(
      (s, i) =>
        `  ${i + 1}. ${s.name}: ${s.points} pts, ${s.played} raid${s.played === 1 ? "" : "s"} played (${s.wins}W ${s.draws}D ${s.losses}L), XP ${s.xp}`,
    ),
    ...leagueLines(c.state),
  )
  if (view.hollowed.length)
    lines.push(
      `Hollowed remembered: ${view.hollowed.map((h) => `${h.name}${h.atRest ? " (at rest)" : ""}`).join(", ")}`,
    )
  io.stdout.write(`${lines.join("\n")}\n`)
  return EXIT.ok
}

export const subverbs: Record<string, (args: readonly string[], io: Io) => Promise<number>> = {
  new: newCampaign,
  raid,
  aftermath,
  show,
  play: async (args, io) => (await import("./campaignPlay.js")).campaignPlay(args, io, subverbs),
}

export const campaign: Command = {
  name: "campaign",
  summary: "a campaign: raids, Aftermath, Errands, Seasons and standings (B-AFTERMATH-*)",
  usage,
  handlesHelp: true,
  run: async (args, io) => {
    const [sub, ...rest] = args
    if (sub === undefined || sub === "--help" || sub === "-h" || rest.includes("--help")) {
      io.stdout.write(`${usage}\n`)
      return EXIT.ok
    }
    const verb = Object.hasOwn(subverbs, sub) ? subverbs[sub] : undefined
    if (!verb)
      throw new UsageError(
        `unknown sub-verb ${JSON.stringify(sub)} (one of: ${Object.keys(subverbs).join(", ")})`,
      )
    return verb(rest, io)
  },
}

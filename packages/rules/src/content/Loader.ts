/**
 * The pack loader: validates packs against the schemas, the packs they require and the
 * registered code hooks, reports every problem at once with its path, and gives a merged
 * registry. A set of packs with any problem loads nothing.
 *
 * @since 0.1.0
 */
import { Table } from "@blight/dice"
import { Effect, Result, Schema } from "effect"
import { DiceExpression } from "../terms/Dice.js"
import { KINDS, type Kind } from "../terms/Ids.js"
import { hooks as defaultHooks, type HookPoint, type HookRegistry } from "../vocabulary/Hooks.js"
import { isLegacyHook, upgradeLegacy } from "../vocabulary/Legacy.js"
import { problemsOf } from "./Issues.js"
import { nearest } from "./Nearest.js"
import { Manifest } from "./Pack.js"
import { joinPath, PackInvalid, type Problem } from "./Problem.js"
import { hookUsesOf, referencesOf } from "./References.js"
import { empty, extend, type Registry } from "./Registry.js"
import { satisfies } from "./Semver.js"
import { type AnyEntry, type EntryOf, entrySchemas } from "./schema/Entries.js"
import { scanUnsafe } from "./Unsafe.js"

/** A pack to load: its data (parsed JSON) and a label for messages (a file name or id). */
export interface PackInput {
  readonly source: string
  readonly data: unknown
}

/** Where packs load: on top of `base` (default: nothing), checking hooks in `hooks`. */
export interface LoadOptions {
  readonly base?: Registry | undefined
  readonly hooks?: HookRegistry | undefined
}

const parseOptions = { errors: "all", onExcessProperty: "error", reportInput: true } as const
const decodeManifest = Schema.decodeUnknownResult(Manifest, parseOptions)
const decoders = Object.fromEntries(
  KINDS.map((k) => [
    k,
    Schema.decodeUnknownResult(entrySchemas[k] as Schema.Codec<unknown, unknown>, parseOptions),
  ]),
) as Record<Kind, (u: unknown) => Result.Result<AnyEntry, Schema.SchemaError>>

const TOP_KEYS: ReadonlySet<string> = new Set(["$schema", "manifest", ...KINDS])

const KIND_NAMES: Record<Kind, string> = {
  skillLists: "skill list",
  skills: "skill",
  backgrounds: "background",
  weapons: "weapon",
  armour: "armour",
  kit: "kit",
  gifts: "Gift",
  marks: "Mark",
  behaviours: "behaviour",
  creatures: "creature",
  encounters: "Encounter table",
  tables: "table",
  homes: "Home",
  seasons: "Season",
  improvements: "improvement",
  errands: "Errand",
  objectives: "objective",
  scenarios: "scenario",
  terrain: "terrain kind",
  leader: "Leader rules",
  upkeep: "Upkeep rules",
}

type Entries = { [K in Kind]?: Array<EntryOf[K]> }

interface Checked {
  readonly problems: Problem[]
  readonly manifest?: Manifest | undefined
  readonly entries: Entries
  /** Ids of entries that failed to decode, so references to them don't add noise. */
  readonly broken: Set<string>
  /** Where each decoded entry stands in its kind's array in the pack (for paths). */
  readonly positions: Map<AnyEntry, number>
  /** The packs the manifest requires (their ids). */
  readonly required: ReadonlySet<string>
}

const isRecord = (u: unknown): u is Record<string, unknown> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

/** Problems with a table whose rows cover modified results `min`–`max` (R-CONTENT-01). */
const rangeProblems = (
  rows: ReadonlyArray<{ readonly key: Table.RowKey }>,
  min: number,
  max: number,
  path: string,
): Problem[] => {
  const problems: Problem[] = []
  const owner = new Map<number, number>()
  rows.forEach((row, i) => {
    const at = `${path}[${i}].key`
    if (typeof row.key === "string") {
      problems.push({ path: at, message: "a modified-result table is keyed by numbers or [from, to] ranges" })
      return
    }
    const [from, to] = typeof row.key === "number" ? [row.key, row.key] : row.key
    if (to < from) problems.push({ path: at, message: "an empty range" })
    for (let v = from; v <= to; v++) {
      if (v < min || v > max) {
        problems.push({ path: at, message: `${v} is outside the modified results ${min}–${max}` })
        break
      }
      const prior = owner.get(v)
      if (prior !== undefined) {
        problems.push({ path: at, message: `result ${v} is also covered by row ${prior}` })
        break
      }
      owner.set(v, i)
    }
  })
  const missing: number[] = []
  for (let v = min; v <= max; v++) if (!owner.has(v)) missing.push(v)
  if (missing.length > 0 && problems.length === 0)
    problems.push({
      path,
      message: `no row for modified result${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`,
    })
  return problems
}

/** An Errand's table is one d6 (the campaign rolls d6 only). */
const D6 = Schema.decodeSync(DiceExpression)("d6")

const tableChecks = (kind: Kind, entry: AnyEntry, at: string): Problem[] => {
  if (kind === "errands") {
    const e = entry as EntryOf["errands"]
    if (e.does.kind !== "roll") return []
    return Table.tableProblems({ die: D6, rows: e.does.rows }, joinPath(joinPath(at, "does"), "rows")).map(
      (p) => ({
        path: p.path,
        message: `${p.reason} (an Errand's table is one d6)`,
        clause: "GAP-B-16",
      }),
    )
  }
  if (kind !== "encounters" && kind !== "tables") return []
  const t = entry as EntryOf["tables"] | EntryOf["encounters"]
  const rowsPath = joinPath(at, "rows")
  if ("table" in t && t.table === "casualty")
    return rangeProblems(t.rows, t.modified.min, t.modified.max, rowsPath)
  // Encounter, Gift and Mark tables are 12 rows rolled in two halves (B-ENCOUNTER-03, B-GIFT-04).
  const halves = !("table" in t)
    ? "B-ENCOUNTER-03"
    : t.table === "gifts" || t.table === "marks"
      ? "B-GIFT-04"
      : undefined
  if (halves !== undefined && t.die.kind !== "half")
    return [
      {
        path: joinPath(at, "die"),
        message: 'this table is rolled with two dice, the first picking the half: write "die": "half"',
        clause: halves,
      },
    ]
  return Table.tableProblems(t as Table.Table<unknown>, rowsPath).map((e) => ({
    path: e.path,
    message: e.reason,
  }))
}

/** The pack's top level: only the manifest, `$schema` and entry kinds. */
const topLevelProblems = (data: Record<string, unknown>): Problem[] => {
  const problems: Problem[] = []
  for (const key of Object.keys(data))
    if (!TOP_KEYS.has(key))
      problems.push({
        path: joinPath("", key),
        message: `unknown key; a pack has "manifest" and entry kinds (${KINDS.join(", ")})`,
      })
  if (data.$schema !== undefined && typeof data.$schema !== "string")
    problems.push({
      path: "$schema",
      message: "expected the path or URL of the pack's JSON Schema (a string)",
    })
  return problems
}

/** The manifest, decoded, or its problems. */
const readManifest = (data: Record<string, unknown>): { manifest?: Manifest; problems: Problem[] } => {
  if (data.manifest === undefined) return { problems: [{ path: "manifest", message: "is missing" }] }
  const m = decodeManifest(data.manifest)
  return Result.isFailure(m)
    ? { problems: problemsOf(m.failure, "manifest") }
    : { manifest: m.success, problems: [] }
}

/** R-CONTENT-03: a pack loads once, after the packs it requires, at versions they satisfy. */
const requirementProblems = (manifest: Manifest, loaded: Registry): Problem[] => {
  const problems: Problem[] = []
  if (loaded.packs.some((p) => p.id === manifest.id))
    problems.push({
      path: "manifest.id",
      message: `pack "${manifest.id}" is already loaded`,
      clause: "R-CONTENT-03",
    })
  manifest.requires?.forEach((req, i) => {
    const have = loaded.packs.find((p) => p.id === req.pack)
    const at = `manifest.requires[${i}]`
    if (have === undefined)
      problems.push({
        path: at,
        message: `requires pack "${req.pack}" (${req.version}), which is not loaded`,
        clause: "R-CONTENT-03",
      })
    else if (!satisfies(have.version, req.version))
      problems.push({
        path: joinPath(at, "version"),
        message: `requires "${req.pack}" ${req.version}, but version ${have.version} is loaded`,
        clause: "R-CONTENT-03",
      })
  })
  return problems
}

/** Where a decoded entry stands, and the packs around it. */
interface EntryContext {
  readonly kind: Kind
  readonly at: string
  readonly loaded: Registry
  /** The packs the manifest requires (their ids). */
  readonly required: ReadonlySet<string>
}

/** One named rule every decoded entry must keep. */
export interface EntryCheck {
  readonly name: string
  readonly check: (entry: AnyEntry, c: EntryContext) => Problem[]
}

/** R-CONTENT-02: replacing another pack's entry must be said, and must name a pack this one requires. */
const replacementProblems = (entry: AnyEntry, { kind, at, loaded, required }: EntryContext): Problem[] => {
  const owner = loaded.packOf(kind, entry.id)
  if (entry.replaces === undefined)
    return owner === undefined
      ? []
      : [
          {
            path: `${at}.id`,
            message: `${KIND_NAMES[kind]} "${entry.id}" already exists in pack "${owner}"; to replace it, add "replaces": "${owner}"`,
            clause: "R-CONTENT-02",
          },
        ]
  const problem = (message: string): Problem[] => [
    { path: `${at}.replaces`, message, clause: "R-CONTENT-02" },
  ]
  if (!loaded.packs.some((p) => p.id === entry.replaces))
    return problem(`replaces an entry of pack "${entry.replaces}", which is not loaded`)
  if (owner !== entry.replaces)
    return problem(
      owner === undefined
        ? `pack "${entry.replaces}" has no ${KIND_NAMES[kind]} "${entry.id}" to replace`
        : `${KIND_NAMES[kind]} "${entry.id}" comes from pack "${owner}", not "${entry.replaces}"`,
    )
  if (!required.has(entry.replaces))
    return problem(`replaces an entry of "${entry.replaces}", which the manifest does not list in "requires"`)
  return []
}

/** The checks every decoded entry passes, in the order their problems are reported. */
export const entryChecks: ReadonlyArray<EntryCheck> = [
  { name: "replaces", check: replacementProblems },
  { name: "tables", check: (entry, { kind, at }) => tableChecks(kind, entry, at) },
]

/**
 * One kind's entries, one at a time, so one bad entry doesn't hide the others' problems. Fills
 * `c`'s problems, broken ids and positions; gives the entries that decoded.
 */
const kindEntries = (
  kind: Kind,
  list: ReadonlyArray<unknown>,
  c: Pick<Checked, "problems" | "broken" | "positions" | "required">,
  loaded: Registry,
): AnyEntry[] => {
  const seen = new Map<string, number>()
  const decoded: AnyEntry[] = []
  list.forEach((raw, i) => {
    const at = `${kind}[${i}]`
    const r = decoders[kind](raw)
    if (Result.isFailure(r)) {
      c.problems.push(...problemsOf(r.failure, at))
      if (isRecord(raw) && typeof raw.id === "string") c.broken.add(`${kind}/${raw.id}`)
      return
    }
    const entry = r.success
    const prior = seen.get(entry.id)
    if (prior !== undefined) {
      c.problems.push({
        path: `${at}.id`,
        message: `duplicate ${KIND_NAMES[kind]} id "${entry.id}" (also ${kind}[${prior}])`,
      })
      return
    }
    seen.set(entry.id, i)
    for (const { check } of entryChecks)
      c.problems.push(...check(entry, { kind, at, loaded, required: c.required }))
    decoded.push(entry)
    c.positions.set(entry, i)
  })
  return decoded
}

/** Checks one pack against the packs loaded so far (`loaded`). */
const checkPack = (input: PackInput, loaded: Registry): Checked => {
  const problems: Problem[] = []
  const entries: Entries = {}
  const broken = new Set<string>()
  const positions = new Map<AnyEntry, number>()
  const unsafe = scanUnsafe(input.data)
  problems.push(...unsafe.problems)
  // Vocabulary v1's hooks that v2 says in words are read as those words (vocabulary/Legacy.ts).
  const upgraded = upgradeLegacy(unsafe.clean)
  for (const p of upgraded.problems) problems.push(...problemsOf(p.error, p.path))
  const data = upgraded.data
  if (!isRecord(data)) {
    problems.push({ path: "", message: "a pack is a JSON object with a manifest and entries by kind" })
    return { problems, entries, broken, positions, required: new Set() }
  }
  problems.push(...topLevelProblems(data))
  const { manifest, problems: manifestProblems } = readManifest(data)
  problems.push(...manifestProblems)
  if (manifest !== undefined) problems.push(...requirementProblems(manifest, loaded))
  const required = new Set((manifest?.requires ?? []).map((r) => r.pack as string))
  for (const kind of KINDS) {
    const list = data[kind]
    if (list === undefined) continue
    if (!Array.isArray(list)) {
      problems.push({ path: kind, message: `expected an array of ${KIND_NAMES[kind]} entries` })
      continue
    }
    ;(entries as Record<Kind, unknown[]>)[kind] = kindEntries(
      kind,
      list,
      { problems, broken, positions, required },
      loaded,
    )
  }
  return { problems, manifest, entries, broken, positions, required }
}

/** Where a hook use sits decides what it is for: a behaviour, a victory or draw, or an effect. */
const pointsAt = (path: string): ReadonlyArray<HookPoint> =>
  /\.victory\.hook$/.test(path)
    ? ["victory"]
    : /\.draw\.hook$/.test(path)
      ? ["draw"]
      : /^behaviours\[\d+\]\.hooks\[\d+\]$/.test(path)
        ? ["behaviour"]
        : /^objectives\[/.test(path)
          ? ["objective", "effect"]
          : ["effect"]

/** Checks what only the merged view can say: references resolve, hooks are registered. */
const checkLinks = (checked: Checked, merged: Registry, hookRegistry: HookRegistry): Problem[] => {
  const { entries, broken } = checked
  const problems: Problem[] = []
  for (const kind of KINDS) {
    const schema = entrySchemas[kind] as Schema.Codec<unknown, unknown>
    ;(entries[kind] ?? []).forEach((entry) => {
      const at = `${kind}[${checked.positions.get(entry) ?? 0}]`
      for (const ref of referencesOf(schema, entry, at)) {
        if (broken.has(`${ref.kind}/${ref.id}`)) continue
        const owner = merged.packOf(ref.kind, ref.id)
        if (owner === undefined) {
          const near = nearest(
            ref.id,
            merged.list(ref.kind).map((e) => e.id),
          )
          problems.push({
            path: ref.path,
            message: `unknown ${KIND_NAMES[ref.kind]} "${ref.id}" (no such id in "${ref.kind}")${near === undefined ? "" : `; did you mean "${near}"?`}`,
          })
        } else if (
          checked.manifest !== undefined &&
          owner !== checked.manifest.id &&
          !checked.required.has(owner)
        ) {
          // R-CONTENT-05: a pack names only what it brings or what it requires.
          const version = merged.packs.find((p) => p.id === owner)?.version
          problems.push({
            path: ref.path,
            message: `${KIND_NAMES[ref.kind]} "${ref.id}" comes from pack "${owner}", which this pack does not require: add { "pack": "${owner}", "version": "^${version}" } to manifest.requires`,
            clause: "R-CONTENT-05",
          })
        }
      }
      for (const use of hookUsesOf(entry, at)) {
        // A v1 hook left here had params its old schema refused: already reported.
        if (isLegacyHook(use.hook)) continue
        const hook = hookRegistry.get(use.hook)
        if (hook === undefined) {
          const names = hookRegistry.names()
          problems.push({
            path: joinPath(use.path, "hook"),
            message: `no code hook named "${use.hook}" is registered${names.length > 0 ? ` (registered: ${names.join(", ")})` : ""}`,
          })
          continue
        }
        const points = pointsAt(use.path)
        if (!hook.points.some((p) => points.includes(p))) {
          problems.push({
            path: joinPath(use.path, "hook"),
            message: `hook "${use.hook}" is for ${hook.points.join(", ")}, not for use as ${points.join(" or ")}`,
          })
          continue
        }
        // Left-out params are read as {} (R-CONTENT-04), so a hook without params needs none written.
        const r = hook.decodeParams(use.params ?? {})
        if (Result.isFailure(r)) problems.push(...problemsOf(r.failure, joinPath(use.path, "params")))
      }
    })
  }
  return problems
}

const peekManifest = (data: unknown): { id?: string; requires: string[] } => {
  const m = isRecord(data) && isRecord(data.manifest) ? data.manifest : {}
  const requires = Array.isArray(m.requires)
    ? m.requires.flatMap((r) => (isRecord(r) && typeof r.pack === "string" ? [r.pack] : []))
    : []
  return typeof m.id === "string" ? { id: m.id, requires } : { requires }
}

/** Puts packs after the packs they require (stable: otherwise the given order). */
const inLoadOrder = (inputs: ReadonlyArray<PackInput>): { order: PackInput[]; cycles: Problem[] } => {
  const peeked = inputs.map((input) => ({ input, ...peekManifest(input.data) }))
  const out: PackInput[] = []
  const cycles: Problem[] = []
  const placed = new Set<number>()
  const visiting: number[] = []
  const visit = (i: number) => {
    if (placed.has(i) || visiting.includes(i)) return
    visiting.push(i)
    peeked[i]!.requires.forEach((dep, k) => {
      const j = peeked.findIndex((p) => p.id === dep)
      if (j < 0) return
      // Packs that require each other can't load one after the other: name the whole loop.
      if (visiting.includes(j))
        cycles.push({
          pack: peeked[i]!.input.source,
          path: `manifest.requires[${k}]`,
          message: `packs require each other: ${[...visiting.slice(visiting.indexOf(j)), j].map((x) => `"${peeked[x]!.id}"`).join(" → ")}; a pack can only require packs that load before it`,
          clause: "R-CONTENT-03",
        })
      visit(j)
    })
    visiting.pop()
    placed.add(i)
    out.push(peeked[i]!.input)
  }
  for (let i = 0; i < peeked.length; i++) visit(i)
  return { order: out, cycles }
}

/**
 * Loads packs (in dependency order) on top of `options.base`. Every problem of every pack is
 * reported at once; with any problem, nothing loads.
 */
export const loadPacks = (
  inputs: ReadonlyArray<PackInput>,
  options: LoadOptions = {},
): Result.Result<Registry, PackInvalid> => {
  const hookRegistry = options.hooks ?? defaultHooks
  let registry = options.base ?? empty
  const { order, cycles } = inLoadOrder(inputs)
  const problems: Problem[] = [...cycles]
  for (const input of order) {
    const checked = checkPack(input, registry)
    const manifest = checked.manifest ?? {
      // A pack without a valid manifest is still checked on a stand-in, so its links are too.
      id: `invalid:${input.source}`,
      name: input.source,
      version: "0.0.0",
      ruleset: "the-blight@0.3.0" as const,
      licence: "-",
      author: "-",
    }
    const next = extend(registry, manifest as Manifest, checked.entries)
    const linkProblems = checkLinks(checked, next, hookRegistry)
    for (const p of [...checked.problems, ...linkProblems]) problems.push({ ...p, pack: input.source })
    registry = next
  }
  return problems.length > 0
    ? Result.fail(new PackInvalid({ problems: bounded(problems) }))
    : Result.succeed(registry)
}

/** The most problems reported at once (R-CONTENT-41): a pack this broken is fixed from the top. */
export const MAX_PROBLEMS = 200

/** The first {@link MAX_PROBLEMS} problems, and one more line saying how many are left out. */
const bounded = (problems: Problem[]): Problem[] =>
  problems.length <= MAX_PROBLEMS
    ? problems
    : [
        ...problems.slice(0, MAX_PROBLEMS),
        {
          ...(problems[MAX_PROBLEMS]!.pack === undefined ? {} : { pack: problems[MAX_PROBLEMS]!.pack }),
          path: "",
          message: `and ${problems.length - MAX_PROBLEMS} more problems, not listed (at most ${MAX_PROBLEMS} are, R-CONTENT-41)`,
        },
      ]

/** Loads one pack on top of `options.base`. */
export const loadPack = (input: PackInput, options: LoadOptions = {}): Result.Result<Registry, PackInvalid> =>
  loadPacks([input], options)

/** {@link loadPacks} as an Effect, failing with {@link PackInvalid}. */
export const load = (
  inputs: ReadonlyArray<PackInput>,
  options: LoadOptions = {},
): Effect.Effect<Registry, PackInvalid> =>
  Result.match(loadPacks(inputs, options), { onFailure: Effect.fail, onSuccess: Effect.succeed })

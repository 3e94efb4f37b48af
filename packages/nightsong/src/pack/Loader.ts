/**
 * The Nightsong pack loader: checks each pack against its schemas, the packs it requires and the
 * packs loaded before it, reports every problem at once with its path and the rule broken, and
 * gives the merged content. With any problem, nothing loads.
 *
 * @since 0.3.0
 */
import { Table } from "@blight/dice"
import { Result, Schema } from "effect"
import { kindOf } from "../procedures/conditions/Conditions.js"
import { rollableIds } from "../tables/rollables.js"
import { type Content, emptyContent, extend, sourced } from "./Content.js"
import { type AnyEntry, type EntryOf, entrySchemas, KIND_NAMES, KINDS, type Kind } from "./Entries.js"
import { Manifest, satisfies } from "./Pack.js"
import { at, decodeProblems, NightsongPackInvalid, type PackProblem } from "./Problem.js"

/** A pack to load: parsed JSON, and a label for messages (a file name). */
export interface PackInput {
  readonly source: string
  readonly data: unknown
}

const options = { errors: "all", onExcessProperty: "error", reportInput: true } as const
const decodeManifest = Schema.decodeUnknownResult(Manifest, options)
const decoders = Object.fromEntries(
  KINDS.map((k) => [
    k,
    Schema.decodeUnknownResult(entrySchemas[k] as Schema.Codec<unknown, unknown>, options),
  ]),
) as Record<Kind, (u: unknown) => Result.Result<AnyEntry, Schema.SchemaError>>

const isRecord = (u: unknown): u is Record<string, unknown> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

/** What one pack's check found. */
interface Checked {
  readonly problems: PackProblem[]
  readonly manifest?: Manifest | undefined
  readonly entries: { [K in Kind]?: Array<EntryOf[K]> }
  readonly positions: Map<AnyEntry, string>
}

/** R-N-PACK-02: a pack loads once, after the packs it requires, at versions their ranges allow. */
const requirementProblems = (m: Manifest, loaded: Content): PackProblem[] => {
  const problems: PackProblem[] = []
  if (loaded.packs.some((p) => p.id === m.id))
    problems.push({ path: "manifest.id", message: `pack "${m.id}" is already loaded`, clause: "R-N-PACK-02" })
  m.requires?.forEach((req, i) => {
    const have = loaded.packs.find((p) => p.id === req.pack)
    if (have === undefined)
      problems.push({
        path: `manifest.requires[${i}]`,
        message: `requires pack "${req.pack}" (${req.version}), which is not loaded`,
        clause: "R-N-PACK-02",
      })
    else if (!satisfies(have.version, req.version))
      problems.push({
        path: `manifest.requires[${i}].version`,
        message: `requires "${req.pack}" ${req.version}, but version ${have.version} is loaded`,
        clause: "R-N-PACK-02",
      })
  })
  return problems
}

/** R-N-PACK-02: an entry taking another pack's id says so with `replaces`, naming a pack it requires. */
const replaceProblems = (
  kind: Kind,
  e: AnyEntry,
  path: string,
  loaded: Content,
  required: ReadonlySet<string>,
) => {
  const owner = sourced(loaded, kind, e.id)?.pack
  const problem = (message: string): PackProblem[] => [{ path, message, clause: "R-N-PACK-02" }]
  if (e.replaces === undefined)
    return owner === undefined
      ? []
      : problem(
          `${KIND_NAMES[kind]} "${e.id}" already exists in pack "${owner}"; to replace it, add "replaces": "${owner}"`,
        )
  if (owner !== e.replaces)
    return problem(
      owner === undefined
        ? `pack "${e.replaces}" has no ${KIND_NAMES[kind]} "${e.id}" to replace`
        : `${KIND_NAMES[kind]} "${e.id}" comes from pack "${owner}", not "${e.replaces}"`,
    )
  if (!required.has(e.replaces))
    return problem(`replaces an entry of "${e.replaces}", which the manifest does not list in "requires"`)
  return []
}

/** Tables cover every result of their die once (N-TABLE-01, N-TABLE-02); a table's id is its own (R-N-PACK-04). */
const tableProblems = (kind: Kind, e: AnyEntry, path: string): PackProblem[] => {
  if (kind !== "tables" && kind !== "spellTables") return []
  const t = e as EntryOf["tables"] | EntryOf["spellTables"]
  const rows = t.rows.map((r) => ({ key: r.key, result: r }))
  const problems: PackProblem[] = Table.tableProblems({ die: t.die, rows }, at(path, "rows")).map((p) => ({
    path: p.path,
    message: p.reason,
    clause: t.die.kind === "d66" ? "N-TABLE-01" : "N-TABLE-02",
  }))
  if (rollableIds.includes(t.id))
    problems.push({
      path: at(path, "id"),
      message: `"${t.id}" is a table of the rules; a pack's table takes an id of its own`,
      clause: "R-N-PACK-04",
    })
  return problems
}

/** A Condition the rules do not name needs its severity said (N-CONDITION-01). */
const specialProblems = (kind: Kind, e: AnyEntry, path: string): PackProblem[] =>
  kind !== "creatures"
    ? []
    : ((e as EntryOf["creatures"]).specials ?? []).flatMap((s, i) =>
        s.effects.flatMap((x, j) =>
          x.kind === "inflict" && x.severity === undefined && kindOf(x.condition) === undefined
            ? [
                {
                  path: `${path}.specials[${i}].effects[${j}].severity`,
                  message: `"${x.condition}" is not a Condition the rules name: say whether it is "minor" or "major"`,
                  clause: "N-CONDITION-01",
                },
              ]
            : [],
        ),
      )

/** One kind's entries, one at a time, so one bad entry hides no other's problems. */
const kindEntries = (
  kind: Kind,
  list: unknown[],
  c: Checked,
  loaded: Content,
  required: ReadonlySet<string>,
) => {
  const seen = new Map<string, number>()
  const out: AnyEntry[] = []
  list.forEach((raw, i) => {
    const path = `${kind}[${i}]`
    const r = decoders[kind](raw)
    if (Result.isFailure(r)) {
      c.problems.push(...decodeProblems(r.failure, path))
      return
    }
    const e = r.success
    const prior = seen.get(e.id)
    if (prior !== undefined) {
      c.problems.push({
        path: `${path}.id`,
        message: `duplicate ${KIND_NAMES[kind]} id "${e.id}" (also ${kind}[${prior}])`,
      })
      return
    }
    seen.set(e.id, i)
    c.problems.push(
      ...replaceProblems(
        kind,
        e,
        `${path}.${e.replaces === undefined ? "id" : "replaces"}`,
        loaded,
        required,
      ),
      ...tableProblems(kind, e, path),
      ...specialProblems(kind, e, path),
    )
    c.positions.set(e, path)
    out.push(e)
  })
  return out
}

/** Checks one pack against what is loaded before it. */
const checkPack = (data: unknown, loaded: Content): Checked => {
  const c: Checked = { problems: [], entries: {}, positions: new Map() }
  if (!isRecord(data)) {
    c.problems.push({ path: "", message: "a pack is a JSON object with a manifest and entries by kind" })
    return c
  }
  for (const key of Object.keys(data))
    if (key !== "$schema" && key !== "manifest" && !(KINDS as readonly string[]).includes(key))
      c.problems.push({
        path: at("", key),
        message: `unknown key; a Nightsong pack has "manifest" and ${KINDS.join(", ")}`,
      })
  const m = data.manifest === undefined ? undefined : decodeManifest(data.manifest)
  if (m === undefined) c.problems.push({ path: "manifest", message: "is missing" })
  else if (Result.isFailure(m)) c.problems.push(...decodeProblems(m.failure, "manifest"))
  const manifest = m !== undefined && Result.isSuccess(m) ? m.success : undefined
  if (manifest !== undefined) c.problems.push(...requirementProblems(manifest, loaded))
  const required = new Set((manifest?.requires ?? []).map((r) => r.pack))
  for (const kind of KINDS) {
    const list = data[kind]
    if (list === undefined) continue
    if (!Array.isArray(list))
      c.problems.push({ path: kind, message: `expected an array of ${KIND_NAMES[kind]} entries` })
    else (c.entries as Record<Kind, AnyEntry[]>)[kind] = kindEntries(kind, list, c, loaded, required)
  }
  return { ...c, manifest }
}

/** A Spell table names Spells this pack brings or a pack it requires brings (R-N-PACK-02). */
const linkProblems = (c: Checked, merged: Content): PackProblem[] =>
  (c.entries.spellTables ?? []).flatMap((t) =>
    t.rows.flatMap((row, i) => {
      const path = `${c.positions.get(t)}.rows[${i}].spell`
      const owner = sourced(merged, "spells", row.spell)?.pack
      if (owner === undefined)
        return [{ path, message: `no Spell "${row.spell}" is loaded (no such id in "spells")` }]
      const own = c.manifest?.id === owner || (c.manifest?.requires ?? []).some((r) => r.pack === owner)
      return own
        ? []
        : [
            {
              path,
              message: `Spell "${row.spell}" comes from pack "${owner}", which this pack does not require`,
              clause: "R-N-PACK-02",
            },
          ]
    }),
  )

/** Packs after the packs they require (otherwise in the order given), and any loop of requirements. */
const inLoadOrder = (inputs: ReadonlyArray<PackInput>): { order: PackInput[]; loops: PackProblem[] } => {
  const manifestOf = (i: PackInput) => (isRecord(i.data) && isRecord(i.data.manifest) ? i.data.manifest : {})
  const needs = (i: PackInput): string[] => {
    const req = manifestOf(i).requires
    return Array.isArray(req)
      ? req.flatMap((r) => (isRecord(r) && typeof r.pack === "string" ? [r.pack] : []))
      : []
  }
  const order: PackInput[] = []
  const loops: PackProblem[] = []
  const visit = (i: PackInput, path: ReadonlyArray<PackInput>) => {
    if (order.includes(i)) return
    needs(i).forEach((dep, k) => {
      const j = inputs.find((x) => manifestOf(x).id === dep)
      if (j === undefined) return
      if (j === i || path.includes(j))
        loops.push({
          pack: i.source,
          path: `manifest.requires[${k}]`,
          message: `packs require each other (${[...path.slice(path.indexOf(j)), i, j].map((x) => `"${String(manifestOf(x).id)}"`).join(" → ")}); a pack requires only packs that load before it`,
          clause: "R-N-PACK-02",
        })
      else visit(j, [...path, i])
    })
    if (!order.includes(i)) order.push(i)
  }
  for (const i of inputs) visit(i, [])
  return { order, loops }
}

/** The most problems reported at once: a pack this broken is fixed from the top. */
export const MAX_PROBLEMS = 200

/** Loads packs on top of `base` (default: nothing). Every problem of every pack at once. */
export const loadPacks = (
  inputs: ReadonlyArray<PackInput>,
  base: Content = emptyContent,
): Result.Result<Content, NightsongPackInvalid> => {
  let content = base
  const { order, loops } = inLoadOrder(inputs)
  const problems: PackProblem[] = [...loops]
  for (const input of order) {
    const checked = checkPack(input.data, content)
    const manifest: Manifest = checked.manifest ?? {
      id: `invalid-${problems.length}`,
      name: input.source,
      version: "0.0.0",
      ruleset: "nightsong",
      licence: "-",
      author: "-",
    }
    content = extend(content, manifest, checked.entries)
    for (const p of [...checked.problems, ...linkProblems(checked, content)])
      problems.push({ ...p, pack: input.source })
  }
  if (problems.length === 0) return Result.succeed(content)
  const more = problems.length - MAX_PROBLEMS
  const shown =
    more <= 0
      ? problems
      : [...problems.slice(0, MAX_PROBLEMS), { path: "", message: `and ${more} more problems, not listed` }]
  return Result.fail(new NightsongPackInvalid({ problems: shown }))
}

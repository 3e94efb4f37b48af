/**
 * The balance matrix (issue 38): is a pack fair out of the box? Three parts, each a list of cells
 * (a cell: two Refuges, a scenario, a table, a policy, a number of raids), planned here, played by
 * whoever runs them (the CLI on its worker threads), and folded back here into a report with a
 * target per row:
 *
 * - `table`: the example Refuge against the example Congregation in every scenario, on the declared
 *   table and on the board, with the sensible and the odds policies: each side wins 40–60% of the
 *   decided raids;
 * - `field`: each Home's roster against every other Home's, both ways round, in every scenario:
 *   each Home wins 35–65% of its decided raids;
 * - `items`: each provisional Gift, Mark, skill and background added to a standard roster (see
 *   {@link withItem}), against the same raids (same seeds) without it: the side's share of decided
 *   raids moves by at most 10 points.
 *
 * A share is wins over decided raids, those some side won: draws (and raids stopped by the command
 * bound, R-SIM-05) are left out (R-SIM-07). Intervals are 95%: Wilson for a share, Newcombe's for a difference. A
 * row meets its target when its estimate is inside the band (the interval says how sure that is).
 *
 * @since 0.4.0
 */
import { Schema } from "effect"
import type { ContentView } from "../refuge/Content.js"
import type { Refuge } from "../refuge/Refuge.js"
import type { PolicyName, RaidSummary } from "./Raid.js"
import { differenceOfProportions, Interval, wilson } from "./Stats.js"

/** The parts of the matrix, in the order they are played and reported. */
export const PARTS = ["table", "field", "items"] as const
export type Part = (typeof PARTS)[number]

/** The targets of issue 38. */
export const TARGETS = {
  table: { low: 0.4, high: 0.6 },
  field: { low: 0.35, high: 0.65 },
  items: { maxDelta: 0.1 },
} as const

/** The policies the `table` part plays with (both sides the same). */
export const TABLE_POLICIES = ["sensible", "odds"] as const

/** The kinds of content the `items` part measures, in report order. */
export const ITEM_KINDS = ["gifts", "marks", "skills", "backgrounds"] as const
export type ItemKind = (typeof ITEM_KINDS)[number]

const count = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/** Raids per cell of each part. */
export const Counts = Schema.Struct({
  /** Each `table` cell on the declared table. */
  raids: count,
  /** Each `table` cell on the board. */
  boardRaids: count,
  /** Each `field` cell (one ordered pair of Homes in one scenario). */
  fieldRaids: count,
  /** Each `items` cell (one item, or none, in one scenario). */
  itemRaids: count,
})
export type Counts = typeof Counts.Type

/** The counts for `table`; the field and the items as many as a run can afford. */
export const DEFAULT_COUNTS: Counts = { raids: 1000, boardRaids: 300, fieldRaids: 5, itemRaids: 100 }

/** A side's wins among the decided raids, and that share's interval. */
export const Share = Schema.Struct({ wins: count, decided: count, share: Interval })
export type Share = typeof Share.Type

const shareOf = (wins: number, decided: number): Share => ({ wins, decided, share: wilson(wins, decided) })

/** One `table` cell. */
export const TableRow = Schema.Struct({
  scenario: Schema.String,
  table: Schema.Literals(["declared", "board"]),
  policy: Schema.String,
  raids: count,
  /** Raids nobody won (left out of the shares). */
  draws: count,
  sides: Schema.Array(Schema.Struct({ name: Schema.String, kind: Schema.String, result: Share })),
  met: Schema.Boolean,
})
export type TableRow = typeof TableRow.Type

/** One Home against the field. */
export const FieldRow = Schema.Struct({
  home: Schema.String,
  name: Schema.String,
  kind: Schema.String,
  raids: count,
  draws: count,
  result: Share,
  met: Schema.Boolean,
})
export type FieldRow = typeof FieldRow.Type

/** One item added, against the same raids without it. */
export const ItemRow = Schema.Struct({
  kind: Schema.Literals(ITEM_KINDS),
  id: Schema.String,
  pack: Schema.String,
  /** The roster it was added to (the side whose share is measured) and how. */
  side: Schema.String,
  how: Schema.String,
  without: Share,
  with: Share,
  /** The share with it minus the share without it. */
  delta: Interval,
  met: Schema.Boolean,
})
export type ItemRow = typeof ItemRow.Type

/** The balance report: the same bytes for the same seed, counts and content, however it was played. */
export const BalanceReport = Schema.Struct({
  format: Schema.Literal("blight-sim-balance@1"),
  seed: count,
  packs: Schema.Array(Schema.String),
  counts: Counts,
  parts: Schema.Array(Schema.Literals(PARTS)),
  scenarios: Schema.Array(Schema.String),
  table: Schema.Array(TableRow),
  field: Schema.Array(FieldRow),
  items: Schema.Array(ItemRow),
  /** Rows meeting their target, of all rows. */
  met: count,
  total: count,
}).annotate({ identifier: "SimBalanceReport" })
export type BalanceReport = typeof BalanceReport.Type

/** An item to measure: its kind, id and the pack it comes from. */
export interface Item {
  readonly kind: ItemKind
  readonly id: string
  readonly pack: string
}

/**
 * The provisional Gifts, Marks, skills and backgrounds of the content (a number the rules text
 * states is not the pack's to tune), in the content's order; `packOf` names each one's pack.
 */
export const itemsOf = (
  content: ContentView,
  packOf: (kind: ItemKind, id: string) => string | undefined = () => undefined,
): Item[] =>
  ITEM_KINDS.flatMap((kind) =>
    (content.list(kind) as ReadonlyArray<{ id: string; provenance?: string }>)
      .filter((e) => e.provenance === "provisional")
      .map((e) => ({ kind, id: e.id, pack: packOf(kind, e.id) ?? "core" })),
  )

/**
 * The standard rosters with an item added, and whose share to read. A skill: the Refuge's Leader
 * learns it. A background: the Refuge's last survivor whose background is not
 * already that one takes it instead of their own (its stats and knack; its founding cost is not
 * paid again — the delta is what the background is worth, set against what it costs). A Gift or a
 * Mark: the Congregation's first member without it gains it, besides the one rolled at founding
 * (Gifts and Marks are a Congregation's; a Refuge's survivors only come by them through Blight).
 */
export const withItem = (
  pair: readonly [Refuge, Refuge],
  item: Item,
): { readonly refuges: [Refuge, Refuge]; readonly side: 0 | 1; readonly how: string } => {
  const [refuge, congregation] = pair
  const swap = (
    r: Refuge,
    at: number,
    f: (s: Refuge["survivors"][number]) => Refuge["survivors"][number],
  ) => ({
    ...r,
    survivors: r.survivors.map((s, k) => (k === at ? f(s) : s)),
  })
  if (item.kind === "skills") {
    const at = Math.max(
      0,
      refuge.survivors.findIndex((s) => s.role === "leader"),
    )
    const who = refuge.survivors[at]!
    const r = swap(refuge, at, (s) => ({ ...s, skills: [...s.skills, item.id as never] }))
    return { refuges: [r, congregation], side: 0, how: `${who.name} learns it` }
  }
  if (item.kind === "backgrounds") {
    const at = refuge.survivors.findLastIndex((s) => s.background !== item.id)
    const who = refuge.survivors[at]!
    const r = swap(refuge, at, (s) => ({ ...s, background: item.id as never }))
    return { refuges: [r, congregation], side: 0, how: `${who.name} (${who.background}) takes it instead` }
  }
  const field = item.kind === "gifts" ? "gifts" : "marks"
  const found = congregation.survivors.findIndex((s) => !(s[field] as readonly string[]).includes(item.id))
  // Every member has it already: the first takes it twice.
  const at = Math.max(found, 0)
  const who = congregation.survivors[at]!
  const c = swap(congregation, at, (s) => ({ ...s, [field]: [...s[field], item.id] }))
  return { refuges: [refuge, c], side: 1, how: `${who.name} gains it` }
}

/** One cell to play: two Refuges, a scenario, a table, a policy for both, and how many raids. */
export interface Cell {
  readonly part: Part
  readonly refuges: ReadonlyArray<Refuge>
  readonly scenario: string
  readonly table: "declared" | "board"
  readonly policies: ReadonlyArray<typeof PolicyName.Type>
  readonly raids: number
}

/** What the matrix is planned from. */
export interface Input {
  readonly seed: number
  readonly packs: ReadonlyArray<string>
  readonly counts: Counts
  readonly parts: ReadonlyArray<Part>
  readonly scenarios: ReadonlyArray<string>
  /** The example Refuge and the example Congregation. */
  readonly pair: readonly [Refuge, Refuge]
  /** One roster per Home (and any a pack's author adds). */
  readonly field: ReadonlyArray<Refuge>
  readonly items: ReadonlyArray<Item>
}

/** The matrix: its input and its cells, in the order they are folded. */
export interface Plan {
  readonly input: Input
  readonly cells: ReadonlyArray<Cell>
}

const tableCells = (i: Input): Cell[] =>
  i.scenarios.flatMap((scenario) =>
    (["declared", "board"] as const).flatMap((table) =>
      TABLE_POLICIES.map((policy) => ({
        part: "table" as const,
        refuges: i.pair,
        scenario,
        table,
        policies: [policy],
        raids: table === "declared" ? i.counts.raids : i.counts.boardRaids,
      })),
    ),
  )

const fieldCells = (i: Input): Cell[] =>
  i.field.flatMap((a, x) =>
    i.field.flatMap((b, y) =>
      x === y
        ? []
        : i.scenarios.map((scenario) => ({
            part: "field" as const,
            refuges: [a, b],
            scenario,
            table: "declared" as const,
            policies: ["sensible" as const],
            raids: i.counts.fieldRaids,
          })),
    ),
  )

// The items part: the standard pair without anything added first, then each item; each in every scenario.
const itemCells = (i: Input): Cell[] =>
  [undefined, ...i.items].flatMap((item) =>
    i.scenarios.map((scenario) => ({
      part: "items" as const,
      refuges: item ? withItem(i.pair, item).refuges : i.pair,
      scenario,
      table: "declared" as const,
      policies: ["sensible" as const],
      raids: i.counts.itemRaids,
    })),
  )

/** Plans the matrix: the cells of the parts asked for, in a fixed order. */
export const plan = (input: Input): Plan => ({
  input,
  cells: [
    ...(input.parts.includes("table") ? tableCells(input) : []),
    ...(input.parts.includes("field") ? fieldCells(input) : []),
    ...(input.parts.includes("items") ? itemCells(input) : []),
  ],
})

/**
 * Side `k`'s wins over some cells' raids, and the decided raids: those a side won. A raid nobody
 * won (a draw, a raid every side lost, one stopped by the command bound) is left out.
 */
const tally = (runs: ReadonlyArray<ReadonlyArray<RaidSummary>>, k: number) => {
  let wins = 0
  let decided = 0
  let raids = 0
  for (const rs of runs)
    for (const r of rs) {
      raids++
      if (r.sides[k]?.outcome === "win") wins++
      if (r.sides.some((s) => s.outcome === "win")) decided++
    }
  return { wins, decided, raids, draws: raids - decided }
}

const inBand = (s: Share, band: { readonly low: number; readonly high: number }) =>
  s.decided > 0 && s.share.estimate >= band.low && s.share.estimate <= band.high

const tableRows = (cells: ReadonlyArray<Cell>, runs: ReadonlyArray<ReadonlyArray<RaidSummary>>): TableRow[] =>
  cells.map((c, n) => {
    const sides = c.refuges.map((r, k) => {
      const t = tally([runs[n]!], k)
      return { name: r.name, kind: r.kind, result: shareOf(t.wins, t.decided) }
    })
    const t = tally([runs[n]!], 0)
    return {
      scenario: c.scenario,
      table: c.table,
      policy: c.policies[0]!,
      raids: t.raids,
      draws: t.draws,
      sides,
      met: sides.every((s) => inBand(s.result, TARGETS.table)),
    }
  })

const fieldRows = (
  input: Input,
  cells: ReadonlyArray<Cell>,
  runs: ReadonlyArray<ReadonlyArray<RaidSummary>>,
): FieldRow[] =>
  input.field.map((home) => {
    const t = { wins: 0, decided: 0, raids: 0, draws: 0 }
    cells.forEach((c, n) => {
      const k = c.refuges.indexOf(home)
      if (k < 0) return
      const x = tally([runs[n]!], k)
      t.wins += x.wins
      t.decided += x.decided
      t.raids += x.raids
      t.draws += x.draws
    })
    const result = shareOf(t.wins, t.decided)
    return {
      home: home.home,
      name: home.name,
      kind: home.kind,
      raids: t.raids,
      draws: t.draws,
      result,
      met: inBand(result, TARGETS.field),
    }
  })

const itemRows = (input: Input, runs: ReadonlyArray<ReadonlyArray<RaidSummary>>): ItemRow[] => {
  const per = input.scenarios.length
  const base = runs.slice(0, per)
  return input.items.map((item, n) => {
    const { refuges, side, how } = withItem(input.pair, item)
    const a = tally(base, side)
    const b = tally(runs.slice((n + 1) * per, (n + 2) * per), side)
    const delta = differenceOfProportions(b.wins, b.decided, a.wins, a.decided)
    return {
      kind: item.kind,
      id: item.id,
      pack: item.pack,
      side: refuges[side].name,
      how,
      without: shareOf(a.wins, a.decided),
      with: shareOf(b.wins, b.decided),
      delta,
      met: a.decided > 0 && b.decided > 0 && Math.abs(delta.estimate) <= TARGETS.items.maxDelta,
    }
  })
}

/** Folds each cell's raid summaries (`runs[n]`: cell `n`'s, in index order) into the report. */
export const fold = (p: Plan, runs: ReadonlyArray<ReadonlyArray<RaidSummary>>): BalanceReport => {
  if (runs.length !== p.cells.length)
    throw new Error(`balance: ${runs.length} runs for ${p.cells.length} cells`)
  const of = (part: Part) => {
    const at = p.cells.flatMap((c, n) => (c.part === part ? [n] : []))
    return { cells: at.map((n) => p.cells[n]!), runs: at.map((n) => runs[n]!) }
  }
  const { input } = p
  const t = of("table")
  const f = of("field")
  const table = tableRows(t.cells, t.runs)
  const field = input.parts.includes("field") ? fieldRows(input, f.cells, f.runs) : []
  const items = input.parts.includes("items") ? itemRows(input, of("items").runs) : []
  const rows = [...table, ...field, ...items]
  return {
    format: "blight-sim-balance@1",
    seed: input.seed,
    packs: [...input.packs],
    counts: input.counts,
    parts: PARTS.filter((x) => input.parts.includes(x)),
    scenarios: [...input.scenarios],
    table,
    field,
    items,
    met: rows.filter((r) => r.met).length,
    total: rows.length,
  }
}

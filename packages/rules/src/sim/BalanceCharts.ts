/**
 * The balance report's charts (issue 38) as Vega-Lite specs: each row's share of decided raids (or
 * its delta) with its 95% interval, the target band shaded behind.
 *
 * @since 0.4.0
 */
import { type BalanceReport, TARGETS } from "./Balance.js"
import { type Chart, intervals } from "./Charts.js"
import type { Interval } from "./Stats.js"

const pts = (i: Interval) => ({ estimate: i.estimate * 100, low: i.low * 100, high: i.high * 100 })
const band = (b: { readonly low: number; readonly high: number }) => [b.low * 100, b.high * 100] as const

/** One chart of rows with intervals over a shaded target band, or none when the part was not run. */
const chart = (
  id: string,
  title: string,
  rows: ReadonlyArray<{ readonly what: string; readonly group: string; readonly at: Interval }>,
  subtitle: string,
  x: string,
  extra: Parameters<typeof intervals>[3],
): Chart[] =>
  rows.length === 0
    ? []
    : [
        {
          id,
          title,
          spec: intervals(
            subtitle,
            rows.map((r) => ({ what: r.what, group: r.group, ...pts(r.at) })),
            x,
            extra,
          ),
        },
      ]

const SHARE = "share of decided raids won (%)"

/** The report's charts, one per part run: the `table` part (the example Refuge's share, a colour per table and policy), the field, the items (a colour per kind). */
export const balanceCharts = (r: BalanceReport): Chart[] => {
  const pair = r.table[0]?.sides.map((s) => s.name) ?? []
  return [
    ...chart(
      "balance-table",
      `${pair[0]} against ${pair[1]}: ${pair[0]}'s share of decided raids (%, 95% Wilson intervals; shaded: the 40–60% target)`,
      r.table.map((c) => ({
        what: c.scenario,
        group: `${c.table}, ${c.policy}`,
        at: c.sides[0]!.result.share,
      })),
      "share of decided raids by scenario",
      SHARE,
      { domain: [0, 100], band: band(TARGETS.table) },
    ),
    ...chart(
      "balance-field",
      "Each Home's roster against the field: share of decided raids (%, 95% Wilson intervals; shaded: the 35–65% target)",
      r.field.map((h) => ({ what: `${h.home} (${h.name})`, group: h.kind, at: h.result.share })),
      "share of decided raids against every other Home",
      SHARE,
      { domain: [0, 100], band: band(TARGETS.field) },
    ),
    ...chart(
      "balance-items",
      "Each provisional item added to a standard roster: change in its side's share of decided raids (points, 95% Newcombe intervals; shaded: within ±10)",
      r.items.map((i) => ({ what: `${i.kind}: ${i.id}`, group: i.kind, at: i.delta })),
      "with it minus without it, the same seeds",
      "change in share of decided raids (percentage points)",
      { zeroLine: true, band: [-TARGETS.items.maxDelta * 100, TARGETS.items.maxDelta * 100] },
    ),
  ]
}

/**
 * A report's charts as declarative Vega-Lite specs (v6): data inline, so a spec alone draws its
 * chart — on a server (the CLI renders them to SVG) or in a browser (a client hands the same spec
 * to vega-embed and gets it interactive). Rates are drawn with their Wilson intervals, means with
 * theirs; histograms count raids.
 *
 * @since 0.4.0
 */

import { type CampaignReport, STORES } from "./CampaignRun.js"
import type { LeagueReport } from "./LeagueRun.js"
import type { Comparison, Report } from "./Report.js"
import type { Interval } from "./Stats.js"

/** One chart: an id (for the page's anchors), a title, and its Vega-Lite spec. */
export interface Chart {
  readonly id: string
  readonly title: string
  readonly spec: Readonly<Record<string, unknown>>
}

const SCHEMA = "https://vega.github.io/schema/vega-lite/v6.json"
const WIDTH = 520
const colours = { range: ["#3b6ea5", "#c0504d", "#7a9a3a", "#8064a2", "#d08a2c", "#4bacc6"] }

const base = (title: string, values: ReadonlyArray<Record<string, unknown>>, height = 220) => ({
  $schema: SCHEMA,
  title,
  width: WIDTH,
  height,
  data: { values },
  config: {
    font: "sans-serif",
    view: { stroke: null },
    axis: { labelFontSize: 11, titleFontSize: 12, labelLimit: 360 },
    legend: { labelLimit: 320, labelFontSize: 11 },
  },
})

const at = (i: Interval) => ({ estimate: i.estimate, low: i.low, high: i.high })

/**
 * Points with interval whiskers: y nominal (what), x the estimate, colour by `group`; a shaded
 * `band` marks a target range (the balance report's).
 */
export const intervals = (
  title: string,
  values: ReadonlyArray<Record<string, unknown>>,
  x: string,
  extra: { domain?: readonly [number, number]; zeroLine?: boolean; band?: readonly [number, number] } = {},
) => {
  const scale = extra.domain ? { domain: [...extra.domain] } : { zero: true }
  const rows = new Set(values.map((v) => `${v.what}|${v.group}`)).size
  // Each layer names its own rows, so a reference line (its own data) spans the whole chart.
  const rowsOf = {
    y: { field: "what", type: "nominal", title: null, sort: null },
    yOffset: { field: "group", type: "nominal" },
    color: { field: "group", type: "nominal", title: null, scale: colours, legend: { orient: "bottom" } },
  }
  return {
    ...base(title, values, Math.max(80, rows * 22)),
    layer: [
      ...(extra.band
        ? [
            {
              data: { values: [{ low: extra.band[0], high: extra.band[1] }] },
              mark: { type: "rect", color: "#7a9a3a", opacity: 0.15 },
              encoding: { x: { field: "low", type: "quantitative" }, x2: { field: "high" } },
            },
          ]
        : []),
      ...(extra.zeroLine
        ? [
            {
              data: { values: [{ zero: 0 }] },
              mark: { type: "rule", strokeDash: [4, 3], color: "#888" },
              encoding: { x: { field: "zero", type: "quantitative" } },
            },
          ]
        : []),
      {
        mark: { type: "rule", strokeWidth: 2 },
        encoding: {
          ...rowsOf,
          x: { field: "low", type: "quantitative", title: x, scale },
          x2: { field: "high" },
        },
      },
      {
        mark: { type: "point", filled: true, size: 60 },
        encoding: {
          ...rowsOf,
          x: { field: "estimate", type: "quantitative" },
          tooltip: [
            { field: "group" },
            { field: "what" },
            { field: "estimate", format: ".3f" },
            { field: "low", format: ".3f" },
            { field: "high", format: ".3f" },
          ],
        },
      },
    ],
  }
}

/** Lines by round with interval whiskers, a colour per series (`what`). */
const byRound = (
  title: string,
  values: ReadonlyArray<Record<string, unknown>>,
  y: string,
  domain?: readonly [number, number],
  x: "round" | "raid" = "round",
) => ({
  ...base(title, values),
  encoding: {
    x: {
      field: x,
      type: "ordinal",
      title: x === "round" ? "round" : "raid of the campaign",
      axis: { labelAngle: 0 },
    },
    color: { field: "what", type: "nominal", title: null, scale: colours, legend: { orient: "bottom" } },
  },
  layer: [
    {
      mark: { type: "line", point: true },
      encoding: {
        y: {
          field: "estimate",
          type: "quantitative",
          title: y,
          ...(domain ? { scale: { domain: [...domain] } } : {}),
        },
        tooltip: [{ field: "what" }, { field: x }, { field: "estimate", format: ".3f" }],
      },
    },
    {
      mark: { type: "rule" },
      encoding: { y: { field: "low", type: "quantitative" }, y2: { field: "high" } },
    },
  ],
})

/** One of a report's charts, or none when the report has nothing for it. */
export type ReportChart = (r: Report) => Chart[]

/** Win, draw, loss and Rout rates per side. */
const outcomesChart: ReportChart = (r) => [
  {
    id: "outcomes",
    title: "Win, draw, loss and Rout rates per side (95% Wilson intervals)",
    spec: intervals(
      `Outcomes over ${r.raids} raids`,
      r.sides.flatMap((s) =>
        (["win", "draw", "loss", "rout"] as const).map((what) => ({
          what,
          group: s.side,
          ...at(s[what].rate),
        })),
      ),
      "rate",
      { domain: [0, 1] },
    ),
  },
]

/** Each side's means per raid: casualties, Loot, Blight, Reloads. */
const perRaidChart: ReportChart = (r) => [
  {
    id: "per-raid",
    title:
      "Per raid: survivors Down, Finished and Turned; Loot home; Blight gained; Reloads spent (95% intervals)",
    spec: intervals(
      "Per raid, per side",
      r.sides.flatMap((s) =>
        (
          [
            ["survivors Down", s.down],
            ["survivors Finished", s.finished],
            ["survivors Turned", s.turned],
            ["Loot home", s.loot],
            ["Rich finds", s.rich],
            ["Blight gained", s.blight],
            ["Reloads spent", s.reloadsSpent],
          ] as const
        ).map(([what, i]) => ({ what, group: s.side, ...at(i) })),
      ),
      "mean per raid",
    ),
  },
]

/** A histogram per side of raids by survivors Finished. */
const finishedChart: ReportChart = (r) => [
  {
    id: "finished",
    title: "Raids by survivors Finished (a histogram per side)",
    spec: {
      ...base(
        "Survivors Finished in a raid",
        r.sides.flatMap((s) =>
          s.finishedHistogram.map((raids, finished) => ({ side: s.side, finished, raids })),
        ),
      ),
      mark: { type: "bar", tooltip: true },
      encoding: {
        x: { field: "finished", type: "ordinal", title: "survivors Finished", axis: { labelAngle: 0 } },
        xOffset: { field: "side", type: "nominal" },
        y: { field: "raids", type: "quantitative", title: "raids" },
        color: { field: "side", type: "nominal", title: null, scale: colours, legend: { orient: "bottom" } },
      },
    },
  },
]

/** The Din by round: how often it brings each kind of encounter. */
const dinChart: ReportChart = (r) =>
  r.byRound.length === 0
    ? []
    : [
        {
          id: "din",
          title: "The Din by round: how often it brings a lesser or greater encounter (95% Wilson intervals)",
          spec: byRound(
            "The Din by round",
            r.byRound.flatMap((d) => [
              { round: d.round, what: "lesser encounter", raids: d.raids, ...at(d.lesser.rate) },
              { round: d.round, what: "greater encounter", raids: d.raids, ...at(d.greater.rate) },
            ]),
            "rate",
            [0, 1],
          ),
        },
      ]

/** Noise made and encounters rolled by round. */
const noiseChart: ReportChart = (r) =>
  r.byRound.length === 0
    ? []
    : [
        {
          id: "noise",
          title:
            "Noise made and encounters rolled by round (means of the raids that reached the round, 95% intervals)",
          spec: byRound(
            "Noise and encounters by round",
            r.byRound.flatMap((d) => [
              { round: d.round, what: "Noise made", raids: d.raids, ...at(d.noise) },
              { round: d.round, what: "encounters rolled", raids: d.raids, ...at(d.encounters) },
            ]),
            "mean per raid",
          ),
        },
      ]

/** Each creature kind's damage dealt and taken, beside its XP. */
const creaturesChart: ReportChart = (r) => {
  if (r.creatures.length === 0) return []
  const name = (c: Report["creatures"][number]) =>
    `${c.ref} (XP ${c.xp}${c.pack === "core" ? "" : `, ${c.pack}`}, ${c.count} came)`
  return [
    {
      id: "creatures",
      title: "Each creature kind: damage dealt and taken per creature, against its XP (95% intervals)",
      spec: intervals(
        "Creatures: damage per creature",
        r.creatures.flatMap((c) => [
          { what: name(c), group: "dealt", ...at(c.dealt) },
          { what: name(c), group: "taken", ...at(c.taken) },
        ]),
        "Health per creature",
      ),
    },
  ]
}

/** A report's charts, in the order they are shown. */
export const reportCharts: ReadonlyArray<ReportChart> = [
  outcomesChart,
  perRaidChart,
  finishedChart,
  dinChart,
  noiseChart,
  creaturesChart,
]

/** The charts of a report. */
export const charts = (r: Report): Chart[] => reportCharts.flatMap((chart) => chart(r))

/**
 * The A/B charts: B − A for each side, rates in percentage points and means per raid apart (their
 * scales differ), each difference with its interval and a dashed line at no difference.
 */
export const comparisonCharts = (c: Comparison): Chart[] => {
  const rows = (
    pick: (s: Comparison["sides"][number]) => ReadonlyArray<readonly [string, { difference: Interval }]>,
    k: number,
  ) =>
    c.sides.flatMap((s) =>
      pick(s).map(([what, d]) => ({
        what,
        group: s.side,
        estimate: d.difference.estimate * k,
        low: d.difference.low * k,
        high: d.difference.high * k,
      })),
    )
  const subtitle = `${c.b} minus ${c.a}, the same ${c.raids} seeds`
  const difference = (id: string, title: string, pick: Parameters<typeof rows>[0], k: number, x: string) => ({
    id,
    title,
    spec: intervals(subtitle, rows(pick, k), x, { zeroLine: true }),
  })
  return [
    difference(
      "ab-rates",
      `A/B rates: ${c.b} against ${c.a} (percentage points, 95% Newcombe intervals; dashed: no difference)`,
      (s) => [
        ["win rate", s.win],
        ["Rout rate", s.rout],
      ],
      100,
      "difference B − A (percentage points)",
    ),
    difference(
      "ab-means",
      `A/B per raid: ${c.b} against ${c.a} (95% Welch intervals; dashed: no difference)`,
      (s) => [
        ["survivors Finished", s.finished],
        ["Loot home", s.loot],
        ["Blight gained", s.blight],
      ],
      1,
      "difference B − A (per raid)",
    ),
  ]
}

/**
 * A campaign run's charts: the survival curve, the roster, each store's trajectory, the net
 * Salvage and Reloads per raid, and the Din by Season.
 */
export const campaignCharts = (r: CampaignReport): Chart[] => {
  const series = (pick: (p: CampaignReport["refuges"][number]["byRaid"][number]) => Interval) =>
    r.refuges.flatMap((f) => f.byRaid.map((p) => ({ raid: p.raid, what: f.name, ...at(pick(p)) })))
  /** A line per Refuge, raid by raid. */
  const byRaid = (
    id: string,
    title: string,
    subtitle: string,
    pick: Parameters<typeof series>[0],
    y: string,
    domain?: readonly [number, number],
  ): Chart => ({ id, title, spec: byRound(subtitle, series(pick), y, domain, "raid") })
  const capital = (store: string) => `${store[0]!.toUpperCase()}${store.slice(1)}`
  return [
    byRaid(
      "survival",
      `Survival: the share of each Refuge's starting survivors still on its roster after each raid (${r.campaigns} campaigns, 95% intervals)`,
      "Survival curve",
      (p) => p.survival,
      "share still on the roster",
      [0, 1],
    ),
    byRaid(
      "turned",
      "Raids until a Turn: the share of campaigns in which a Refuge has had a survivor Turn by each raid (95% Wilson intervals)",
      "Any survivor Turned",
      (p) => p.anyTurned.rate,
      "share of campaigns",
      [0, 1],
    ),
    byRaid(
      "blight",
      "Mean Blight of the survivors on the roster after each raid (95% intervals)",
      "Blight on the roster",
      (p) => p.blight,
      "Blight",
    ),
    byRaid(
      "roster",
      "Survivors on the roster after each raid, recruits included (means, 95% intervals)",
      "Roster",
      (p) => p.roster,
      "survivors",
    ),
    ...STORES.map((store) =>
      byRaid(
        `store-${store}`,
        `${capital(store)} in the stores after each raid (means, 95% intervals)`,
        capital(store),
        (p) => p[store],
        store,
      ),
    ),
    ...(["salvage", "reloads"] as const).map((store) =>
      byRaid(
        `net-${store}`,
        `${capital(store)} net over each raid, its Errands and Aftermath included (means, 95% intervals)`,
        `${capital(store)} net per raid`,
        (p) => p.net[store],
        `${store} gained (less spent)`,
      ),
    ),
    ...dinBySeason(r),
  ]
}

/** The Din by Season, when any raid had a Season. */
const dinBySeason = (r: CampaignReport): Chart[] =>
  r.bySeason.length === 0
    ? []
    : [
        {
          id: "din-season",
          title: `The Din by Season: per raid, rounds whose Din called a Lesser or a Greater encounter roll, and encounters rolled (${r.bySeason.reduce((n, x) => n + x.raids, 0)} raids, 95% intervals)`,
          spec: intervals(
            "The Din by Season",
            r.bySeason.flatMap((x) => [
              { what: `${x.season} (${x.raids} raids)`, group: "Lesser Din rounds", ...at(x.lesser) },
              { what: `${x.season} (${x.raids} raids)`, group: "Greater Din rounds", ...at(x.greater) },
              { what: `${x.season} (${x.raids} raids)`, group: "encounters", ...at(x.encounters) },
            ]),
            "per raid",
          ),
        },
      ]

/**
 * A league run's chart: for each Refuge, the share of leagues it finished in each place (a stacked
 * bar, first place at the left).
 */
export const leagueCharts = (r: LeagueReport): Chart[] => [
  {
    id: "league-places",
    title: `Final standings: the share of ${r.leagues} leagues (${r.spec.rounds} rounds, ${r.spec.schedule}) each Refuge finished in each place`,
    spec: {
      ...base(
        "Final places",
        r.refuges.flatMap((f) =>
          f.places.map((k, p) => ({
            what: f.name,
            place: p + 1,
            share: r.leagues === 0 ? 0 : k / r.leagues,
          })),
        ),
        Math.max(120, r.refuges.length * 26),
      ),
      mark: "bar",
      encoding: {
        y: { field: "what", type: "nominal", title: null, sort: null },
        x: { field: "share", type: "quantitative", title: "share of leagues", stack: "normalize" },
        color: { field: "place", type: "ordinal", title: "place", scale: { scheme: "viridis" } },
        order: { field: "place", type: "ordinal" },
      },
    },
  },
]

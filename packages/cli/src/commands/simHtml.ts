/**
 * The report as one HTML page: each chart's Vega-Lite spec (`SimCharts`) compiled with vega-lite
 * and rendered to SVG with vega on the server (no browser, no canvas), the SVG inlined, and the
 * spec embedded beside it as JSON (`<script type="application/json" class="vega-lite">`) so a
 * client can draw it interactively. The numbers are in tables too. Loaded only for `--html`.
 */
import type { SimBalance, SimCampaign, SimLeague } from "@blight/rules"
import { SimBalanceCharts, SimCharts, type SimReport } from "@blight/rules"
import { parse as parseVega, View } from "vega"
import { compile } from "vega-lite"

const html = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

/** A spec's JSON made safe inside a script element. */
const scriptJson = (v: unknown): string => JSON.stringify(v).replace(/</g, "\\u003c")

/** Renders one Vega-Lite spec to SVG. */
export const svgOf = async (spec: Readonly<Record<string, unknown>>): Promise<string> => {
  const view = new View(parseVega(compile(spec as never).spec), { renderer: "none" })
  try {
    return await view.toSVG()
  } finally {
    view.finalize()
  }
}

const pct = (i: { estimate: number; low: number; high: number }) =>
  `${(i.estimate * 100).toFixed(1)}% <small>(${(i.low * 100).toFixed(1)}–${(i.high * 100).toFixed(1)})</small>`
const mean = (i: { estimate: number; low: number; high: number }) =>
  `${i.estimate.toFixed(2)} <small>(${i.low.toFixed(2)}–${i.high.toFixed(2)})</small>`

const table = (head: string[], rows: string[][]): string =>
  `<table><thead><tr>${head.map((h) => `<th>${h}</th>`).join("")}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join("")}</tr>`)
    .join("")}</tbody></table>`

const sideTable = (r: SimReport.Report): string =>
  table(
    [
      "side",
      "win",
      "draw",
      "loss",
      "Rout",
      "Down",
      "Finished",
      "Turned",
      "Loot home",
      "Blight",
      "Reloads spent",
    ],
    r.sides.map((s) => [
      html(s.side),
      pct(s.win.rate),
      pct(s.draw.rate),
      pct(s.loss.rate),
      pct(s.rout.rate),
      mean(s.down),
      mean(s.finished),
      mean(s.turned),
      mean(s.loot),
      mean(s.blight),
      mean(s.reloadsSpent),
    ]),
  )

const creatureTable = (r: SimReport.Report): string =>
  r.creatures.length === 0
    ? "<p>No creature came in these raids.</p>"
    : table(
        ["creature", "pack", "XP", "came", "dealt / creature", "taken / creature", "slain", "dealt per XP"],
        r.creatures.map((c) => [
          html(c.ref),
          html(c.pack),
          String(c.xp),
          String(c.count),
          mean(c.dealt),
          mean(c.taken),
          pct(c.slain.rate),
          c.dealtPerXp.toFixed(2),
        ]),
      )

const figure = async (c: SimCharts.Chart): Promise<string> =>
  `<figure id="${html(c.id)}"><figcaption>${html(c.title)}</figcaption>${await svgOf(c.spec)}
<details><summary>Vega-Lite spec</summary><script type="application/json" class="vega-lite" data-chart="${html(c.id)}">${scriptJson(c.spec)}</script><p>The spec is in this page's source; hand it to vega-embed to draw it interactively.</p></details></figure>`

const section = async (title: string, r: SimReport.Report): Promise<string> => {
  const figures: string[] = []
  for (const c of SimCharts.charts(r)) figures.push(await figure(c))
  return `<section><h2>${html(title)}</h2>
<p>${r.raids} raids of <b>${html(r.spec.scenario)}</b> with ${html(r.spec.label)}; ${html(r.spec.table)} table;
policies ${html(r.spec.policies.join(", "))}; seed ${r.spec.seed}${r.unfinished ? `; ${r.unfinished} stopped unfinished` : ""}.
Rounds per raid: ${mean(r.rounds)}. Intervals are 95%: Wilson for rates, normal for means.</p>
${sideTable(r)}
<h3>Blight gained by source (per raid, all sides)</h3>
${
  r.blightBySource.length === 0
    ? "<p>None.</p>"
    : table(
        ["source", "per raid"],
        r.blightBySource.map((b) => [html(b.source), b.perRaid.toFixed(3)]),
      )
}
<h3>Creatures against their XP</h3>
${creatureTable(r)}
${figures.join("\n")}
</section>`
}

/** The whole page: report A, and with an A/B run, report B and the differences. */
export const page = async (
  a: SimReport.Report,
  comparison?: SimReport.Comparison,
  b?: SimReport.Report,
): Promise<string> => {
  const parts = [await section(comparison ? `A: ${a.spec.label}` : "Report", a)]
  if (comparison && b) {
    parts.unshift(`<section><h2>A/B: ${html(comparison.b)} against ${html(comparison.a)}</h2>
<p>The same ${comparison.raids} raids (same seeds) played twice. Each difference is B − A with a 95%
interval (rates: Newcombe's hybrid score interval; means: a normal interval on Welch's unpooled
standard error). The raids are paired, so these
intervals, which treat them as independent, are if anything too wide.</p>
${table(
  ["side", "win", "Rout", "Finished / raid", "Loot / raid", "Blight / raid"],
  comparison.sides.map((s) => [
    html(s.side),
    diff(s.win, 100, " pt"),
    diff(s.rout, 100, " pt"),
    diff(s.finished),
    diff(s.loot),
    diff(s.blight),
  ]),
)}
${(await Promise.all(SimCharts.comparisonCharts(comparison).map(figure))).join("\n")}</section>`)
    parts.push(await section(`B: ${b.spec.label}`, b))
  }
  const what = comparison ? `, A/B: ${comparison.b} against ${comparison.a}` : ""
  return shell(`blight sim: ${a.spec.scenario}${what}`, parts.join("\n"))
}

/** A campaign run's page: the survival curves and store trajectories, a table per Refuge. */
export const campaignPage = async (r: SimCampaign.CampaignReport): Promise<string> => {
  const figures: string[] = []
  for (const c of SimCharts.campaignCharts(r)) figures.push(await figure(c))
  const refugeTable = (f: SimCampaign.CampaignReport["refuges"][number]) =>
    `<h3>${html(f.name)} (${f.starting} survivors at the start)</h3>${table(
      [
        "after raid",
        "campaigns",
        "starting survivors left",
        "roster",
        "won",
        "dead so far",
        "Turned so far",
        "a Turn yet",
        "Blight",
        "Salvage",
        "Rations",
        "Reloads",
        "Meds",
        "Amber",
      ],
      f.byRaid.map((p) => [
        String(p.raid),
        String(p.campaigns),
        pct(p.survival),
        mean(p.roster),
        pct(p.win.rate),
        mean(p.dead),
        mean(p.turned),
        pct(p.anyTurned.rate),
        mean(p.blight),
        mean(p.salvage),
        mean(p.rations),
        mean(p.reloads),
        mean(p.meds),
        mean(p.amber),
      ]),
    )}`
  const body = `<section><h2>Campaign run</h2>
<p>${r.campaigns} campaigns of ${r.spec.raids} raids each (scenarios: ${html(r.spec.scenario)}; seed ${r.spec.seed}),
each played by the campaign's own seeded policy: Errands, the raid, the Aftermath's choices.
Means over the campaigns that reached each raid, with 95% intervals.${
    r.stopped.length ? ` Stopped early: ${r.stopped.map(html).join("; ")}.` : ""
  }</p>
${r.refuges.map(refugeTable).join("\n")}
${figures.join("\n")}
</section>`
  return shell("blight sim: a campaign run", body)
}

/** A league run's page: the distribution of final places per Refuge, as a table and a chart. */
export const leaguePage = async (r: SimLeague.LeagueReport): Promise<string> => {
  const figures = await Promise.all(SimCharts.leagueCharts(r).map(figure))
  const body = `<section><h2>League run</h2>
<p>${r.leagues} leagues of ${r.refuges.length} Refuges, ${r.spec.rounds} rounds each (${html(r.spec.schedule)};
scenarios: ${html(r.spec.scenario)}; seed ${r.spec.seed}), every raid played by the campaign's own seeded
policy. Standings 3/1/0, ties on total Experience; means with 95% intervals.${
    r.stopped.length ? ` Stopped early: ${r.stopped.map(html).join("; ")}.` : ""
  }</p>
${table(
  ["Refuge", "leagues won", "mean place", "mean points", ...r.refuges.map((_, p) => `place ${p + 1}`)],
  r.refuges.map((f) => [
    html(f.name),
    pct(f.won.rate),
    mean(f.place),
    mean(f.points),
    ...f.places.map(String),
  ]),
)}
${figures.join("\n")}
</section>`
  return shell("blight sim: a league run", body)
}

const tick = (met: boolean) => (met ? "✓" : "✗")
const share = (s: SimBalance.Share) => `${pct(s.share)} of ${s.decided}`
const points = (i: { estimate: number; low: number; high: number }) => {
  const f = (x: number) => `${x >= 0 ? "+" : ""}${(x * 100).toFixed(1)}`
  return `${f(i.estimate)} pt <small>(${f(i.low)} to ${f(i.high)})</small>`
}

/** `--balance`: a table per part, ✓ or ✗ against each row's target, and the charts. */
export const balancePage = async (r: SimBalance.BalanceReport): Promise<string> => {
  const figures: string[] = []
  for (const c of SimBalanceCharts.balanceCharts(r)) figures.push(await figure(c))
  const tableRows = r.table.map((row) => [
    tick(row.met),
    html(row.scenario),
    row.table,
    html(row.policy),
    ...row.sides.map((s) => share(s.result)),
    String(row.draws),
  ])
  const sides = r.table[0]?.sides.map((s) => html(s.name)) ?? []
  const body = `<section><h2>Balance: targets met ${r.met} of ${r.total}</h2>
<p>Seed ${r.seed}; packs: ${r.packs.length ? r.packs.map(html).join(", ") : "the core pack"}. Shares are of decided raids
(draws left out), with 95% Wilson intervals; a change is with the item minus without it on the same seeds,
with Newcombe's 95% interval. A row meets its target when its estimate is inside the band.</p>
${r.table.length ? `<h3>Example Refuge against example Congregation (target 40–60% each)</h3>${table(["", "scenario", "table", "policy", ...sides, "draws"], tableRows)}` : ""}
${
  r.field.length
    ? `<h3>Each Home against the field (target 35–65%)</h3>${table(
        ["", "Home", "roster", "kind", "share", "draws"],
        r.field.map((h) => [
          tick(h.met),
          html(h.home),
          html(h.name),
          h.kind,
          share(h.result),
          String(h.draws),
        ]),
      )}`
    : ""
}
${
  r.items.length
    ? `<h3>Provisional items added to a standard roster (target within ±10 points)</h3>${table(
        ["", "kind", "item", "pack", "side", "how", "without", "with", "change"],
        r.items.map((i) => [
          tick(i.met),
          i.kind,
          html(i.id),
          html(i.pack),
          html(i.side),
          html(i.how),
          pct(i.without.share),
          pct(i.with.share),
          points(i.delta),
        ]),
      )}`
    : ""
}
${figures.join("\n")}
</section>`
  return shell("blight sim --balance", body)
}

const shell = (title: string, body: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${html(title)}</title>
<style>
body{font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
table{border-collapse:collapse;margin:.5rem 0 1rem;font-size:.85rem}
td,th{border-bottom:1px solid #ddd;padding:.25rem .5rem;text-align:right}
td:first-child,th:first-child{text-align:left}
small{color:#777}figure{margin:1.5rem 0}figcaption{font-weight:bold;margin-bottom:.5rem}
details{font-size:.8rem;color:#555}
</style></head><body>
<h1>blight sim</h1>
${body}
</body></html>
`

const diff = (
  d: { a: number; b: number; difference: { estimate: number; low: number; high: number } },
  k = 1,
  unit = "",
) => {
  const f = (x: number) => `${x >= 0 ? "+" : ""}${(x * k).toFixed(k === 1 ? 2 : 1)}`
  return `${f(d.difference.estimate)}${unit} <small>(${f(d.difference.low)} to ${f(d.difference.high)})</small>`
}

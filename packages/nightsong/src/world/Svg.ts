/**
 * Draws a Land as an SVG hex map: every hex a polygon filled with its Region's colour, Region
 * boundaries in dark lines, each Faction's territory outlined by coloured hex edges (nested inside
 * the hex when several Factions share it), Region names on the map, and a legend of Regions and
 * Factions beside it.
 *
 * @since 0.1.0
 */
import { centre, corners, EDGE_DIRECTIONS, edgeToward, flower, type HexCell } from "./Hex.js"
import type { Faction, Region, World } from "./World.js"

const SIZE = 64
const MAP_W = 600
const LEGEND_X = MAP_W + 20
const WIDTH = 1180

/** A Region type's base hue and saturation; Regions of one type vary in lightness. */
const TYPE_HUE = {
  Waters: [208, 62],
  Wetlands: [168, 34],
  Plains: [58, 58],
  Forests: [118, 36],
  Peaks: [24, 12],
  Barrens: [36, 50],
} as const
const LIGHTNESS = [62, 74, 52, 68, 57, 78]

/** Strong colours for Faction borders, chosen to stand out on the terrain colours. */
const FACTION_COLOURS = [
  "#d7191c",
  "#6a1b9a",
  "#ff7f00",
  "#111111",
  "#e7298a",
  "#0b3d91",
  "#8c510a",
  "#00838f",
  "#b8860b",
  "#7f0000",
  "#1b5e20",
  "#c51162",
]

const esc = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")
const n = (x: number): string => (Math.round(x * 10) / 10).toString()

/** The fill colour of every Region. */
export const regionColours = (world: World): ReadonlyMap<string, string> => {
  const seen = new Map<string, number>()
  return new Map(
    world.regions.map((r) => {
      const k = seen.get(r.type) ?? 0
      seen.set(r.type, k + 1)
      const [h, s] = TYPE_HUE[r.type]
      return [r.id, `hsl(${h}, ${s}%, ${LIGHTNESS[k % LIGHTNESS.length]}%)`]
    }),
  )
}

/** The border colour (and dash, past the palette) of every Faction. */
export const factionStyle = (index: number): { readonly colour: string; readonly dash?: string } => {
  const colour = FACTION_COLOURS[index % FACTION_COLOURS.length]!
  return index < FACTION_COLOURS.length ? { colour } : { colour, dash: "7 4" }
}

/** The Region's hex nearest its middle: where its name goes. */
const labelHex = (region: Region, cells: ReadonlyMap<number, HexCell>): HexCell => {
  const hs = region.hexes.map((h) => cells.get(h)!)
  const mq = hs.reduce((a, c) => a + c.q, 0) / hs.length
  const mr = hs.reduce((a, c) => a + c.r, 0) / hs.length
  const d = (c: HexCell) => Math.abs(c.q - mq) + Math.abs(c.r - mr) + Math.abs(c.q + c.r - mq - mr)
  return hs.reduce((best, c) => (d(c) < d(best) ? c : best))
}

const spans = (x: number, y: number, parts: ReadonlyArray<readonly [string, string]>): string =>
  `<text x="${n(x)}" y="${n(y)}" xml:space="preserve">${parts.map(([body, cls]) => `<tspan class="${cls}">${esc(body)}</tspan>`).join("")}</text>`

const text = (x: number, y: number, body: string, attrs = ""): string =>
  `<text x="${n(x)}" y="${n(y)}"${attrs ? ` ${attrs}` : ""}>${esc(body)}</text>`

/** What every layer of the map reads: the hexes, colours, Factions and where each hex is drawn. */
interface Frame {
  readonly world: World
  readonly map: ReturnType<typeof flower>
  readonly cells: ReadonlyMap<number, HexCell>
  readonly hexOf: ReadonlyMap<number, World["hexes"][number]>
  readonly colours: ReadonlyMap<string, string>
  readonly factionIndex: ReadonlyMap<string, number>
  readonly territory: ReadonlyMap<string, ReadonlySet<number>>
  /** The map's centre on the page, vertically. */
  readonly cy: number
  readonly at: (c: HexCell) => readonly [number, number]
}

const frameOf = (world: World): Frame => {
  const map = flower(world.map.radius)
  const cx = MAP_W / 2 + 10
  const cy = 96 + SIZE * (1.5 * world.map.radius + 1)
  return {
    world,
    map,
    cells: new Map<number, HexCell>(map.cells.map((c) => [c.id, c])),
    hexOf: new Map(world.hexes.map((h) => [h.id, h])),
    colours: regionColours(world),
    factionIndex: new Map(world.factions.map((f, i) => [f.id, i])),
    territory: new Map(world.factions.map((f) => [f.id, new Set<number>(f.territory)])),
    cy,
    at: (c) => {
      const [x, y] = centre(c, SIZE)
      return [cx + x, cy + y] as const
    },
  }
}

/** Every hex a polygon in its Region's colour. */
const hexPolygons = (f: Frame): string[] =>
  f.map.cells.map((c) => {
    const [x, y] = f.at(c)
    const pts = corners(x, y, SIZE)
    return `<polygon data-hex="${c.id}" points="${pts.map(([a, b]) => `${n(a)},${n(b)}`).join(" ")}" fill="${f.colours.get(f.hexOf.get(c.id)!.region) ?? "#fff"}" stroke="#ffffff" stroke-opacity="0.55" stroke-width="1"/>`
  })

/** Each hex's number, above its middle. */
const hexNumbers = (f: Frame): string[] =>
  f.map.cells.map((c) => {
    const [x, y] = f.at(c)
    return text(x, y - SIZE * 0.62, String(c.id).padStart(2, "0"), 'class="num"')
  })

/** Region boundaries and the map's rim, edge by edge. */
const regionBorders = (f: Frame): string[] =>
  f.map.cells.flatMap((c) => {
    const region = f.hexOf.get(c.id)!.region
    const pts = corners(...f.at(c), SIZE)
    const out: string[] = []
    for (let i = 0; i < 6; i++) {
      const [a, b] = edgeIndex(i)
      const nb = neighbourAt(f.map, c, i)
      if (nb === undefined || f.hexOf.get(nb.id)!.region !== region) out.push(line(pts[a]!, pts[b]!))
    }
    return out
  })

/** Faction borders: each claimant outlines the edges where its territory ends, nested by order. */
const factionBorders = (f: Frame): string[] =>
  f.map.cells.flatMap((c) => {
    const [x, y] = f.at(c)
    const out: string[] = []
    f.hexOf.get(c.id)!.factions.forEach((fid, level) => {
      const inner = corners(x, y, SIZE - 6 - level * 6)
      const style = factionStyle(f.factionIndex.get(fid)!)
      for (let i = 0; i < 6; i++) {
        const nb = neighbourAt(f.map, c, i)
        if (nb !== undefined && f.territory.get(fid)!.has(nb.id)) continue
        const [a, b] = edgeIndex(i)
        out.push(
          `<line x1="${n(inner[a]![0])}" y1="${n(inner[a]![1])}" x2="${n(inner[b]![0])}" y2="${n(inner[b]![1])}" stroke="${style.colour}"${style.dash ? ` stroke-dasharray="${style.dash}"` : ""} stroke-width="3.2" stroke-linecap="round"/>`,
        )
      }
    })
    return out
  })

/** Faction seats: a numbered badge on the hex where each Faction started. */
const seatBadges = (f: Frame): string[] => {
  const seatsAt = new Map<number, Faction[]>()
  for (const fa of f.world.factions)
    seatsAt.set(fa.placement.start, [...(seatsAt.get(fa.placement.start) ?? []), fa])
  const seats: string[] = []
  for (const [hid, fs] of seatsAt) {
    const [x, y] = f.at(f.cells.get(hid)!)
    fs.forEach((fa, i) => {
      const i0 = f.factionIndex.get(fa.id)!
      const sx = x + (i - (fs.length - 1) / 2) * 19
      const sy = y + SIZE * 0.5
      seats.push(
        `<circle cx="${n(sx)}" cy="${n(sy)}" r="8.5" fill="${factionStyle(i0).colour}" stroke="#fff" stroke-width="1.5"/>`,
        text(sx, sy + 3.5, String(i0 + 1), 'class="seat"'),
      )
    })
  }
  return seats
}

/** Each Region's name and type, on its middle hex. */
const regionNames = (f: Frame): string[] =>
  f.world.regions.flatMap((r) => {
    const [x, y] = f.at(labelHex(r, f.cells))
    return [text(x, y - 6, r.name, 'class="rname"'), text(x, y + 9, r.type, 'class="rtype"')]
  })

/** The legend beside the map: Regions, then Factions; and how far down the page it reaches. */
const legendOf = (f: Frame): { readonly parts: string[]; readonly bottom: number } => {
  const { world } = f
  const legend: string[] = []
  let ly = 96
  legend.push(text(LEGEND_X, ly, `Regions (${world.regions.length})`, 'class="h2"'))
  ly += 20
  for (const r of world.regions) {
    legend.push(
      `<rect x="${LEGEND_X}" y="${ly - 11}" width="16" height="16" rx="3" fill="${f.colours.get(r.id)}" stroke="#333" stroke-width="0.8"/>`,
      spans(LEGEND_X + 24, ly + 1, [
        [r.name, "lname"],
        [
          `  ${r.type} · ${r.vegetation} vegetation · hex ${[...r.hexes].sort((a, b) => a - b).join(", ")}`,
          "ldim",
        ],
      ]),
      text(
        LEGEND_X + 24,
        ly + 15,
        `${r.feature} · ${r.descriptor} · Spark: ${r.spark.theme} + ${r.spark.action}`,
        'class="lsmall"',
      ),
    )
    ly += 34
  }
  ly += 8
  legend.push(
    text(LEGEND_X, ly, `Factions (${world.factions.length}): border colour and seat number`, 'class="h2"'),
  )
  ly += 20
  for (const fa of world.factions) {
    const i = f.factionIndex.get(fa.id)!
    const style = factionStyle(i)
    legend.push(
      `<line x1="${LEGEND_X}" y1="${ly - 4}" x2="${LEGEND_X + 16}" y2="${ly - 4}" stroke="${style.colour}" stroke-width="3.2"${style.dash ? ` stroke-dasharray="5 3"` : ""}/>`,
      text(LEGEND_X + 30, ly, String(i + 1), 'class="lnum"'),
      spans(LEGEND_X + 36, ly, [
        [fa.name, "lname"],
        [
          `  ${fa.type} · ${fa.wants} through ${fa.through} · ${fa.is} · goal ${fa.goal.toUpperCase()}`,
          "ldim",
        ],
      ]),
    )
    ly += 19
  }
  return { parts: legend, bottom: ly }
}

const STYLE = [
  "<style>",
  ".num{font-size:10px;fill:#222;fill-opacity:.55;text-anchor:middle}",
  ".rname{font-size:14px;font-weight:bold;fill:#1a1a1a;text-anchor:middle;paint-order:stroke;stroke:#fff;stroke-width:3.5px;stroke-linejoin:round}",
  ".rtype{font-size:10.5px;fill:#222;text-anchor:middle;paint-order:stroke;stroke:#fff;stroke-width:3px;stroke-linejoin:round}",
  ".seat{font-size:10px;font-weight:bold;fill:#fff;text-anchor:middle;font-family:Verdana,'DejaVu Sans',sans-serif}",
  ".h1{font-size:24px;font-weight:bold;fill:#222}.sub{font-size:13px;fill:#555}",
  ".h2{font-size:15px;font-weight:bold;fill:#222}",
  ".lname{font-size:13px;font-weight:bold;fill:#222}.ldim{font-size:12px;fill:#444}.lsmall{font-size:11.5px;fill:#666;font-style:italic}",
  ".lnum{font-size:11px;font-weight:bold;fill:#444;text-anchor:end}",
  "</style>",
]

/** The page's heading: the Land, its seed, and its size. */
const heading = (world: World): string[] => [
  `<rect width="100%" height="100%" fill="#f7f3ea"/>`,
  text(24, 40, `Nightsong Land${world.seed === undefined ? "" : ` · seed ${world.seed}`}`, 'class="h1"'),
  text(
    24,
    62,
    `${world.hexes.length} hexes of ${world.map.hexMiles} miles · ${world.regions.length} Regions · ${world.factions.length} Factions${world.session > 0 ? ` · after session ${world.session}` : ""}`,
    'class="sub"',
  ),
]

/** Renders the World as a standalone SVG document. */
export const renderSvg = (world: World): string => {
  const f = frameOf(world)
  const legend = legendOf(f)
  const height = Math.max(f.cy + SIZE * (1.5 * world.map.radius + 1) + 40, legend.bottom + 20)
  const out = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${n(height)}" viewBox="0 0 ${WIDTH} ${n(height)}" font-family="Georgia, 'DejaVu Serif', serif">`,
    `<title>${esc(`Nightsong Land${world.seed === undefined ? "" : ` (seed ${world.seed})`}`)}</title>`,
    ...STYLE,
    ...heading(world),
    `<g id="hexes">${hexPolygons(f).join("")}</g>`,
    `<g id="region-borders" stroke="#2b2b2b" stroke-width="2.6" stroke-linecap="round">${regionBorders(f).join("")}</g>`,
    `<g id="faction-borders">${factionBorders(f).join("")}</g>`,
    `<g id="seats">${seatBadges(f).join("")}</g>`,
    `<g id="labels">${[...hexNumbers(f), ...regionNames(f)].join("")}</g>`,
    `<g id="legend">${legend.parts.join("")}</g>`,
    "</svg>",
  ]
  return `${out.join("\n")}\n`
}

type Point = readonly [number, number]
const line = (a: Point, b: Point): string =>
  `<line x1="${n(a[0])}" y1="${n(a[1])}" x2="${n(b[0])}" y2="${n(b[1])}"/>`

const edgeIndex = (i: number): readonly [number, number] =>
  edgeToward(
    { id: 0 as never, q: 0, r: 0 },
    { id: 0 as never, q: EDGE_DIRECTIONS[i]![0], r: EDGE_DIRECTIONS[i]![1] },
  )

const neighbourAt = (map: ReturnType<typeof flower>, c: HexCell, i: number): HexCell | undefined => {
  const [dq, dr] = EDGE_DIRECTIONS[i]!
  return map.cells.find((o) => o.q === c.q + dq && o.r === c.r + dr)
}

/**
 * A picture of a raid on its board, as SVG: the terrain (walls, growth, ruins, Spore, Lairs), the
 * deployment zones and Blight edges, the tokens (Loot, Lairs, lights, fires, spore clouds), every
 * model on its base with its name and status (Down, Hidden, Shaken, wounds, Noise), and the last
 * activation's path and lines of fire. Drawn to be read at a glance: a legend, a 6" grid.
 *
 * Exported for the CLI: `Svg.render(state, { lastActivation })` → an SVG string, and
 * `Svg.lastActivation(events)` to find what the last activation did.
 *
 * @since 0.3.0
 */
import { at } from "../../../terms/Indexed.js"
import type { Event } from "../../Event.js"
import type { Model, State, Token } from "../../State.js"
import type { Terrain } from "./Board.js"
import { DEPLOY, pointsOf } from "./Board.js"

const PX = 20

/** What the last activation did: where the model went and what it attacked. */
export interface LastActivation {
  readonly model: string
  /** Its positions, in order, from where it started. */
  readonly path: ReadonlyArray<{ readonly x: number; readonly y: number }>
  /** Attacks it made: from where to whom. */
  readonly attacks: ReadonlyArray<{
    readonly from: { readonly x: number; readonly y: number }
    readonly target: string
    readonly kind: string
  }>
}

/** Finds the last activation in a raid's events (positions followed through every move). */
export const lastActivation = (events: ReadonlyArray<Event>): LastActivation | undefined => {
  const where = new Map<string, { x: number; y: number }>()
  let last:
    | { model: string; path: Array<{ x: number; y: number }>; attacks: LastActivation["attacks"][number][] }
    | undefined
  for (const e of events) {
    if (e.type === "battle.setup") for (const m of e.state.models) if (m.position) where.set(m.id, m.position)
    if (e.type === "creature.arrives" && e.model.position) where.set(e.model.id, e.model.position)
    if (e.type === "activation.start") {
      const p = where.get(e.model)
      last = { model: e.model, path: p ? [p] : [], attacks: [] }
    }
    if (e.type === "moved" && e.to) {
      where.set(e.model, e.to)
      if (last?.model === e.model) last.path.push(e.to)
    }
    if (e.type === "attack.rolled" && last?.model === e.attacker) {
      const from = where.get(e.attacker)
      if (from) last.attacks.push({ from, target: e.target, kind: e.attack })
    }
  }
  return last
}

const esc = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")
const n = (v: number): string => String(Math.round(v * PX * 10) / 10)

interface Style {
  readonly fill: string
  readonly stroke: string
  readonly label: string
}

const TERRAIN: Record<string, Style> = {
  wall: { fill: "#4a4744", stroke: "#2a2826", label: "wall / building / wreck" },
  dense: { fill: "url(#growth)", stroke: "#1f4d2b", label: "dense Blight growth" },
  climbable: { fill: "#8a6d4e", stroke: "#5c4630", label: "ruins (climbable)" },
  difficult: { fill: "url(#bog)", stroke: "#6b6a3a", label: "difficult ground" },
  spore: { fill: "#b072c8", stroke: "#7b3f95", label: "Spore terrain" },
  lair: { fill: "#6e1f24", stroke: "#3d0e11", label: "Lair" },
}

/** A pack's own terrain kind: a plain slate fill, labelled by its id. */
const styleOf = (kind: string): Style => TERRAIN[kind] ?? { fill: "#5d5f73", stroke: "#2f3040", label: kind }

/** Ground first, then a pack's own kinds, then what stands on the ground. */
const drawOrder = (terrain: ReadonlyArray<Terrain>): string[] => {
  const own = [...new Set(terrain.map((t) => t.kind).filter((k) => !(k in TERRAIN)))].sort()
  return ["spore", "difficult", "lair", ...own, "dense", "climbable", "wall"]
}

const SIDE_COLOURS = ["#2f7fd1", "#e0a030", "#3fb39a", "#d05fae"]

const colourOf = (state: State, m: Model): string => {
  const side = state.sides.find((s) => s.id === m.side)
  if (side?.kind === "brood") return "#c0392b"
  if (side?.kind === "gardeners") return "#6d9c2f"
  const players = state.sides.filter((s) => s.kind === "refuge" || s.kind === "congregation")
  return at(SIDE_COLOURS, Math.max(0, side ? players.indexOf(side) : -1) % SIDE_COLOURS.length)
}

const shortName = (name: string): string => {
  const [first = "", second] = name
    .replace(/\(.*\)/, "")
    .trim()
    .split(/\s+/)
  const w =
    second !== undefined && /^(the|sergeant|mother|brother|sister|old|doc)$/i.test(first) ? second : first
  return w.length > 10 ? `${w.slice(0, 9)}…` : w
}

const token = (t: Token): string => {
  if (!t.position) return ""
  const { x, y } = t.position
  const title = `<title>${esc(`${t.id}: ${t.kind}${t.contents ? ` (${t.contents})` : ""}`)}</title>`
  switch (t.kind) {
    case "loot":
      return `<g>${title}<rect x="${n(x - 0.45)}" y="${n(y - 0.45)}" width="${n(0.9)}" height="${n(0.9)}" rx="3" fill="#f2c14e" stroke="#8a6100" stroke-width="2"/><text x="${n(x)}" y="${n(y + 0.18)}" font-size="10" text-anchor="middle" fill="#5a3d00" font-weight="bold">L</text></g>`
    case "lair":
      return `<g>${title}<circle cx="${n(x)}" cy="${n(y)}" r="${n(0.6)}" fill="#2b0a0c" stroke="#ff6b6b" stroke-width="2"/><text x="${n(x)}" y="${n(y + 0.18)}" font-size="9" text-anchor="middle" fill="#ff9b9b">Lair</text></g>`
    case "sporeCloud":
      return `<g>${title}<circle cx="${n(x)}" cy="${n(y)}" r="${n(t.radius ?? 2)}" fill="#b072c8" fill-opacity="0.35" stroke="#7b3f95" stroke-dasharray="4 3"/></g>`
    case "light":
    case "fire":
      return `<g>${title}<circle cx="${n(x)}" cy="${n(y)}" r="${n(0.4)}" fill="${t.kind === "fire" ? "#ff6a00" : "#fff27a"}" stroke="#a15c00"/></g>`
    case "objective":
      return `<g>${title}<path d="M${n(x)} ${n(y - 0.6)} L${n(x + 0.6)} ${n(y)} L${n(x)} ${n(y + 0.6)} L${n(x - 0.6)} ${n(y)} Z" fill="#9fd8ff" stroke="#1d5f8a"/></g>`
  }
}

const model = (state: State, m: Model, active: boolean): string => {
  if (!m.position || (m.status !== "active" && m.status !== "down")) return ""
  const { x, y } = m.position
  const r = (m.base ?? 1) / 2
  const colour = colourOf(state, m)
  const down = m.status === "down"
  const status = [
    down ? "Down" : "",
    m.hidden ? "Hidden" : "",
    m.shaken ? "Shaken" : "",
    m.carrying.length > 0 ? "carrying Loot" : "",
    m.noise > 0 ? `Noise ${m.noise}` : "",
  ].filter(Boolean)
  const title = `<title>${esc(`${m.name} (${m.id}) — Health ${m.health}/${m.profile.health}${m.kind === "survivor" ? `, Blight ${m.blight}` : ""}${status.length ? `; ${status.join(", ")}` : ""}`)}</title>`
  const parts = [
    title,
    active
      ? `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r + 0.35)}" fill="none" stroke="#fff" stroke-width="2" stroke-dasharray="3 2"/>`
      : "",
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${down ? "#777" : colour}" stroke="${m.kind === "creature" ? "#3b0000" : "#101820"}" stroke-width="${m.leader ? 3 : 1.5}"${m.hidden ? ' stroke-dasharray="3 2" fill-opacity="0.55"' : ""}/>`,
  ]
  if (down)
    parts.push(
      `<path d="M${n(x - r * 0.6)} ${n(y - r * 0.6)} L${n(x + r * 0.6)} ${n(y + r * 0.6)} M${n(x + r * 0.6)} ${n(y - r * 0.6)} L${n(x - r * 0.6)} ${n(y + r * 0.6)}" stroke="#fff" stroke-width="2"/>`,
    )
  // Wounds: a bar under the base.
  const frac = Math.max(0, Math.min(1, m.health / m.profile.health))
  parts.push(
    `<rect x="${n(x - r)}" y="${n(y + r + 0.1)}" width="${n(2 * r)}" height="3" fill="#300"/><rect x="${n(x - r)}" y="${n(y + r + 0.1)}" width="${n(2 * r * frac)}" height="3" fill="${frac > 0.5 ? "#5fd35f" : frac > 0.25 ? "#f0c040" : "#ff4040"}"/>`,
  )
  // Noise: a white dot per token, above the base.
  for (let i = 0; i < Math.min(m.noise, 6); i++)
    parts.push(
      `<circle cx="${n(x - r + 0.2 + i * 0.3)}" cy="${n(y - r - 0.25)}" r="2.5" fill="#fff" stroke="#000" stroke-width="0.5"/>`,
    )
  if (m.carrying.length > 0)
    parts.push(
      `<rect x="${n(x + r - 0.15)}" y="${n(y - r - 0.1)}" width="6" height="6" fill="#f2c14e" stroke="#5a3d00"/>`,
    )
  if (m.shaken)
    parts.push(
      `<text x="${n(x - r - 0.1)}" y="${n(y - r + 0.1)}" font-size="10" fill="#ffd24a" text-anchor="end">!</text>`,
    )
  parts.push(
    `<text x="${n(x)}" y="${n(y + r + 0.75)}" font-size="10" text-anchor="middle" fill="#f4f1e8" stroke="#111" stroke-width="2.5" paint-order="stroke">${esc(shortName(m.name))}</text>`,
  )
  return `<g class="model">${parts.join("")}</g>`
}

/** The SVG's opening, patterns and markers, and the table's ground. */
const header = (W: number, H: number, legendH: number): string[] => [
  `<svg xmlns="http://www.w3.org/2000/svg" width="${n(W)}" height="${n(H + legendH)}" viewBox="0 0 ${n(W)} ${n(H + legendH)}" font-family="DejaVu Sans, Verdana, sans-serif">`,
  `<defs><pattern id="growth" width="10" height="10" patternUnits="userSpaceOnUse"><rect width="10" height="10" fill="#2e6b3a"/><path d="M0 10 L5 0 L10 10" stroke="#4f9a5a" fill="none"/></pattern>`,
  `<pattern id="bog" width="8" height="8" patternUnits="userSpaceOnUse"><rect width="8" height="8" fill="#8a8a52"/><path d="M0 8 L8 0" stroke="#5c5c30"/></pattern>`,
  `<marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto"><path d="M0 0 L10 5 L0 10 z" fill="#fff"/></marker></defs>`,
  `<rect width="${n(W)}" height="${n(H)}" fill="#c9b99a"/>`,
]

/** A faint 6" grid. */
const grid = (W: number, H: number): string[] => {
  const out: string[] = []
  for (let v = 6; v < Math.max(W, H); v += 6) {
    if (v < W)
      out.push(`<line x1="${n(v)}" y1="0" x2="${n(v)}" y2="${n(H)}" stroke="#000" stroke-opacity="0.08"/>`)
    if (v < H)
      out.push(`<line x1="0" y1="${n(v)}" x2="${n(W)}" y2="${n(v)}" stroke="#000" stroke-opacity="0.08"/>`)
  }
  return out
}

/** Each side's deployment zone in its colour, then the Blight edges (those no side deploys on) dashed red. */
const edges = (state: State, W: number, H: number): string[] => {
  const out: string[] = []
  const owned = new Set<string>()
  for (const s of state.sides) {
    if (!s.edge) continue
    owned.add(s.edge)
    const colour = SIDE_COLOURS[state.sides.filter((x) => x.edge).indexOf(s) % SIDE_COLOURS.length]
    const [x, y, w, h] =
      s.edge === "north"
        ? [0, 0, W, DEPLOY]
        : s.edge === "south"
          ? [0, H - DEPLOY, W, DEPLOY]
          : s.edge === "west"
            ? [0, 0, DEPLOY, H]
            : [W - DEPLOY, 0, DEPLOY, H]
    out.push(
      `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${colour}" fill-opacity="0.12"/>`,
    )
  }
  for (const e of ["north", "south", "west", "east"] as const) {
    if (owned.has(e)) continue
    const [x1, y1, x2, y2] =
      e === "north" ? [0, 0, W, 0] : e === "south" ? [0, H, W, H] : e === "west" ? [0, 0, 0, H] : [W, 0, W, H]
    out.push(
      `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="#b3001b" stroke-width="6" stroke-dasharray="10 6"/>`,
    )
  }
  return out
}

/** Terrain: ground first, then what stands on it (kinds in `order`). */
const terrainShapes = (terrain: ReadonlyArray<Terrain>, order: ReadonlyArray<string>): string[] => {
  const out: string[] = []
  for (const kind of order)
    for (const t of terrain.filter((x) => x.kind === kind)) {
      const style = styleOf(kind)
      const pts = pointsOf(t)
        .map((p) => `${n(p.x)},${n(p.y)}`)
        .join(" ")
      out.push(
        `<polygon points="${pts}" fill="${style.fill}" stroke="${style.stroke}" stroke-width="1.5"${kind === "spore" ? ' fill-opacity="0.55"' : ""}><title>${esc(t.name ?? style.label)}</title></polygon>`,
      )
    }
  return out
}

/** The last activation: its path and lines of fire. */
const lastLines = (state: State, last: LastActivation | undefined): string[] => {
  const out: string[] = []
  if (!last) return out
  if (last.path.length > 1)
    out.push(
      `<polyline points="${last.path.map((p) => `${n(p.x)},${n(p.y)}`).join(" ")}" fill="none" stroke="#fff" stroke-width="2.5" stroke-dasharray="6 4" marker-end="url(#arrow)"/>`,
    )
  for (const a of last.attacks) {
    const to = state.models.find((m) => m.id === a.target)?.position
    if (!to) continue
    out.push(
      `<line x1="${n(a.from.x)}" y1="${n(a.from.y)}" x2="${n(to.x)}" y2="${n(to.y)}" stroke="${a.kind === "shoot" ? "#ff3030" : "#ffa020"}" stroke-width="2.5" marker-end="url(#arrow)"/>`,
    )
  }
  return out
}

/** The legend under the table: the round and scenario, the terrain kinds, the sides' colours. */
const legend = (
  state: State,
  order: ReadonlyArray<string>,
  W: number,
  H: number,
  legendH: number,
): string[] => {
  const out: string[] = []
  const y0 = H + 0.3
  out.push(`<rect x="0" y="${n(H)}" width="${n(W)}" height="${n(legendH)}" fill="#1c1a17"/>`)
  const result = state.result ? ` — over: ${state.result.reason}` : ""
  out.push(
    `<text x="${n(0.4)}" y="${n(y0 + 0.6)}" font-size="13" fill="#f4f1e8">${esc(`Round ${state.round} of ${state.rounds} · ${state.scenario}${result}`)}</text>`,
  )
  let lx = 0.4
  const ly = y0 + 1.6
  for (const kind of order) {
    const style = styleOf(kind)
    out.push(
      `<rect x="${n(lx)}" y="${n(ly - 0.45)}" width="12" height="12" fill="${style.fill}" stroke="${style.stroke}"/><text x="${n(lx + 0.8)}" y="${n(ly + 0.1)}" font-size="10" fill="#ddd">${esc(style.label)}</text>`,
    )
    lx += 0.8 + style.label.length * 0.3 + 0.6
  }
  out.push(...sideKey(state, ly))
  return out
}

/** The sides' colours in the legend (the first six). */
const sideKey = (state: State, ly: number): string[] => {
  const out: string[] = []
  const sides = state.sides.map((s) => {
    const m = state.models.find((x) => x.side === s.id)
    return { name: s.name, colour: m ? colourOf(state, m) : "#999" }
  })
  let lx = 0.4
  for (const s of sides.slice(0, 6)) {
    out.push(
      `<circle cx="${n(lx + 0.3)}" cy="${n(ly + 0.75)}" r="5" fill="${s.colour}"/><text x="${n(lx + 0.8)}" y="${n(ly + 0.95)}" font-size="10" fill="#ddd">${esc(s.name.length > 28 ? `${s.name.slice(0, 27)}…` : s.name)}</text>`,
    )
    lx += 1.2 + Math.min(28, s.name.length) * 0.3
  }
  return out
}

/** Draws a raid's state on its board (see the file header). */
export const render = (
  state: State,
  options: { readonly lastActivation?: LastActivation | undefined } = {},
): string => {
  const board = state.board
  if (!board) throw new Error("board: this raid is played on a declared table; there is no board to draw")
  const W = board.width
  const H = board.height
  const legendH = 3.2
  const order = drawOrder(board.terrain)
  const last = options.lastActivation
  const out = [
    ...header(W, H, legendH),
    ...grid(W, H),
    ...edges(state, W, H),
    ...terrainShapes(board.terrain, order),
    ...state.tokens.map(token),
    ...lastLines(state, last),
    ...[...state.models]
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map((m) => model(state, m, m.id === last?.model)),
    ...legend(state, order, W, H, legendH),
    "</svg>",
  ]
  return out.join("\n")
}

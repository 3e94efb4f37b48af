/**
 * What each kind of terrain on a board does, read from the loaded content's `terrain` entries
 * (GAP-B-23, R-BOARD-01): a board's pieces name their kind by id, and a {@link Ruled} board
 * carries the lookup so `PlaneSpace` asks "does this piece block sight, give cover, stop a base,
 * cost double?" instead of knowing kinds by name. A pack's new kind is honoured with no code.
 *
 * @since 0.4.0
 */
import type { EntryOf } from "../../../content/schema/Entries.js"
import type { ContentView } from "../../../refuge/Content.js"
import type { Board, Terrain } from "./BoardData.js"

/** What a kind of terrain does on a board. */
export interface TerrainRule {
  readonly blocksSight: boolean
  readonly sightThrough: number | undefined
  readonly cover: boolean
  readonly impassable: boolean
  readonly moveCost: number
  readonly feature: "sporeTerrain" | "lair" | undefined
}

/** Where terrain rules come from: the loaded content. */
export type TerrainSource = Pick<ContentView, "list">

/** A board with its terrain kinds' rules. */
export interface Ruled extends Board {
  /** The rule of a piece's kind; a kind no loaded pack defines does nothing (see {@link unknownKinds}). */
  readonly rule: (t: Terrain) => TerrainRule
  /** The rules as text, so caches keyed by a board's content tell two rule sets apart. */
  readonly rulesKey: string
}

const INERT: TerrainRule = {
  blocksSight: false,
  sightThrough: undefined,
  cover: false,
  impassable: false,
  moveCost: 1,
  feature: undefined,
}

const ruleOf = (e: EntryOf["terrain"]): TerrainRule => ({
  blocksSight: e.blocksSight,
  sightThrough: e.sightThrough,
  cover: e.cover,
  impassable: e.impassable,
  moveCost: e.moveCost,
  feature: e.feature,
})

interface Book {
  readonly rules: ReadonlyMap<string, TerrainRule>
  readonly key: string
}

const books = new WeakMap<TerrainSource, Book>()

/** The terrain rules of some content, by kind id (read once per content). */
export const bookOf = (content: TerrainSource): Book => {
  let b = books.get(content)
  if (!b) {
    const rules = new Map(content.list("terrain").map((e) => [e.id as string, ruleOf(e)] as const))
    b = { rules, key: JSON.stringify([...rules].sort((x, y) => (x[0] < y[0] ? -1 : 1))) }
    books.set(content, b)
  }
  return b
}

/** The rule of a kind in some content; a kind no loaded pack defines does nothing. */
export const kindRule = (content: TerrainSource, kind: string): TerrainRule =>
  bookOf(content).rules.get(kind) ?? INERT

const ruledBoards = new WeakMap<Board, Map<string, Ruled>>()

/** A board with the rules of its terrain kinds from the content (the same object for the same pair). */
export const ruled = (board: Board, content: TerrainSource): Ruled => {
  const book = bookOf(content)
  if ("rulesKey" in board && (board as Ruled).rulesKey === book.key) return board as Ruled
  let byKey = ruledBoards.get(board)
  if (!byKey) {
    byKey = new Map()
    ruledBoards.set(board, byKey)
  }
  let r = byKey.get(book.key)
  if (!r) {
    r = { ...board, rule: (t) => kindRule(content, t.kind), rulesKey: book.key }
    byKey.set(book.key, r)
  }
  return r
}

/** Pieces whose kind no loaded pack defines, each a problem with its path in the board. */
export const unknownKinds = (
  board: Board,
  content: TerrainSource,
): Array<{ readonly path: string; readonly message: string }> => {
  const { rules } = bookOf(content)
  return board.terrain.flatMap((t, i) =>
    rules.has(t.kind)
      ? []
      : [{ path: `terrain.${i}.kind`, message: `there is no terrain kind "${t.kind}" in the loaded packs` }],
  )
}

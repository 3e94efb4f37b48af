/**
 * A saved Land read back (N-WORLD-01, N-FACTION-06): the shape first (`worldFromJson`), then what
 * ties it together, so a Land edited by hand or cut short is refused before a session is rolled on
 * it: the map is the flower its radius gives, every hex names a Region and Factions that exist,
 * every Region and Faction holds hexes of the map, and every Goal Die can still be rolled.
 *
 * @since 0.1.0
 */
import { StepDie } from "@blight/dice"
import { ensure } from "../procedures/Errors.js"
import { flower } from "./Hex.js"
import { type World, worldFromJson } from "./World.js"

/** The first thing in a well-shaped Land that does not hold together; throws a ProcedureError at its path. */
export const checkWorld = (w: World): World => {
  const radius = w.map.radius
  ensure(Number.isInteger(radius) && radius >= 0 && radius <= 6, "world.map.radius", `0 to 6, got ${radius}`)
  const map = flower(radius)
  ensure(
    w.hexes.length === map.cells.length && w.hexes.every((h, i) => h.id === map.cells[i]!.id),
    "world.hexes",
    `a flower of radius ${radius} has hexes 1 to ${map.cells.length} in order`,
    "N-WORLD-01",
  )
  const regions = new Set<string>(w.regions.map((r) => r.id))
  const factions = new Set<string>(w.factions.map((f) => f.id))
  ensure(regions.size === w.regions.length, "world.regions", "two Regions share an id")
  ensure(factions.size === w.factions.length, "world.factions", "two Factions share an id")
  const onMap = (hexes: readonly number[]) => hexes.every((h) => map.byId.has(h as never))
  w.hexes.forEach((h, i) => {
    ensure(regions.has(h.region), `world.hexes.${i}.region`, `no Region ${h.region}`, "N-REGION-01")
    const stray = h.factions.find((f) => !factions.has(f))
    ensure(stray === undefined, `world.hexes.${i}.factions`, `no Faction ${stray}`, "N-FACTION-01")
  })
  w.regions.forEach((r, i) => {
    ensure(onMap(r.hexes), `world.regions.${i}.hexes`, "a hex that is not on the map", "N-REGION-01")
  })
  w.factions.forEach((f, i) => {
    const at = `world.factions.${i}`
    ensure(regions.has(f.region), `${at}.region`, `no Region ${f.region}`, "N-FACTION-01")
    ensure(onMap(f.territory), `${at}.territory`, "a hex that is not on the map", "N-FACTION-03")
    ensure(
      StepDie.sidesOf(f.goal) > 0,
      `${at}.goal`,
      "a Goal Die at D0 was reached and starts again at D6; it is never saved at D0",
      "N-FACTION-06",
    )
  })
  ensure(
    Number.isInteger(w.session) && w.session >= 0,
    "world.session",
    `sessions played are 0 or more, got ${w.session}`,
  )
  return w
}

/** Reads a saved Land: its shape, then {@link checkWorld}. Throws a ProcedureError naming the path. */
export const loadWorld = (input: unknown): World => checkWorld(worldFromJson(input))

/**
 * The Nightsong core pack: only what the rules text states. Its Weapons, Armor, Shields and
 * supplies are read from the background tables and the common supplies (so they cannot drift
 * from them), and its Remedies are the three grades N-REMEDY-03 gives. It has no Spells, no Spell
 * tables and no creatures, because the rules publish none (GAP-N-01, GAP-N-02), and no tables of
 * its own, because the rules' tables are rollable already. Homebrew packs load on top of it.
 *
 * @since 0.3.0
 */
import { Result } from "effect"
import { commonSupplies } from "../character/Generate.js"
import type { Item } from "../character/Item.js"
import { backgroundTables } from "../tables/backgrounds.js"
import { type Content, emptyContent } from "./Content.js"
import { loadPacks, type PackInput } from "./Loader.js"
import type { PackEncoded } from "./Pack.js"
import type { NightsongPackInvalid } from "./Problem.js"

export const CORE_ID = "nightsong"
export const CORE_VERSION = "0.1.0"

const slug = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")

const stated = (item: Item, clause: string) => ({
  id: slug(item.name),
  name: item.name,
  provenance: "rules" as const,
  clauses: [clause],
  die: item.die as never,
  ...(item.size === "standard" ? {} : { size: item.size }),
})

const items = [
  ...commonSupplies,
  ...Object.values(backgroundTables).flatMap((t) => t.rows.flatMap((r) => r.result.items)),
]
const once = <T extends { id: string }>(list: T[]): T[] =>
  list.filter((x, i) => list.findIndex((y) => y.id === x.id) === i)
const ofKind = (kind: Item["kind"], clause: string) =>
  once(items.filter((i) => i.kind === kind && i.die !== undefined).map((i) => stated(i, clause)))

const remedy = (id: string, name: string, die: "d4" | "d6" | "d8") => ({
  id,
  name,
  provenance: "rules" as const,
  clauses: ["N-REMEDY-01", "N-REMEDY-03"],
  die,
})

/** The core pack as data, in the pack format. */
export const corePack: PackEncoded = {
  manifest: {
    id: CORE_ID,
    name: "Nightsong (the rules as published)",
    version: CORE_VERSION,
    ruleset: "nightsong",
    licence: "MIT",
    author: "The Blight Rules SDK contributors",
    description:
      "Only what the rules text states: the backgrounds' Weapons, Armor, Shields and supplies, the common supplies, and the three grades of Remedy. No Spells, Spell tables or creatures: the rules do not publish them (GAP-N-01, GAP-N-02); a homebrew pack brings its own.",
  },
  weapons: ofKind("weapon", "N-WEAPON-01"),
  armour: ofKind("armor", "N-ARMOR-01"),
  shields: ofKind("shield", "N-SHIELD-02"),
  supplies: ofKind("supply", "N-ITEM-01"),
  remedies: [
    remedy("common-remedy", "Common Remedy", "d4"),
    remedy("well-crafted-remedy", "Well-crafted Remedy", "d6"),
    remedy("rare-remedy", "Rare Remedy", "d8"),
  ],
}

let cached: Content | undefined

/** The core pack, loaded (it is checked as any pack is; a problem in it is a bug, thrown). */
export const coreContent = (): Content => {
  if (cached === undefined) {
    const r = loadPacks([{ source: "core", data: corePack }], emptyContent)
    if (Result.isFailure(r)) throw r.failure
    cached = r.success
  }
  return cached
}

/** The core pack with these packs on top: the merged content, or every problem at once. */
export const loadWithCore = (
  inputs: ReadonlyArray<PackInput>,
): Result.Result<Content, NightsongPackInvalid> => loadPacks(inputs, coreContent())

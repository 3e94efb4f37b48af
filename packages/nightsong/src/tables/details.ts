/**
 * The Details tables (N-DETAILS-01, TBL-N-06 … TBL-N-15) and the name tables (N-TABLE-03,
 * TBL-N-16 … TBL-N-19). None of them affect the rules.
 *
 * Ruling R-N-TABLE-03 (TBL-N-16/17 note): nothing says how to choose between "Names" and its
 * "cont." table, so a rolled given name first rolls 1D6 (1–3 "Names", 4–6 "cont.") and then 1D20
 * on that table: all 40 names are equally likely.
 *
 * @since 0.1.0
 */
import type { DiceSource } from "@blight/dice"
import { Table } from "@blight/dice"
import { joinName, type NightsongTable, wordTable } from "./NightsongTable.js"

const detail = (slug: string, title: string, ref: number, entries: string[]) =>
  wordTable({ id: `detail-${slug}`, title, ref: `TBL-N-${String(ref).padStart(2, "0")}` }, "d6", entries)

/** Face 1D6, TBL-N-06. */
export const face = detail("face", "Face", 6, ["Round", "Long", "Wide", "Plain", "Lined", "Scarred"])
/** Eyes 1D6, TBL-N-07. */
export const eyes = detail("eyes", "Eyes", 7, ["Piercing", "Gentle", "Cold", "Weary", "Bright", "Distant"])
/** Hair 1D6, TBL-N-08. */
export const hair = detail("hair", "Hair", 8, ["Short", "Long", "Curly", "Braided", "Bald", "Gray"])
/** Physique 1D6, TBL-N-09. */
export const physique = detail("physique", "Physique", 9, [
  "Slim",
  "Stocky",
  "Muscular",
  "Heavy",
  "Tall",
  "Short",
])
/** Clothing 1D6, TBL-N-10. */
export const clothing = detail("clothing", "Clothing", 10, [
  "Old",
  "Fancy",
  "Odd",
  "Trendy",
  "Dirty",
  "Patched",
])
/** Mannerism 1D6, TBL-N-11. */
export const mannerism = detail("mannerism", "Mannerism", 11, [
  "Fidgets",
  "Stares",
  "Laughs often",
  "Mumbles",
  "Gestures",
  "Never smiles",
])
/** Speech 1D6, TBL-N-12. */
export const speech = detail("speech", "Speech", 12, ["Loud", "Mysterious", "Slow", "Fancy", "Rough", "Soft"])
/** Virtue 1D6, TBL-N-13. */
export const virtue = detail("virtue", "Virtue", 13, [
  "Brave",
  "Patient",
  "Kind",
  "Loyal",
  "Curious",
  "Honest",
])
/** Flaw 1D6, TBL-N-14. */
export const flaw = detail("flaw", "Flaw", 14, ["Proud", "Greedy", "Rash", "Stubborn", "Restless", "Fearful"])
/** Drive 1D6, TBL-N-15. */
export const drive = detail("drive", "Drive", 15, [
  "Freedom",
  "Justice",
  "Wealth",
  "Revenge",
  "Duty",
  "Survival",
])

/** The ten Details tables, keyed by the detail they give, in the text's order. */
export const detailTables = {
  face,
  eyes,
  hair,
  physique,
  clothing,
  mannerism,
  speech,
  virtue,
  flaw,
  drive,
} as const satisfies Record<string, NightsongTable<string>>

/** Names 1D20, TBL-N-16. */
export const names = wordTable({ id: "names", title: "Names", ref: "TBL-N-16" }, "d20", [
  "Alder",
  "Bram",
  "Cora",
  "Dain",
  "Elin",
  "Finn",
  "Mira",
  "Tessa",
  "Garron",
  "Haldor",
  "Ilya",
  "Jora",
  "Kellan",
  "Lysa",
  "Orrin",
  "Petra",
  "Rook",
  "Sable",
  "Thane",
  "Uma",
])

/** Names "cont." 1D20, TBL-N-17. */
export const namesCont = wordTable({ id: "names-cont", title: "cont.", ref: "TBL-N-17" }, "d20", [
  "Vale",
  "Wren",
  "Yara",
  "Zane",
  "Aric",
  "Bria",
  "Calder",
  "Della",
  "Elden",
  "Frey",
  "Joss",
  "Rowan",
  "Kade",
  "Lina",
  "Merek",
  "Nessa",
  "Orla",
  "Quin",
  "Risa",
  "Sten",
])

/** Surname prefixes 1D20, TBL-N-18. */
export const surname = wordTable({ id: "surname", title: "Surname", ref: "TBL-N-18" }, "d20", [
  "Ash-",
  "Brown-",
  "Green-",
  "Gray-",
  "Clay-",
  "Reed-",
  "Moss-",
  "Oak-",
  "Pine-",
  "Birch-",
  "Hazel-",
  "Flint-",
  "Slate-",
  "Sand-",
  "Barley-",
  "Rye-",
  "Swift-",
  "Still-",
  "Long-",
  "Short-",
])

/** Surname suffixes 1D20, TBL-N-19. */
export const surnameSuffix = wordTable({ id: "surname-suffix", title: "+ suffix", ref: "TBL-N-19" }, "d20", [
  "-brook",
  "-field",
  "-wood",
  "-hill",
  "-stone",
  "-ford",
  "-dale",
  "-moor",
  "-croft",
  "-ton",
  "-ham",
  "-worth",
  "-stead",
  "-wick",
  "-by",
  "-leigh",
  "-marsh",
  "-bridge",
  "-tree",
  "-well",
])

/** A full name and its parts (N-TABLE-03). */
export interface FullName {
  readonly given: string
  readonly surname: string
  readonly full: string
}

/** Composes a full name from a given name, a surname prefix and a suffix (N-TABLE-03). */
export const fullName = (given: string, prefix: string, suffix: string): FullName => {
  const family = joinName(prefix, suffix)
  return { given, surname: family, full: `${given} ${family}` }
}

/** Rolls a given name (R-N-TABLE-03: 1D6 picks the table, then 1D20) and a two-part surname. */
export const rollFullName = (source: DiceSource): FullName => {
  const table = source.die(6, "name table") <= 3 ? names : namesCont
  const given = Table.rollOn(source, table, table.id).result
  const prefix = Table.rollOn(source, surname, surname.id).result
  const suffix = Table.rollOn(source, surnameSuffix, surnameSuffix.id).result
  return fullName(given, prefix, suffix)
}

/**
 * Founding a Refuge (B-FOUNDING-01…11, B-HOME-*, B-AMMO-08) or a Congregation
 * (B-CONGREGATION-02…08). Every violation is reported at once, each with its path, a sentence a
 * player understands, and the clause; a valid roster gives the founded Refuge and its opening
 * Ledger. Nothing here rolls dice except a Congregation's Gifts and Marks (B-CONGREGATION-03).
 *
 * @since 0.1.0
 */
import { type DiceSource, SchemaText, Table } from "@blight/dice"
import { Result, Schema } from "effect"
import type { EntryOf } from "../content/schema/Entries.js"
import type { GearKind } from "./CongregationMarket.js"
import { congregationAllows, congregationMaySell } from "./CongregationMarket.js"
import type { ContentView } from "./Content.js"
import { type LedgerDraft, post } from "./Ledger.js"
import type { Refuge } from "./Refuge.js"
import { Roster } from "./Roster.js"
import type { Equipment, Survivor, SurvivorId } from "./Survivor.js"
import { fromParseIssues, RulesViolated, refused, type Violation, violation } from "./Violation.js"

/** The founding numbers the rules state. */
export const FOUNDING = {
  budget: 150, // B-FOUNDING-01
  minSurvivors: 4, // B-FOUNDING-03
  maxSurvivors: 8,
  maxPerBackground: 2,
  maxWeapons: 2, // B-FOUNDING-06
  maxArmour: 1,
  maxKit: 2,
  maxUncommon: 2, // B-FOUNDING-08
  reloadCost: 4, // B-FOUNDING-09
  arrowsPerSalvage: 5, // B-AMMO-08
  congregationBlight: 3, // B-CONGREGATION-03
} as const

type Gear = EntryOf["weapons"] | EntryOf["armour"] | EntryOf["kit"]

/** The weapons everyone has for free (B-FOUNDING-07: an Improvised weapon and Thrown junk), by id. */
export const freeWeaponIds = (content: ContentView): string[] =>
  content
    .list("weapons")
    .filter((w) => w.free)
    .map((w) => w.id)

/**
 * Whether a carried piece counts toward its kind's limit (B-FOUNDING-06): Molotovs and bombs
 * don't, nor the free weapons everyone has (B-FOUNDING-07). One check for founding and `equip`.
 */
export const countsTowardLimit = (
  content: ContentView,
  kind: "weapons" | "armour" | "kit",
  id: string,
): boolean => {
  if (kind !== "weapons") return true
  const w = content.get("weapons", id)
  return w?.countsTowardLimit !== false && !w?.free
}

/** A newcomer's gear: the free weapons only (they are listed, as at founding, so a raid and a UI see them). */
export const freeGear = (content: ContentView): Equipment =>
  ({ weapons: freeWeaponIds(content), armour: [], kit: [] }) as unknown as Equipment

const decodeRoster = Schema.decodeUnknownResult(Roster, {
  errors: "all",
  onExcessProperty: "error",
  reportInput: true,
})

/** Edit distance, for "did you mean" hints on mistyped ids. */
const distance = (a: string, b: string): number => {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1))
      prev = cur
    }
  }
  return row[b.length]!
}

const unknown = <K extends keyof EntryOf>(
  content: ContentView,
  kind: K,
  id: string,
  what: string,
): string => {
  const near = content
    .list(kind)
    .map((e) => (e as { id: string }).id)
    .filter((x) => distance(x, id) <= 2)
    .slice(0, 1)
  return `there is no ${what} "${id}"${near.length ? ` (did you mean "${near[0]}"?)` : ""}`
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/**
 * The rule a badly shaped roster field belongs to, so every refusal names one: the numbers of
 * Reloads (B-FOUNDING-09), Arrows and Bolts (B-AMMO-08), the Home (B-FOUNDING-02), the survivors
 * and their backgrounds (B-FOUNDING-03), the Leader mark (B-FOUNDING-04), the gear lists
 * (B-FOUNDING-05) and the kind (B-CONGREGATION-01). Anything else (names, a field a roster does
 * not have, a roster that is not an object) is the roster's format, R-BUILDER-08.
 */
export const shapeClause = (path: string): string => {
  const field = /^survivors\[\d+\]\.(\w+)/.exec(path)?.[1]
  if (field !== undefined)
    return field === "background"
      ? "B-FOUNDING-03"
      : field === "leader"
        ? "B-FOUNDING-04"
        : ["weapons", "armour", "kit"].includes(field)
          ? "B-FOUNDING-05"
          : "R-BUILDER-08"
  const top = /^(\w+)/.exec(path)?.[1]
  switch (top) {
    case "reloads":
      return "B-FOUNDING-09"
    case "arrows":
    case "bolts":
      return "B-AMMO-08"
    case "home":
      return "B-FOUNDING-02"
    case "survivors":
      return /^survivors(\[\d+\])?$/.test(path) ? "B-FOUNDING-03" : "R-BUILDER-08"
    case "kind":
      return "B-CONGREGATION-01"
    default:
      return "R-BUILDER-08"
  }
}

/** Options for founding. A Congregation needs dice for its members' Gifts and Marks. */
export interface FoundingOptions {
  readonly source?: DiceSource
}

/**
 * Validates a roster and founds the Refuge. Left: every violation at once (nothing is founded).
 */
export const found = (
  input: unknown,
  content: ContentView,
  options: FoundingOptions = {},
): Result.Result<Refuge, RulesViolated> => {
  const decoded = decodeRoster(input)
  if (Result.isFailure(decoded)) {
    const violations = fromParseIssues(SchemaText.problems(decoded.failure)).map((x) => ({
      ...x,
      clause: shapeClause(x.path),
    }))
    // A list of Homes is a rule broken (B-HOME-01), not only a shape: say which rule.
    const homes = (input as { readonly home?: unknown } | null)?.home
    return Result.fail(
      refused(
        Array.isArray(homes)
          ? violations.map((x) =>
              x.path === "home"
                ? violation(
                    "home",
                    `a Refuge has exactly one Home: give one Home id, not a list of ${homes.length}`,
                    "B-HOME-01",
                  )
                : x,
            )
          : violations,
      ),
    )
  }
  const roster = decoded.success
  const kind = roster.kind ?? "refuge"
  const congregation = kind === "congregation"
  const v: Violation[] = []
  const drafts: LedgerDraft[] = [
    { store: "salvage", amount: FOUNDING.budget, reason: "founding budget", clause: "B-FOUNDING-01" },
  ]
  let spent = 0
  const spend = (amount: number, reason: string, clause: string, item?: { kind: string; id: string }) => {
    if (amount <= 0) return
    spent += amount
    drafts.push({ store: "salvage", amount: -amount, reason, clause, ...(item ? { item } : {}) })
  }

  // The Home (B-FOUNDING-02, B-HOME-01/02, B-CONGREGATION-05).
  const home = content.get("homes", roster.home)
  if (!home) v.push(violation("home", unknown(content, "homes", roster.home, "Home"), "B-FOUNDING-02"))
  else if (congregation && !home.congregationOnly) {
    // A pack may add Congregation Homes besides the Grove: name the ones the content has.
    const own = content
      .list("homes")
      .filter((h) => h.congregationOnly)
      .map((h) => h.name)
    const named = own.length === 0 ? "a Congregation's own" : own.slice(0, 5).join(" or ")
    v.push(violation("home", `a Congregation's Home is ${named}, not ${home.name}`, "B-CONGREGATION-05"))
  } else if (!congregation && home.congregationOnly) {
    v.push(
      violation("home", `${home.name} is a Congregation's Home; a Refuge picks another`, "B-CONGREGATION-05"),
    )
  }

  // How many (B-FOUNDING-03, B-CONGREGATION-02) and where they sleep (B-HOME-02).
  const n = roster.survivors.length
  const who = congregation ? "members" : "survivors"
  if (n < FOUNDING.minSurvivors || n > FOUNDING.maxSurvivors) {
    v.push(
      violation(
        "survivors",
        `a ${kind} founds with ${FOUNDING.minSurvivors} to ${FOUNDING.maxSurvivors} ${who}, got ${n}`,
        congregation ? "B-CONGREGATION-02" : "B-FOUNDING-03",
      ),
    )
  }
  if (home && n > home.capacity) {
    v.push(violation("survivors", `${home.name} holds ${home.capacity} ${who}, got ${n}`, "B-HOME-02"))
  }

  // One Leader or Verdant Mother (B-FOUNDING-04, B-CONGREGATION-04).
  const leaders = roster.survivors.flatMap((s, i) => (s.leader ? [i] : []))
  const leaderWord = congregation ? "Verdant Mother" : "Leader"
  const leaderClause = congregation ? "B-CONGREGATION-04" : "B-FOUNDING-04"
  if (leaders.length === 0)
    v.push(
      violation(
        "survivors",
        `choose one ${who.slice(0, -1)} as ${leaderWord} ("leader": true)`,
        leaderClause,
      ),
    )
  for (const i of leaders.slice(1)) {
    v.push(
      violation(
        `survivors[${i}].leader`,
        `only one ${leaderWord}: survivors[${leaders[0]}] already is`,
        leaderClause,
      ),
    )
  }

  // Backgrounds: they exist, are paid for, and no more than 2 of any (B-FOUNDING-03).
  const perBackground = new Map<string, number[]>()
  roster.survivors.forEach((s, i) => {
    const bg = content.get("backgrounds", s.background)
    if (!bg) {
      v.push(
        violation(
          `survivors[${i}].background`,
          unknown(content, "backgrounds", s.background, "background"),
          "B-FOUNDING-03",
        ),
      )
      return
    }
    perBackground.set(bg.id, [...(perBackground.get(bg.id) ?? []), i])
    spend(bg.cost, `recruited ${s.name} (${bg.name})`, "B-FOUNDING-03", { kind: "backgrounds", id: bg.id })
  })
  for (const [id, at] of perBackground) {
    if (at.length > FOUNDING.maxPerBackground) {
      const name = content.get("backgrounds", id)!.name
      v.push(
        violation(
          `survivors[${at[FOUNDING.maxPerBackground]}].background`,
          `no more than ${FOUNDING.maxPerBackground} of any one background: ${at.length} are ${name}s (survivors ${at.join(", ")})`,
          "B-FOUNDING-03",
        ),
      )
    }
  }

  // Gear: it exists; limits per survivor (B-FOUNDING-06); free items (B-FOUNDING-07); the
  // Congregation's Market (B-CONGREGATION-07); rarity across the Refuge (B-FOUNDING-08).
  const freeWeapons = freeWeaponIds(content)
  const uncommon: string[] = []
  const resolved: Array<{ weapons: string[]; armour: string[]; kit: string[] }> = []
  roster.survivors.forEach((s, i) => {
    const kept: { weapons: string[]; armour: string[]; kit: string[] } = { weapons: [], armour: [], kit: [] }
    const check = (gearKind: GearKind, what: string) => {
      ;(s[gearKind] ?? []).forEach((id, j) => {
        const path = `survivors[${i}].${gearKind}[${j}]`
        const item = content.get(gearKind, id) as Gear | undefined
        if (!item) {
          v.push(violation(path, unknown(content, gearKind, id, what), "B-FOUNDING-05"))
          return
        }
        const free = gearKind === "weapons" && (item as EntryOf["weapons"]).free === true
        // A survivor has one of each free weapon (B-FOUNDING-07), however often the roster lists it.
        if (free) {
          if (!kept.weapons.includes(item.id)) kept.weapons.push(item.id)
          return
        }
        kept[gearKind].push(item.id)
        if (congregation && gearKind === "weapons" && (item as EntryOf["weapons"]).firearm === true) {
          // B-CONGREGATION-08 is the rule that forbids it, not the Market's list (B-CONGREGATION-07).
          v.push(
            violation(
              path,
              `a Congregation's firearms come only from Loot; ${item.name} cannot be bought at founding`,
              "B-CONGREGATION-08",
            ),
          )
        } else if (congregation && !congregationMaySell(gearKind, item)) {
          v.push(
            violation(
              path,
              `the Market sells a Congregation only ${congregationAllows(gearKind)}; ${item.name} is not one`,
              "B-CONGREGATION-07",
            ),
          )
        }
        if (item.rarity === "rare") {
          v.push(violation(path, `no Rare items at founding: ${item.name} is Rare`, "B-FOUNDING-08"))
        } else if (item.rarity === "uncommon") uncommon.push(path)
        spend(item.cost, `bought ${item.name} for ${s.name}`, "B-FOUNDING-05", {
          kind: gearKind,
          id: item.id,
        })
      })
    }
    check("weapons", "weapon")
    check("armour", "armour")
    check("kit", "piece of kit")
    const counted = kept.weapons.filter((id) => countsTowardLimit(content, "weapons", id))
    if (counted.length > FOUNDING.maxWeapons) {
      v.push(
        violation(
          `survivors[${i}].weapons`,
          `${s.name} can carry at most ${FOUNDING.maxWeapons} weapons (Molotovs and bombs don't count), got ${counted.length}`,
          "B-FOUNDING-06",
        ),
      )
    }
    if (kept.armour.length > FOUNDING.maxArmour) {
      v.push(
        violation(
          `survivors[${i}].armour`,
          `${s.name} can wear 1 armour, got ${kept.armour.length}`,
          "B-FOUNDING-06",
        ),
      )
    }
    if (kept.kit.length > FOUNDING.maxKit) {
      v.push(
        violation(
          `survivors[${i}].kit`,
          `${s.name} can carry ${FOUNDING.maxKit} pieces of kit, got ${kept.kit.length}`,
          "B-FOUNDING-06",
        ),
      )
    }
    // Everyone also has the free weapons (B-FOUNDING-07), listed so a UI shows them.
    for (const w of freeWeapons) if (!kept.weapons.includes(w)) kept.weapons.push(w)
    resolved.push(kept)
  })
  if (uncommon.length > FOUNDING.maxUncommon) {
    v.push(
      violation(
        uncommon[FOUNDING.maxUncommon]!,
        `at most ${FOUNDING.maxUncommon} Uncommon items across the whole ${kind} at founding, got ${uncommon.length} (${uncommon.join(", ")})`,
        "B-FOUNDING-08",
      ),
    )
  }

  // Ammunition (B-FOUNDING-09, B-AMMO-08, B-CONGREGATION-08).
  const reloads = roster.reloads ?? 0
  if (reloads > 0 && congregation) {
    v.push(
      violation(
        "reloads",
        "a Congregation cannot buy Reloads; its firearms come only from Loot",
        "B-CONGREGATION-08",
      ),
    )
  } else if (reloads > 0) {
    spend(
      reloads * FOUNDING.reloadCost,
      `bought ${plural(reloads, "Reload")} at ${FOUNDING.reloadCost} Salvage each`,
      "B-FOUNDING-09",
    )
    drafts.push({ store: "reloads", amount: reloads, reason: "bought at founding", clause: "B-FOUNDING-09" })
  }
  for (const store of ["arrows", "bolts"] as const) {
    const made = roster[store] ?? 0
    if (made === 0) continue
    if (made % FOUNDING.arrowsPerSalvage !== 0) {
      v.push(
        violation(
          store,
          `${store} are made ${FOUNDING.arrowsPerSalvage} for 1 Salvage: ask for a multiple of 5, got ${made}`,
          "B-AMMO-08",
        ),
      )
      continue
    }
    spend(
      made / FOUNDING.arrowsPerSalvage,
      `made ${made} ${store[0]!.toUpperCase()}${store.slice(1)}`,
      "B-AMMO-08",
    )
    drafts.push({ store, amount: made, reason: "made at founding", clause: "B-AMMO-08" })
  }

  // The budget (B-FOUNDING-01, B-FOUNDING-11).
  if (spent > FOUNDING.budget) {
    v.push(
      violation(
        "(root)",
        `this ${kind} costs ${spent} Salvage; the founding budget is ${FOUNDING.budget} (${spent - FOUNDING.budget} over)`,
        "B-FOUNDING-01",
      ),
    )
  }

  // A Congregation's members start Touched with a rolled Gift and Mark (B-CONGREGATION-03).
  const blessings: Array<{ gift: string; mark: string; rolls: number[] }> = []
  if (congregation && v.length === 0) {
    const source = options.source
    const giftTable = content.list("tables").find((t) => t.table === "gifts")
    const markTable = content.list("tables").find((t) => t.table === "marks")
    if (!source)
      v.push(
        violation(
          "(root)",
          "a Congregation's Gifts and Marks are rolled at founding: dice are needed",
          "B-CONGREGATION-03",
        ),
      )
    else if (!giftTable || !markTable)
      v.push(violation("(root)", "the content has no Gift or Mark table to roll on", "B-CONGREGATION-03"))
    else {
      for (let i = 0; i < n; i++) {
        const g = Table.rollOn(source, giftTable as Table.Table<{ gift: string }>, "gift")
        const m = Table.rollOn(source, markTable as Table.Table<{ mark: string }>, "mark")
        blessings.push({ gift: g.result.gift, mark: m.result.mark, rolls: [...g.roll.dice, ...m.roll.dice] })
      }
    }
  }

  if (v.length > 0) return Result.fail(refused(v))

  // The stores (B-FOUNDING-10, B-CONGREGATION-*): Rations, Meds, the Home's extras.
  drafts.push({
    store: "rations",
    amount: n,
    reason: `1 Ration per ${who.slice(0, -1)}`,
    clause: "B-FOUNDING-10",
  })
  drafts.push({ store: "meds", amount: 1, reason: "1 Meds to start", clause: "B-FOUNDING-10" })
  for (const s of home!.startingStores) {
    drafts.push({
      store: s.store,
      amount: s.amount,
      reason: `${home!.name}: starting stores`,
      clause: "B-FOUNDING-10",
    })
  }
  const ledger = post([], drafts)
  if (Result.isFailure(ledger))
    return Result.fail(
      new RulesViolated({
        violations: [violation(ledger.failure.path, ledger.failure.problem, "B-FOUNDING-01")],
      }),
    )

  const survivors: Survivor[] = roster.survivors.map((s, i) => {
    const role = s.leader ? (congregation ? "verdantMother" : "leader") : undefined
    const b = blessings[i]
    return {
      id: `survivor-${i + 1}` as SurvivorId,
      name: s.name,
      background: s.background as Survivor["background"],
      ...(role ? { role } : {}),
      equipment: resolved[i] as unknown as Survivor["equipment"],
      xp: 0,
      advances: [],
      skills: [],
      injuries: [],
      blight: congregation ? FOUNDING.congregationBlight : 0,
      gifts: b ? [b.gift as Survivor["gifts"][number]] : [],
      marks: b ? [b.mark as Survivor["marks"][number]] : [],
    }
  })
  return Result.succeed({
    name: roster.name,
    kind,
    home: home!.id,
    survivors,
    improvements: [],
    stash: { weapons: [], armour: [], kit: [] },
    ledger: ledger.success,
  })
}

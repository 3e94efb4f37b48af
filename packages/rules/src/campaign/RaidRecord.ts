/**
 * Reads a finished raid's final state (the raid engine's) into what the Aftermath needs: each
 * Refuge's survivors with their end status, `wasDown`, who they slew or took Down, what they
 * carried home, the Blight they gained, the ammunition drawn at set-up and what is left of it
 * (B-AMMO-04: spares still carried, magazines never fired from), and the result.
 *
 * @since 0.3.0
 */
import { SchemaText } from "@blight/dice"
import { Result, Schema } from "effect"
import { grantKey, kitSource } from "../battle/actions/Act.js"
import { hash } from "../battle/Battle.js"
import { hollowedOf, sameHollowed, turnedProfile } from "../battle/creatures/Hollowed.js"
import { State as BattleState, type Model } from "../battle/State.js"
import type { ContentView } from "../refuge/Content.js"
import { at as atIndex, known } from "../terms/Indexed.js"
import { THRESHOLDS } from "./Blight.js"
import {
  type CampaignState,
  type HollowedWho,
  RAID_SIZE,
  type RaidRecord,
  type RaidSurvivor,
} from "./State.js"

const decodeBattle = Schema.decodeUnknownResult(BattleState, { errors: "all", reportInput: true })

/** The raid's final state, decoded; Left: why it cannot be folded in. */
export const readBattle = (input: unknown): Result.Result<BattleState, string> =>
  Result.mapError(decodeBattle(input), (e) => {
    const issues = SchemaText.problems(e).slice(0, 5)
    return `battle: not a raid's state (${issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")})`
  })

/** What of a side's ammunition comes back (B-AMMO-04). */
/** The hook a creature's `slain` trigger names when slaying it lays a Hollowed to rest (B-HOLLOWED-04). */
export const LAID_TO_REST_HOOK = "core/hollowed-laid-to-rest"

/** Does slaying this creature lay it to rest (a `slain` trigger running {@link LAID_TO_REST_HOOK})? */
const laysToRest = (content: ContentView, creature: string): boolean =>
  (content.get("creatures", creature)?.specialRules ?? []).some((r) =>
    (r.effects ?? []).some(
      (e) =>
        e.kind === "trigger" &&
        e.on === "slain" &&
        e.do.some((d) => d.kind === "hook" && d.hook === LAID_TO_REST_HOOK),
    ),
  )

/**
 * Kit of limited `uses` a survivor used up in the raid (a Flare, one use: R-CAMPAIGN-37): as many
 * pieces as its uses were spent, never more than it carried (the raid counts them under the kit's
 * {@link grantKey}).
 */
const kitUsedUp = (content: ContentView, m: Model): string[] =>
  [...new Set(m.kit)].flatMap((id) => {
    const k = content.get("kit", id)
    if (k?.uses === undefined || k.uses < 1) return []
    const used = Math.max(
      0,
      ...(k.effects ?? []).flatMap((e) =>
        e.kind === "grantAction" ? [m.used[grantKey(kitSource(id), e.name)] ?? 0] : [],
      ),
    )
    const carried = m.kit.filter((x) => x === id).length
    return Array.from({ length: Math.min(carried, Math.floor(used / k.uses)) }, () => id)
  })

export const returnedOf = (models: ReadonlyArray<Model>, content: ContentView) => {
  const back = { reloads: 0, arrows: 0, bolts: 0 }
  for (const m of models) {
    if (m.status === "turned") continue // dropped where they Turned
    back.reloads += m.reloads
    back.arrows += m.arrows
    back.bolts += m.bolts
    for (const w of m.weapons) {
      const entry = content.get("weapons", w.weapon)
      const store = entry?.ammunition
      if (store !== "reloads" && store !== "arrows" && store !== "bolts") continue
      const full = store === "reloads" ? (entry?.mag ?? 1) : 1
      if (!w.spent && w.loaded > 0 && w.loaded >= full) back[store] += 1
    }
  }
  return back
}

type SideRecord = RaidRecord["sides"][number]
type Survivor = CampaignState["refuges"][number]["refuge"]["survivors"][number]
type RefugeSide = BattleState["sides"][number]
/** What the survivors' records look up: each Refuge side's index, and the models by id. */
type Lookup = { readonly sideIndex: Map<string, number>; readonly byId: Map<string, Model> }

/** The Blight thresholds the raid already rolled for (B-GIFT-03 / R-BATTLE-12: with giftsAtOnce). */
const rolledInRaid = (battle: BattleState, m: Model, s: Survivor) => {
  const crossed = battle.options.giftsAtOnce
    ? THRESHOLDS.filter((t) => s.blight < t && Math.min(12, m.blight) >= t && t < 12).length
    : 0
  return crossed > 0
    ? {
        rolled: {
          thresholds: crossed,
          gifts: m.gifts.filter((g) => !s.gifts.includes(g as never)),
          marks: m.marks.filter((k) => !s.marks.includes(k as never)),
        },
      }
    : {}
}

/** One survivor's raid: its end status, who it slew or took Down, what it used up and carried home. */
const survivorRecord = (
  battle: BattleState,
  content: ContentView,
  side: RefugeSide,
  m: Model,
  s: Survivor,
  { sideIndex, byId }: Lookup,
): RaidSurvivor => {
  const slew = battle.models
    .filter((c) => c.kind === "creature" && c.status === "slain" && c.slainBy === m.id)
    .map((c) => c.ref)
  const downed = battle.models.filter(
    (o) => o.kind === "survivor" && o.side !== side.id && o.downBy === m.id,
  ).length
  const by = m.downBy ? byId.get(m.downBy) : undefined
  const spentKit = kitUsedUp(content, m)
  // R-CONTENT-23: a thrown Molotov or pipe bomb is used up (R-CAMPAIGN-37).
  const spent = m.weapons.filter((w) => w.spent).map((w) => w.weapon)
  const rolled = rolledInRaid(battle, m, s)
  const downByRefuge = by ? sideIndex.get(by.side) : undefined
  return {
    survivor: s.id,
    model: m.id,
    name: m.name,
    status: m.status,
    wasDown: m.wasDown || m.status === "down" || m.status === "finished",
    blight: Math.max(0, Math.min(12, m.blight - s.blight)),
    // A Hollowed is made from it: the survivor's own, without Hunger (R-CAMPAIGN-35).
    profile: turnedProfile(m),
    slew,
    downed,
    ...(downByRefuge !== undefined ? { downByRefuge } : {}),
    ...rolled,
    ...(spentKit.length > 0 ? { spentKit } : {}),
    ...(spent.length > 0 ? { spent } : {}),
    // "Down survivors' Loot is lost" (Ending the battle); a Turned survivor's is dropped where it Turned.
    carrying:
      m.status === "turned" || m.status === "down" || m.status === "finished"
        ? []
        : m.carrying.map((c) => ({ contents: c.contents, rich: c.rich })),
  }
}

/** One Refuge's side of the raid; Left: a survivor not on its roster. */
const sideRecord = (
  campaign: CampaignState,
  battle: BattleState & { result: NonNullable<BattleState["result"]> },
  content: ContentView,
  i: number,
  side: RefugeSide,
  lookup: Lookup,
): Result.Result<SideRecord, string> => {
  const cr = atIndex(campaign.refuges, i)
  const models = battle.models.filter((m) => m.side === side.id && m.kind === "survivor")
  const survivors: RaidSurvivor[] = []
  for (const m of models) {
    // The Stranger, freed mid-raid, is no one's yet: it joins the winner in the Aftermath (B-STRANGER-01).
    if (m.ref === "stranger" && m.survivor === undefined) continue
    const s = cr.refuge.survivors.find((x) => x.id === m.survivor)
    if (s === undefined)
      return Result.fail(`battle: ${m.name} (${m.survivor ?? m.id}) is not on ${cr.refuge.name}'s roster`)
    survivors.push(survivorRecord(battle, content, side, m, s, lookup))
  }
  const outcome = battle.result.sides.find((r) => r.side === side.id)?.outcome ?? "loss"
  return Result.succeed({
    refuge: i,
    side: side.id,
    outcome,
    drawn: side.drawn,
    returned: returnedOf(models, content),
    survivors,
  })
}

/** The Hollowed slain in the raid that are laid to rest (B-HOLLOWED-04), known by Refuge and survivor. */
const slainHollowedOf = (
  campaign: CampaignState,
  battle: BattleState,
  content: ContentView,
): HollowedWho[] => {
  const remembered: HollowedWho[] = campaign.hollowed
    .filter((h) => !h.atRest)
    .map((h) => ({
      name: h.name,
      refuge: h.refuge,
      ...(h.survivor !== undefined ? { survivor: h.survivor } : {}),
    }))
  // B-HOLLOWED-04: a survivor who Turned in this raid rose as a Hollowed here; slain before the end,
  // it is laid to rest too (the campaign remembers it in step 3, already at rest).
  for (const m of battle.models)
    if (m.kind === "survivor" && m.status === "turned")
      remembered.push({
        name: m.name,
        refuge: m.side,
        ...(m.survivor !== undefined ? { survivor: m.survivor } : {}),
      })
  // Known by Refuge and survivor, not by name: two Hollowed may share one.
  return battle.models
    .filter((m) => m.status === "slain" && laysToRest(content, m.ref))
    .flatMap((m) => remembered.filter((h) => sameHollowed(h, hollowedOf(m))).slice(0, 1))
}

/**
 * Each Refuge side's index in the campaign, found by name; Left: a side that is none of the
 * campaign's, the same Refuge twice, or fewer than 2 or more than 4 Refuges (R-CAMPAIGN-41).
 */
const campaignIndices = (
  campaign: CampaignState,
  sides: ReadonlyArray<RefugeSide>,
): Result.Result<number[], string> => {
  const theirs = () =>
    `battle: its Refuges (${sides.map((s) => s.name).join(", ")}) are not this campaign's (${campaign.refuges.map((r) => r.refuge.name).join(", ")})`
  const at = sides.map((s) => campaign.refuges.findIndex((r) => r.refuge.name === s.name))
  if (at.some((i) => i < 0) || new Set(at).size !== at.length) return Result.fail(theirs())
  if (at.length < RAID_SIZE.min || at.length > RAID_SIZE.max)
    return Result.fail(
      `battle: a campaign raid is between ${RAID_SIZE.min} and ${RAID_SIZE.max} of its Refuges, this one has ${at.length} (R-CAMPAIGN-41)`,
    )
  return Result.succeed(at)
}

/**
 * The record of a finished raid against the campaign that set it up. Left: why it does not fit
 * (not over, or its Refuges are not the campaign's).
 */
export const recordOf = (
  campaign: CampaignState,
  battle: BattleState,
  content: ContentView,
): Result.Result<RaidRecord, string> => {
  if (battle.phase !== "over" || battle.result === undefined)
    return Result.fail("battle: the raid is not over (B-AFTERMATH-01: the Aftermath follows a raid)")
  const over = battle as BattleState & { result: NonNullable<BattleState["result"]> }
  const sides = battle.sides.filter((s) => s.kind === "refuge" || s.kind === "congregation")
  const at = campaignIndices(campaign, sides)
  if (Result.isFailure(at)) return Result.fail(at.failure)
  // By campaign index: a league raid is between some of the campaign's Refuges (R-CAMPAIGN-41).
  const sideIndex = new Map(sides.map((s, i) => [s.id, known(at.success[i], `campaign index of side ${i}`)]))
  const lookup: Lookup = { sideIndex, byId: new Map(battle.models.map((m) => [m.id, m])) }
  const out: SideRecord[] = []
  for (const [i, side] of sides.entries()) {
    const record = sideRecord(campaign, over, content, at.success[i]!, side, lookup)
    if (Result.isFailure(record)) return Result.fail(record.failure)
    out.push(record.success)
  }
  out.sort((a, b) => a.refuge - b.refuge)
  const slainHollowed = slainHollowedOf(campaign, battle, content)
  const laidToRest = slainHollowed.map((h) => h.name)
  return Result.succeed({
    number: campaign.raids.length + 1,
    scenario: battle.scenario,
    season: campaign.season,
    hash: hash(battle),
    result: over.result,
    sides: out,
    laidToRest,
    slainHollowed,
    objectives: battle.objectives.map((o) => {
      const by = o.by === undefined ? undefined : sideIndex.get(o.by)
      return { id: o.id, state: o.state, ...(by !== undefined ? { refuge: by } : {}) }
    }),
  })
}

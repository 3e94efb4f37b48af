/**
 * A Nightsong game in words: each event as a line for the table, the waiting prompt, and the
 * state (clock, party, NPCs, fight, trackers) for `show`.
 */
import type { Game } from "@blight/nightsong"

const WATCHES = ["morning", "afternoon", "evening", "night"]

const sign = (n: number): string => (n >= 0 ? `+${n}` : `${n}`)

/** One event in words, or undefined for bookkeeping nobody needs to read. */
export const eventWords = (e: Game.GameEvent): string | undefined => {
  switch (e.type) {
    case "commanded":
      return e.by === "engine" ? undefined : `${e.by}: ${(e.command as { type: string }).type}`
    case "answered":
      return Array.isArray(e.answer) ? `  rolled ${e.answer.join(", ")}` : `  answered ${String(e.answer)}`
    case "started":
    case "prompted":
      return undefined
    case "undone":
      return "undone"
    case "joined":
      return `${e.member.id} (${e.member.adventurer.name}) joins the party, played by ${e.member.owner}`
    case "tookOver":
      return `${e.member.owner} takes over ${e.member.id} (${e.member.adventurer.name})`
    case "npcAdded":
      return `${e.npc.id} (${e.npc.name}): ${e.npc.hp} HP, ${e.npc.attack.join(" + ")}, Resolve ${e.npc.resolve}%${e.npc.specials?.length ? `; ${e.npc.specials.map((x) => `${x.name}: ${x.text}`).join(" ")}` : ""}`
    case "sessionStarted":
      return `session ${e.session} begins: Focus ${Object.entries(e.focus)
        .map(([id, f]) => `${id} ${f}`)
        .join(", ")}`
    case "sessionEnded":
      return `session ${e.session} ends: unspent Focus is lost`
    case "checked": {
      const r = e.last.result
      return `${e.last.character}'s ${e.what}: ${r.roll.rolls.join("/")} ${sign(r.ability)} vs DR ${r.dr}: ${r.outcome}`
    }
    case "focusSpent":
      return `${e.character} spends Focus: ${e.result.roll.rolls.join("/")}: ${e.result.outcome}`
    case "damageFocused":
      return `${e.character} spends Focus on the Damage: ${e.result.damageRoll?.kept ?? 0} kept, ${e.extra} more Damage`
    case "opposed":
      return `opposed: ${e.rounds.map((r) => `${r.a}–${r.b}`).join(", then ")}: ${e.winner} wins`
    case "fated":
      return `Die of Fate, "${e.question}" at ${e.threshold}: ${e.roll}, ${e.yes ? "yes" : "no"}`
    case "fightBegan":
      return `a fight with ${e.enemies.join(", ")}: ${e.order[0]} act first`
    case "attacked":
      return `${e.attacker} attacks ${e.target} (${e.weapon}, ${e.dice.join(" + ")}): ${
        e.blocked
          ? "blocked"
          : e.miss
            ? "a miss"
            : `${e.kept}${e.armor !== undefined ? ` − ${e.armor} Armor` : ""} = ${e.damage} Damage`
      }`
    case "memberChanged":
      return `${e.id}: ${e.why} (HP ${e.adventurer.hp}/${e.adventurer.maxHp}${e.adventurer.status === "active" ? "" : `, ${e.adventurer.status}`})`
    case "gearChanged":
      return `${e.id}'s ${e.gear.name}: ${e.face !== undefined ? `${e.face}, ` : ""}now ${e.gear.die.toUpperCase()}; ${e.why}`
    case "npcChanged":
      return `${e.npc.id}: ${e.why} (HP ${e.npc.hp}/${e.npc.maxHp}${e.npc.status === "active" ? "" : `, ${e.npc.status}`})`
    case "dropped":
      return `${e.id} drops ${e.item}`
    case "judged":
      return `the Referee judges ${e.character}'s action (${e.what}) ${e.judgement}${e.judgement === "uncertain" ? ": a Check decides" : e.judgement === "assured" ? ": it happens" : ": it fails"}`
    case "morale":
      return `morale of ${e.npcs.join(", ")}: ${e.roll} against ${e.resolve}%: ${e.holds ? "they hold" : "they break"}`
    case "turnEnded":
      return `the ${e.side}' turn ends`
    case "roundBegan":
      return `Round ${e.round}`
    case "disengaged":
      return `${e.id} moves out of melee`
    case "acted":
      return `${e.id}: ${e.why}`
    case "fightEnded":
      return `the fight ends: ${e.why}`
    case "timePassed":
      return `time passes: ${e.why}`
    case "trackerSet":
      return `tracking ${e.tracker.name} at ${e.tracker.die.toUpperCase()}`
    case "trackerRolled":
      return `${e.name}: ${e.face}, now ${e.die.toUpperCase()}${e.die === "d0" ? ": it has run out" : ""}`
    case "refused":
      return `refused after the dice: ${e.reason}${e.clause ? ` (${e.clause})` : ""}`
    default:
      return worldEventWords(e)
  }
}

/** The events of journeys, the depths, recruits, structures and the Land. */
const worldEventWords = (e: Game.GameEvent): string | undefined => {
  switch (e.type) {
    case "journeyed":
      return e.choice === "wait"
        ? "the group waits out the weather: no progress"
        : `the group makes ${e.miles} miles${e.choice === "pressOn" ? ", pressing on through the weather (Disadvantage)" : ""}${e.offCourse ? ", but drifts off course" : ""}`
    case "rested":
      return undefined
    case "lightChanged":
      return e.light === undefined
        ? `out of the depths`
        : `${e.light.lit ? `light: ${e.light.kind} at ${e.light.die.toUpperCase()}` : "dark: Disadvantage on every roll"}; ${e.why}`
    case "unfolded":
      return `${e.name} unfolds (N-EVENT-02)`
    case "reacted":
      return `${e.npc} is ${e.attitude === "friendly" ? "curious, kind or helpful" : "wary, dangerous or hostile"} (N-EVENT-04)`
    case "needsRuled":
      return undefined
    case "structureChanged":
      return `${e.structure.name}: ${e.why} (HP ${e.structure.hp}/${e.structure.maxHp})`
    case "landChanged":
      return `the Land: ${e.why}`
    default:
      return undefined
  }
}

/** The waiting prompt in words, with the answer's form. */
export const promptWords = (p: NonNullable<Game.GameState["pending"]>["prompt"]): string | undefined => {
  if (p === undefined) return undefined
  if (p.kind === "dice") return `${p.by} rolls ${p.dice}d${p.sides ?? 6} for ${p.purpose}: roll FACE…`
  // A Nightsong prompt is dice or a choice (it asks no facts).
  return `${p.by} answers ${p.question}: choose ${p.options.join("|")}`
}

/** The state for people. */
export const stateLines = (s: Game.GameState): string[] => {
  const c = s.clock
  const lines = [
    `day ${c.day}, ${WATCHES[c.watch]}, Turn ${c.turn}; ${c.inSession ? `session ${c.session}` : "between sessions"}`,
    `seats: ${s.seats.referee} (Referee), ${s.seats.players.join(", ")}; dice ${s.dice.mode === "seeded" ? "rolled by the game (seeded)" : "typed in"}${s.solo ? "; solo play" : ""}`,
  ]
  for (const m of Object.values(s.party)) {
    const a = m.adventurer
    const ab = a.abilities
    lines.push(
      `${m.id} (${a.name}, ${m.owner}): HP ${a.hp}/${a.maxHp}, Focus ${a.focus}, STR ${sign(ab.strength)} DEX ${sign(ab.dexterity)} PRE ${sign(ab.presence)} CON ${sign(ab.constitution)}${a.status === "active" ? "" : `, ${a.status}${a.dying ? ` (${a.dying.stabilised ? "helped" : `${a.dying.remaining} ${a.dying.unit} left`})` : ""}`}`,
      `  ${m.gear.map((g) => `${g.name} ${g.die.toUpperCase()}`).join(", ") || "no gear"}${a.conditions.length ? `; ${a.conditions.map((k) => k.name).join(", ")}` : ""}`,
    )
  }
  for (const n of Object.values(s.npcs))
    lines.push(
      `${n.id} (${n.name}): HP ${n.hp}/${n.maxHp}, ${n.attack.join(" + ")}${n.armor ? `, Armor ${n.armor}` : ""}, Resolve ${n.resolve}%${n.status === "active" ? "" : `, ${n.status}`}${s.attitudes?.[n.id] ? `, ${s.attitudes[n.id]}` : ""}`,
    )
  if (s.fight)
    lines.push(
      `fight: Round ${s.fight.round}, the ${s.fight.side}' turn; acted: ${s.fight.acted.join(", ") || "nobody"}`,
    )
  for (const t of Object.values(s.trackers))
    lines.push(`${t.looming ? "looming" : "tracker"} ${t.name}: ${t.die.toUpperCase()}`)
  if (s.light !== undefined)
    lines.push(
      `delving: ${s.light.lit ? `${s.light.kind} at ${s.light.die.toUpperCase()}` : "in the dark (Disadvantage)"}`,
    )
  if (s.road !== undefined) lines.push(`on the road: ${s.road.miles} miles on day ${s.road.day}`)
  if (s.hardGoing) lines.push("pressing on through bad weather (Disadvantage)")
  for (const w of Object.values(s.structures ?? {}))
    lines.push(`${w.name} (${w.size} ${w.kind}): HP ${w.hp}/${w.maxHp}${w.armor ? `, Armor ${w.armor}` : ""}`)
  if (s.land !== undefined)
    lines.push(
      `the Land: ${s.land.regions.length} Regions, ${s.land.factions.length} Factions, ${s.land.session} session(s) turned, ${s.land.chronicle.length} goal(s) reached`,
    )
  const waiting = promptWords(s.pending?.prompt)
  if (waiting) lines.push(`waiting: ${waiting}`)
  return lines
}

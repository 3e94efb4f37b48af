/**
 * Checks a character against the rules and reports every problem at once, each with the path of
 * the bad value and the clause it breaks: first the shape (schema), then the rules that tie the
 * numbers together. Creation rules (HP = CON + 6, scores −3 to +3, Presence Shards) apply while
 * `advancements` is 0; after an Advancement only the rules that always hold are checked.
 *
 * @since 0.1.0
 */
import { SchemaText } from "@blight/dice"
import { Result, Schema } from "effect"
import { backgroundNamed } from "../tables/backgrounds.js"
import { ABILITIES, abilityTitle, highest, standsAsRolled } from "./Ability.js"
import { Character, focusFor, maxHpFor, slotsFor } from "./Character.js"
import { dieRange, type Item } from "./Item.js"
import { CharacterProblem, formatPath, splitClause } from "./Problem.js"
import { slotUsage } from "./Slots.js"

const decode = Schema.decodeUnknownResult(Character, {
  ...SchemaText.parseOptions,
  errors: "all",
  onExcessProperty: "error",
})

const shapeProblems = (error: Schema.SchemaError): CharacterProblem[] =>
  SchemaText.problems(error).map(
    (issue) =>
      new CharacterProblem({ path: formatPath(issue.path, "character"), ...splitClause(issue.message) }),
  )

/**
 * A starting die (R-N-CHAR-10) goes with a die, never starts spent at D0 (N-STEPDIE-04) and sits in
 * its kind's range (N-WEAPON-01, N-ARMOR-01, N-SHIELD-02).
 */
const startProblems = (
  item: Item,
  path: string,
  range: (typeof dieRange)[keyof typeof dieRange],
): { path: string; reason: string; clause: string }[] => {
  if (item.start === undefined) return []
  const at = `${path}.start`
  if (item.die === undefined)
    return [{ path: at, reason: "a starting die needs the die it ran down to", clause: "N-STEPDIE-01" }]
  if (item.start === "d0") return [{ path: at, reason: "nothing starts spent at D0", clause: "N-STEPDIE-04" }]
  if (range !== undefined && !range.dice.includes(item.start))
    return [
      {
        path: at,
        reason: `a ${item.kind} starts at ${range.dice.filter((d) => d !== "d0").join(", ")}, got ${item.start}`,
        clause: range.clause,
      },
    ]
  return []
}

/** Every rule the numbers of a well-shaped character break. */
export const ruleProblems = (c: Character): CharacterProblem[] => {
  const out: CharacterProblem[] = []
  const add = (path: string, reason: string, clause: string) =>
    out.push(new CharacterProblem({ path, reason, clause }))
  const { STR, DEX, PRE, CON } = c.abilities
  const creation = c.advancements === 0

  if (creation) {
    for (const a of ABILITIES) {
      if (c.abilities[a] > 3)
        add(`abilities.${a}`, `a new character's scores are -3 to +3, got ${c.abilities[a]}`, "N-ABILITY-05")
    }
    if (!standsAsRolled(c.abilities))
      add("abilities", "no score is +1 or higher: reroll all the Abilities", "N-ABILITY-06")
    if (c.maxHp !== maxHpFor(CON))
      add("maxHp", `maximum HP is Constitution + 6 = ${maxHpFor(CON)}, got ${c.maxHp}`, "N-HP-01")
  }
  if (c.hp > c.maxHp) add("hp", `HP ${c.hp} is above the maximum ${c.maxHp}`, "N-HP-01")
  if (c.focus > 3) add("focus", `Focus is at most 3, got ${c.focus}`, "N-FOCUS-01")
  else if (c.focus > focusFor(DEX)) {
    add("focus", `Focus is Dexterity up to 3 = ${focusFor(DEX)}, got ${c.focus}`, "N-FOCUS-01")
  }
  if (c.slots.total !== slotsFor(STR)) {
    add("slots.total", `total Slots are Strength + 10 = ${slotsFor(STR)}, got ${c.slots.total}`, "N-SLOTS-01")
  }
  const usage = slotUsage(c)
  if (c.slots.used !== usage.used) {
    add(
      "slots.used",
      `items (${usage.items}), Spell Shards (${usage.spellShards}) and Conditions (${usage.conditions}) fill ${usage.used} Slots, got ${c.slots.used}`,
      "N-SLOTS-03",
    )
  }
  if (usage.overfilled) {
    add(
      "slots",
      `${usage.used} Slots are filled but the character has ${usage.total}: drop something`,
      "N-CONDITION-02",
    )
  }
  c.items.forEach((item, i) => {
    const range = dieRange[item.kind]
    if (range !== undefined && item.die !== undefined && !range.dice.includes(item.die)) {
      add(
        `items[${i}].die`,
        `a ${item.kind}'s Step Die is ${range.dice.filter((d) => d !== "d0").join(", ")} (or D0 when broken), got ${item.die}`,
        range.clause,
      )
    }
    for (const p of startProblems(item, `items[${i}]`, range)) add(p.path, p.reason, p.clause)
  })
  c.spellShards.forEach((s, i) => {
    if (s.start === "d0")
      add(`spellShards[${i}].start`, "a Shard starts above D0: nothing starts spent", "N-STEPDIE-04")
  })
  const background = backgroundNamed(c.background.name)
  if (background === undefined)
    add("background.name", `no background is called ${JSON.stringify(c.background.name)}`, "N-BACKGROUND-01")
  else if (background.ability !== c.background.table) {
    add(
      "background.table",
      `${background.name} is on the ${abilityTitle[background.ability]} table, not ${abilityTitle[c.background.table]}`,
      "N-BACKGROUND-02",
    )
  }
  if (creation) {
    const owed = highest(c.abilities).abilities.includes("PRE") ? Math.max(0, PRE) : 0
    const owned = c.spellShards.filter((s) => s.origin === "presence").length
    if (owned !== owed) {
      add(
        "spellShards",
        `a character ${owed > 0 ? `whose highest Ability is Presence ${PRE} owns ${owed}` : "without Presence as highest Ability owns no"} Presence Spell Shards, got ${owned}`,
        "N-BACKGROUND-04",
      )
    }
  }
  return out
}

/** Validates anything as a character: the character, or every problem with its path and clause. */
export const validateCharacter = (input: unknown): Result.Result<Character, readonly CharacterProblem[]> => {
  const decoded = decode(input)
  if (Result.isFailure(decoded)) return Result.fail(shapeProblems(decoded.failure))
  const problems = ruleProblems(decoded.success)
  return problems.length === 0 ? Result.succeed(decoded.success) : Result.fail(problems)
}

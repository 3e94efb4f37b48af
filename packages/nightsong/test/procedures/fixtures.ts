import type { Adventurer } from "../../src/procedures/Adventurer.js"
import { fromAbilities } from "../../src/procedures/Adventurer.js"

/** A test character: STR +1, DEX +2, PRE 0, CON +1 unless overridden. */
export const hero = (
  over: Partial<Adventurer> = {},
  abilities: Partial<Adventurer["abilities"]> = {},
): Adventurer => ({
  ...fromAbilities("Wren", { strength: 1, dexterity: 2, presence: 0, constitution: 1, ...abilities }),
  ...over,
})

/**
 * GraphQL enums for the library's closed sets of words (a `Schema.Literal` union, a list of names):
 * one enum per set of words wherever the set appears (an argument, an input field, an output field,
 * a hand-written type or one built from a schema), so a client generated from the contract has one
 * type per set and never a `String` where the library allows a few words.
 *
 * An enum value is the library's word itself when GraphQL can name it. A word it cannot
 * (`objective-runner`: GraphQL names are `[_A-Za-z][_0-9A-Za-z]*`) is named in camelCase like the
 * library's other words (`objectiveRunner`), and stands for the library's word on the wire both ways:
 * an argument `objectiveRunner` reaches the schema as "objective-runner", and "objective-runner"
 * answers as `objectiveRunner`. The enum's description lists each such name and its word.
 */
import * as Dice from "@blight/dice"
import * as Nightsong from "@blight/nightsong"
import * as Rules from "@blight/rules"
import type { EnumRef, SchemaTypes } from "@pothos/core"
import { SchemaAST as AST, Schema } from "effect"
import { builder } from "./builder.js"

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T extends SchemaTypes> ? T : never

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/
/** Words GraphQL keeps for itself (an enum value may not be one). */
const RESERVED = new Set(["true", "false", "null"])

/**
 * The GraphQL name of a library word: the word when it is a name; else its parts in camelCase
 * (`objective-runner` → `objectiveRunner`), `_` first if it would start with a digit, `_` last if
 * it is a reserved word.
 */
export const graphqlName = (word: string): string => {
  if (NAME.test(word) && !RESERVED.has(word)) return word
  const parts = word.split(/[^0-9A-Za-z]+/).filter(Boolean)
  const camel = parts.map((p, i) => (i === 0 ? p : p[0]!.toUpperCase() + p.slice(1))).join("")
  const name = /^[0-9]/.test(camel) || camel === "" ? `_${camel}` : camel
  return RESERVED.has(name) ? `${name}_` : name
}

const byWords = new Map<string, EnumRef<Types, string>>()
const keyOf = (words: readonly string[]) => JSON.stringify([...words].sort())

/** The words of a union of string literals (two or more), else undefined. */
const wordsOf = (ast: AST.AST): string[] | undefined => {
  const members = AST.isUnion(ast) ? ast.types : []
  const words = members.flatMap((m) => (AST.isLiteral(m) && typeof m.literal === "string" ? [m.literal] : []))
  return words.length >= 2 && words.length === members.length ? words : undefined
}

type Named = { readonly name: string; readonly description?: string }
const AMBIGUOUS: Named = { name: "" }
/**
 * Sets the libraries leave unnamed, met under several names (a raid's dice, a campaign's), or name
 * as another library names another set (Nightsong's GearKind and The Blight's): named here.
 */
const UNNAMED: Record<string, Named> = {
  [JSON.stringify(["manual", "seeded"])]: {
    name: "DiceMode",
    description: "seeded: the server rolls, from the seed; manual: dice typed in at the table",
  },
  [keyOf(["supply", "weapon", "armor", "shield", "remedy", "shard", "timer"])]: {
    name: "NightsongGearKind",
    description:
      "What a Nightsong Step Die tracks: a supply, a weapon, armour, a shield, a Remedy, a Shard, a timer",
  },
}
let named: Map<string, Named> | undefined
/**
 * The names the libraries give their sets of words (`Feature`, `TierName`, `Pool`): an exported
 * union of literals with an identifier. The first place a set is met may be a field of its own
 * (`TargetRank.nearestTo`); the set is still named as the library names it, whatever the order
 * the types are built in.
 */
export const libraryName = (words: readonly string[]): Named | undefined => {
  if (!named) {
    named = new Map(Object.entries(UNNAMED))
    const seen = new Set<unknown>()
    const visit = (v: unknown, depth: number): void => {
      // A schema is a class (a function); a namespace an object.
      if (v === null || (typeof v !== "object" && typeof v !== "function") || seen.has(v) || depth > 3) return
      seen.add(v)
      if (Schema.isSchema(v)) {
        const w = wordsOf(v.ast)
        const id = AST.resolveIdentifier(v.ast)
        if (w && id !== undefined && !Object.hasOwn(UNNAMED, keyOf(w))) {
          const d = AST.resolveDescription(v.ast)
          const had = named!.get(keyOf(w))
          // Two names for one set of words (d4 or d6: a Region's spread die, an NPC's protection
          // die): neither; the set is named where it is first met.
          named!.set(
            keyOf(w),
            had && had.name !== id ? AMBIGUOUS : { name: id, ...(d !== undefined ? { description: d } : {}) },
          )
        }
        return
      }
      if (typeof v === "object") for (const x of Object.values(v)) visit(x, depth + 1)
    }
    for (const lib of [Rules, Dice, Nightsong]) visit(lib, 0)
  }
  const found = named.get(keyOf(words))
  return found === AMBIGUOUS ? undefined : found
}

/** The enum already made for this set of words, if any. */
export const enumFor = (words: readonly string[]): EnumRef<Types, string> | undefined =>
  byWords.get(keyOf(words))

/**
 * The enum of a set of library words: made once, named `name` (free: the caller's to check) the
 * first time the set is met, the same enum every time after, whatever the order of the words.
 */
export const wordsEnum = <const W extends string>(
  name: string,
  words: readonly W[],
  description?: string,
): EnumRef<Types, W> => {
  const found = enumFor(words)
  if (found) return found as EnumRef<Types, W>
  const names = words.map(graphqlName)
  const clash = names.find((n, i) => names.indexOf(n) !== i)
  if (clash) throw new Error(`${name}: two words are both the GraphQL name ${clash}`)
  const mapped = words.filter((w, i) => names[i] !== w)
  const mapping = mapped.map((w) => `${graphqlName(w)} is "${w}"`).join(", ")
  const text = [
    description?.replace(/\.$/, ""),
    mapped.length > 0
      ? `GraphQL names for the library's words that are not GraphQL names: ${mapping}`
      : undefined,
  ]
    .filter(Boolean)
    .join(". ")
  const ref = builder.enumType(name, {
    ...(text ? { description: text } : {}),
    values: Object.fromEntries(
      words.map((w, i) => [
        names[i]!,
        { value: w, ...(names[i] !== w ? { description: `The library's "${w}"` } : {}) },
      ]),
    ),
  }) as unknown as EnumRef<Types, W>
  byWords.set(keyOf(words), ref as EnumRef<Types, string>)
  return ref
}

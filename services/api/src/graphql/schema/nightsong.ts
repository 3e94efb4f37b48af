/**
 * Nightsong: `nightsongCharacter` and `nightsongWorld` (REST: POST /v1/nightsong/characters and
 * /v1/nightsong/worlds). Mutations, like `rollDice`: without a seed each answer is new. The world's
 * SVG map is a field, drawn only when asked for.
 */
import { Character, World as Land } from "@blight/nightsong"
import { Schema } from "effect"
import * as Nightsong from "../../app/Nightsong.js"
import { builder } from "../builder.js"
import { wordsEnum } from "../enums.js"
import { outputType } from "../fromSchema.js"
import { inputType } from "../inputFromSchema.js"
import { bodyOf, resolving } from "../resolve.js"
import { typedWithJson } from "./twin.js"

const MethodRef = wordsEnum(
  "CharacterMethod",
  ["array", "roll"],
  "array: distribute +2, +1, 0, −1 (N-ABILITY-04); roll: 2D6 per Ability (N-ABILITY-05)",
)

/** A generated character and its seed, typed from the library's Character schema. */
const CharacterRef = outputType(
  Schema.Struct({ seed: Schema.Number, character: Character.Character }).annotate({
    identifier: "GeneratedNightsongCharacter",
  }),
  "GeneratedNightsongCharacter",
)

/** The array method's chosen distribution, and details picked instead of rolled: REST's fields, typed. */
const ArrayInput = inputType(Character.AbilityArray, "NightsongAbilityArray")
const DetailsInput = inputType(Character.PickedDetails, "NightsongPickedDetails")

const Seed = "A whole number from 0 to 2^53−1; the same seed gives the same answer (default: a new one)"

builder.mutationField("nightsongCharacter", (t) =>
  t.field({
    description: "A new Nightsong character, valid by construction, and the seed that replays it",
    type: CharacterRef,
    nullable: true,
    args: {
      seed: t.arg.float({ description: Seed }),
      method: t.arg({ type: MethodRef }),
      array: t.arg({
        type: ArrayInput.type,
        description:
          "With the array method, +2, +1, 0 and −1 placed by hand (N-ABILITY-04); rolled when absent",
      }),
      background: t.arg.string({
        description: "A background picked by name instead of rolled (N-BACKGROUND-03)",
      }),
      backgroundTable: t.arg.string({ description: "The table to roll on when Abilities tie for highest" }),
      name: t.arg.string(),
      pronouns: t.arg.string(),
      details: t.arg({
        type: DetailsInput.type,
        description:
          'Details picked from their tables instead of rolled (N-DETAILS-01), e.g. {face: "Scarred"}',
      }),
    },
    resolve: resolving((a) =>
      Nightsong.character(
        bodyOf({
          ...a,
          array: a.array == null ? undefined : ArrayInput.convert(a.array),
          details: a.details == null ? undefined : DetailsInput.convert(a.details),
        }),
      ),
    ),
  }),
)

type World = { seed: number; world: unknown; svg: () => string }

/** The Land's type, from the library's World schema; and as an input (a saved Land to advance). */
const LandRef = outputType(Land.World, "World")
const LandInput = inputType(Land.World, "World")

const WorldRef = builder.objectRef<World>("NightsongWorld").implement({
  description: "A Nightsong Land of 6-mile hexes: Regions and Factions (N-WORLD, N-REGION, N-FACTION)",
  fields: (t) => ({
    seed: t.float({ resolve: (w) => w.seed }),
    ...typedWithJson(
      t,
      {
        name: "land",
        type: LandRef,
        description: "The Land, typed: hexes, Regions, Factions and their chronicle",
      },
      { name: "world", description: "The Land, as the REST answer's `world`" },
      (w) => w.world,
    ),
    svg: t.string({
      description: "The hex map as SVG (regions coloured, faction borders drawn)",
      resolve: (w) => w.svg(),
    }),
  }),
})

builder.mutationField("nightsongWorld", (t) =>
  t.field({
    description: "A Nightsong Living World, with its SVG map on request",
    type: WorldRef,
    nullable: true,
    args: {
      seed: t.arg.float({ description: Seed }),
      sessions: t.arg.int({ description: "Roll every Faction's Goal Die this many times (0–100)" }),
      land: t.arg({
        type: LandInput.type,
        description: "A Land saved before (a `land` answered here): advanced by `sessions` instead of made",
      }),
    },
    resolve: resolving((a) =>
      Nightsong.world(bodyOf({ ...a, land: a.land == null ? undefined : LandInput.convert(a.land) })),
    ),
  }),
)

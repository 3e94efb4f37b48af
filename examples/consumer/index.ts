/**
 * A consumer of the published packages: imports from each (and `Effect` from effect beside the
 * rules' `Effects`), passes `effect` values between them, and prints one JSON line.
 */
import { main } from "@blight/cli"
import { Dice, Pool, PoolOdds, seeded } from "@blight/dice"
import { Character } from "@blight/nightsong"
import { Content, ContentService, type Effects, Founding, Ledger, RefugeExamples } from "@blight/rules"
import { Effect, Result, Schema } from "effect"

// An effect value from @blight/rules (a Layer) provided to a program written against this copy of effect.
const seasons = Effect.gen(function* () {
  const content = yield* Content
  return content.list("seasons").length
}).pipe(Effect.provide(ContentService.layerCore))

// The Effect service of @blight/dice, as a Layer.
const rolled = Effect.gen(function* () {
  const dice = yield* Dice
  return yield* dice.roll("2d6")
}).pipe(Effect.provide(Dice.seeded(7)))

// A content-vocabulary effect, typed by the rules' Effects namespace.
const noise: Effects.Effect = { kind: "noise", value: 1 }

const core = await Effect.runPromise(Effect.provide(Content, ContentService.layerCore))
const refuge = Founding.found(RefugeExamples.exampleRefuge, core, { source: seeded(7) })
const pc = Character.generateCharacter(seeded(7))
const cliOut: string[] = []
const collect = { write: (s: string) => cliOut.push(s) }
const cli = await main(["odds", "test", "3", "--target", "2", "--json"], { stdout: collect, stderr: collect })

console.log(
  JSON.stringify({
    seasons: await Effect.runPromise(seasons),
    roll: (await Effect.runPromise(rolled)).value,
    pool: Pool.rollPool(seeded(1), { dice: 4 }).successes,
    chance: PoolOdds.testChance(3, 2),
    founded: Result.isSuccess(refuge)
      ? Ledger.storesOf(refuge.success.ledger).salvage
      : refuge.failure.violations,
    character: Schema.is(Character.Character)(pc),
    noise: noise.kind,
    cli: [cli, JSON.parse(cliOut.join(""))],
  }),
)

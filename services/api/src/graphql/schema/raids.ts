/**
 * Raids over GraphQL, the same use-cases as REST (/v1/raids…): queries `raid`, `raids`,
 * `raidLegal`, `raidEvents`; mutations `createRaid`, `joinRaid`, `commandRaid`, `undoRaid`,
 * `adjustRaid`; and the subscription `raidEvents`, every event of a raid in order and then each
 * new one (graphql-yoga's subscriptions over SSE). Output types are built from the library's
 * schemas (`fromSchema.ts`), the command input too (`inputFromSchema.ts`).
 */
import { BattleCommand, BattleEvent, BattleOptions, BattleState, Roster } from "@blight/rules"
import { SchemaAST as AST, Cause, Effect, Option } from "effect"
import { createGraphQLError } from "graphql-yoga"
import type { ApiError } from "../../app/ApiError.js"
import * as Raids from "../../app/Raids.js"
import type { Followed } from "../../app/stream/index.js"
import { wire } from "../ast.js"
import { builder } from "../builder.js"
import type { GraphqlContext } from "../context.js"
import { outputType, typeFieldAs } from "../fromSchema.js"
import { inputType } from "../inputFromSchema.js"
import { pageArgs, pageQuery, pageRef } from "../paging.js"
import { asPlayer, bodyOf, byIdFor, forCaller, onPage, toGraphQLError } from "../resolve.js"
import { inputType as rosterInput } from "../rosterInput.js"

/** The member of the event union logged as `type`. */
const eventOf = (type: string): AST.AST => {
  const union = wire(BattleEvent.Event.ast)
  const found = (AST.isUnion(union) ? union.types : []).find((m) => {
    const s = wire(m)
    const tag = AST.isObjects(s) ? s.propertySignatures.find((p) => p.name === "type") : undefined
    return tag !== undefined && AST.isLiteral(tag.type) && tag.type.literal === type
  })
  if (!found) throw new Error(`no ${type} event`)
  return found
}
typeFieldAs(eventOf("commanded"), "command", Raids.LoggedCommand)
typeFieldAs(BattleState.Pending.ast, "command", Raids.LoggedCommand)
typeFieldAs(eventOf("adjusted"), "changes", Raids.AdjustedChanges)

const RaidRef = outputType(Raids.RaidView, "Raid")
const RaidEventRef = outputType(Raids.RaidEvent, "RaidEvent")
const RaidEventsPageRef = outputType(Raids.RaidEventsPage, "RaidEventsPage")
const RaidLegalRef = outputType(Raids.RaidLegal, "RaidLegalCommands")
const CommandResultRef = outputType(Raids.CommandResult, "RaidCommandResult")
const Command = inputType(BattleCommand.Command, "BattleCommand")
/** Ruling options as an input, typed from the library's BattleOptions schema (raids, campaigns' raids). */
export const Options = inputType(BattleOptions.Options, "BattleOptions")
const RosterInputRef = rosterInput(Roster.Roster, "Roster")
const ROSTER = "A roster: its JSON file's fields ($schema left out), typed from the library's Roster schema"

const RaidSideInput = builder.inputType("RaidSideInput", {
  description:
    "A side: refuge (a stored one of the caller's) or roster (founded now); a side for another player with neither is a seat they fill by joining",
  fields: (t) => ({
    player: t.string({ description: "The id of the player who plays it (default: the caller)" }),
    refuge: t.id({ description: "A stored Refuge or Congregation of the caller's" }),
    roster: t.field({ type: RosterInputRef, description: `${ROSTER} (founded with the raid's seed)` }),
  }),
})

const VERSION = "The raid's version the command was decided against (conflict if stale)"

builder.queryFields((t) => ({
  raid: t.field({
    description: "A raid as its players see it (never the dice state)",
    type: RaidRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: byIdFor(Raids.getRaid),
  }),
  raids: t.field({
    description: "A page of the raids the caller has a seat at, oldest first",
    type: pageRef("RaidPage", RaidRef, "A page of raids"),
    nullable: true,
    args: pageArgs,
    resolve: forCaller((p, a, ctx) => Raids.listRaids(ctx.deps, p, pageQuery(a))),
  }),
  raidLegal: t.field({
    description: "The commands open to the caller now (on a board, moves to concrete points)",
    type: RaidLegalRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: byIdFor(Raids.legalFor),
  }),
  raidEvents: t.field({
    description:
      "The raid's log, a page at a time: events after `after` (a seq), at most `limit` (1 to 1000)",
    type: RaidEventsPageRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }), after: t.arg.int(), limit: t.arg.int() },
    resolve: onPage(Raids.raidEvents),
  }),
}))

builder.mutationFields((t) => ({
  createRaid: t.field({
    description:
      "Set a raid up from the caller's Refuges or rosters, a scenario and packs; a side for another player waits for them to join",
    type: RaidRef,
    nullable: true,
    args: {
      sides: t.arg({ type: [RaidSideInput], required: true }),
      scenario: t.arg.string(),
      packs: t.arg.stringList(),
      manualDice: t.arg.boolean({ description: "Dice typed in at the table (default: the server rolls)" }),
      seed: t.arg.float({ description: "The dice's seed, kept on the server (default: a new one)" }),
      randomBoard: t.arg.boolean({ description: "Play on a seeded random board" }),
      options: t.arg({
        type: Options.type,
        description: "Ruling options by name, typed from the library's BattleOptions schema",
      }),
    },
    resolve: forCaller((p, a, ctx) =>
      Raids.createRaid(
        ctx.deps,
        p,
        bodyOf({
          sides: a.sides,
          scenario: a.scenario,
          packs: a.packs,
          dice: a.manualDice ? "manual" : undefined,
          seed: a.seed,
          board: a.randomBoard ? "random" : undefined,
          options: a.options == null ? undefined : Options.convert(a.options),
        }),
      ),
    ),
  }),
  joinRaid: t.field({
    description: "Take the seat the raid keeps for the caller, with their own Refuge or a roster",
    type: RaidRef,
    nullable: true,
    args: {
      id: t.arg.id({ required: true }),
      refuge: t.arg.id(),
      roster: t.arg({ type: RosterInputRef, description: ROSTER }),
    },
    resolve: byIdFor(Raids.joinRaid, (a) => bodyOf({ refuge: a.refuge, roster: a.roster })),
  }),
  commandRaid: t.field({
    description:
      "A command, decided against the version named (conflict when stale; forbidden for another side's; bad_request with the rule when refused)",
    type: CommandResultRef,
    nullable: true,
    args: {
      id: t.arg.id({ required: true }),
      version: t.arg.int({ required: true, description: VERSION }),
      command: t.arg({ type: Command.type, required: true }),
    },
    resolve: byIdFor(Raids.commandRaid, (a) => ({ version: a.version, command: Command.convert(a.command) })),
  }),
  undoRaid: t.field({
    description: "Undo the caller's last command, back to the last dice roll and never past it (R-BATTLE-15)",
    type: CommandResultRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }), version: t.arg.int({ required: true, description: VERSION }) },
    resolve: byIdFor(Raids.undoRaid, (a) => ({ version: a.version })),
  }),
  adjustRaid: t.field({
    description: "Correct one of the caller's models, with the reason the table agreed on (logged)",
    type: CommandResultRef,
    nullable: true,
    args: {
      id: t.arg.id({ required: true }),
      version: t.arg.int({ required: true, description: VERSION }),
      model: t.arg.string({ required: true }),
      reason: t.arg.string({ required: true }),
      health: t.arg.int(),
      blight: t.arg.int(),
      noise: t.arg.int(),
      shaken: t.arg.boolean(),
      hidden: t.arg.boolean(),
      reloads: t.arg.int(),
      arrows: t.arg.int(),
      bolts: t.arg.int(),
      activated: t.arg.boolean({ description: "Has it activated this round (B-ACT-03)?" }),
      carrying: t.arg.stringList({ description: "The Loot tokens it carries, all of them (R-BATTLE-76)" }),
    },
    resolve: byIdFor(Raids.adjustRaid, ({ id: _, ...fields }) => bodyOf(fields)),
  }),
}))

/**
 * A log's entries as an async iterable that stops its reader when the client goes away (Yoga calls
 * `return`, which aborts the wait for news).
 */
const feed = <E>(iterate: (signal: AbortSignal) => AsyncGenerator<E>): AsyncIterable<E> => ({
  [Symbol.asyncIterator]: () => {
    const abort = new AbortController()
    const events = iterate(abort.signal)
    return {
      next: () => events.next(),
      return: (value?: unknown) => {
        abort.abort()
        return events.return(value as never)
      },
    }
  },
})

/**
 * A subscription to a stream (a raid's, a campaign's): `check` says the caller may follow it, and
 * an error it fails with is answered as one; then every entry after `after`, and each new one.
 */
export const subscribeTo = async <E>(
  check: Effect.Effect<{ readonly id: string; readonly version: number }, ApiError>,
  after: number | null | undefined,
  follow: (id: string, after: number, signal: AbortSignal) => AsyncGenerator<E>,
): Promise<AsyncIterable<E>> => {
  const exit = await Effect.runPromiseExit(check)
  if (exit._tag === "Failure") {
    // Made by Yoga's own graphql (createGraphQLError): an error thrown while subscribing is
    // answered as an error only if it is that graphql's GraphQLError, whichever copy this file got.
    const error = Cause.findErrorOption(exit.cause)
    const failure = Option.isSome(error) ? toGraphQLError(error.value) : undefined
    throw createGraphQLError(failure?.message ?? "it cannot be followed", {
      extensions: failure?.extensions ?? { code: "internal", status: 500 },
    })
  }
  const stream = exit.value
  const from = Math.max(0, Math.min(after ?? 0, stream.version))
  return feed((signal) => follow(stream.id, from, signal))
}

/** `subscribe` for a stream's subscription field (`id`, `after`): see {@link subscribeTo}. */
export const subscribeFor =
  <E>(stream: Followed<E>) =>
  (
    _: unknown,
    a: { readonly id: string | number; readonly after?: number | null | undefined },
    ctx: GraphqlContext,
  ) =>
    subscribeTo(
      asPlayer(ctx, (p) => stream.followable(ctx.deps, p, String(a.id))),
      a.after,
      (id, after, signal) => stream.follow(ctx.deps, id, after, signal),
    )

builder.subscriptionType({
  description:
    "Live: a raid's events as they are stored (over SSE: POST /graphql with Accept: text/event-stream)",
})

builder.subscriptionField("raidEvents", (t) =>
  t.field({
    description:
      "Every event of a raid after `after` (a seq; default 0: from its set-up), in order, then each new one",
    type: RaidEventRef,
    args: { id: t.arg.id({ required: true }), after: t.arg.int() },
    subscribe: subscribeFor(Raids),
    resolve: (e: Raids.RaidEvent) => e,
  }),
)

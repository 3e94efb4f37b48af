/**
 * Nightsong games over GraphQL, the same use-cases as REST (/v1/nightsong/games…): queries
 * `nightsongGame`, `nightsongLegal`, `nightsongGameEvents`; mutations `createNightsongGame`,
 * `joinNightsongGame`, `commandNightsongGame`, `undoNightsongGame`; and the subscription
 * `nightsongGameEvents`, every event of a game in order and then each new one. The game, the legal
 * commands, the command input and each event (a union, one object per type) are typed from the
 * library's schemas.
 */
import { Game } from "@blight/nightsong"
import * as Games from "../../app/NightsongGames.js"
import { builder } from "../builder.js"
import { outputType, typeFieldAs } from "../fromSchema.js"
import { inputType } from "../inputFromSchema.js"
import { pageArgs, pageQuery, pageRef } from "../paging.js"
import { bodyOf, byIdFor, forCaller, onPage } from "../resolve.js"
import { PackRefInput } from "./nightsongPacks.js"
import { subscribeFor } from "./raids.js"

const GameRef = outputType(Games.GameView, "NightsongGame")
const SummaryRef = outputType(Games.GameSummary, "NightsongGameSummary")
const LegalRef = outputType(Games.GameLegal, "NightsongLegalCommands")
const PromptRef = outputType(Games.NightsongPrompt, "NightsongPrompt")
const Command = inputType(Game.Command, "NightsongCommand")

type Entry = Games.GameEventEntry

// The `commanded` event's command is `unknown` in the library (the engine decodes it again): typed here.
const commanded = Games.NightsongEvent.members.find((m) => m.fields.type.literal === "commanded")
if (commanded === undefined) throw new Error("no commanded event")
typeFieldAs(commanded.ast, "command", Games.NightsongLoggedCommand)
const EventUnionRef = outputType(Games.NightsongEvent, "NightsongEvent")

const EventRef = builder.objectRef<Entry>("NightsongGameEvent").implement({
  description: "An event of a Nightsong game's log",
  fields: (t) => ({
    seq: t.int({ description: "Its place in the log, from 1", resolve: (e) => e.seq }),
    type: t.string({
      description: "What happened (joined, attacked, fightEnded, …)",
      resolve: (e) => e.event.type,
    }),
    event: t.field({
      type: EventUnionRef,
      description: "The whole event as the log has it, one type per kind of event",
      resolve: (e) => e.event as never,
    }),
  }),
})

const PageRef = builder
  .objectRef<{ version: number; after: number; events: ReadonlyArray<Entry>; next?: number | undefined }>(
    "NightsongGameEventsPage",
  )
  .implement({
    description: "A page of a Nightsong game's log",
    fields: (t) => ({
      version: t.int({ resolve: (p) => p.version }),
      after: t.int({ resolve: (p) => p.after }),
      events: t.field({ type: [EventRef], resolve: (p) => p.events }),
      next: t.int({
        nullable: true,
        description: "Ask again with after=next for more",
        resolve: (p) => p.next,
      }),
    }),
  })

const ResultRef = builder
  .objectRef<{ version: number; events: ReadonlyArray<Entry>; pending?: unknown; hash: string }>(
    "NightsongCommandResult",
  )
  .implement({
    description:
      "What a command stored: the new version, its events, the prompt waiting and the state's hash",
    fields: (t) => ({
      version: t.int({ resolve: (r) => r.version }),
      events: t.field({ type: [EventRef], resolve: (r) => r.events }),
      pending: t.field({
        type: PromptRef,
        nullable: true,
        resolve: (r) => (r.pending ?? null) as never,
      }),
      hash: t.string({ resolve: (r) => r.hash }),
    }),
  })

const VERSION = "The game's version the command was decided against (conflict if stale)"

builder.queryFields((t) => ({
  nightsongGame: t.field({
    description: "A Nightsong game as its seats see it (never the dice state)",
    type: GameRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: byIdFor(Games.getGame),
  }),
  nightsongGames: t.field({
    description: "A page of the Nightsong games the caller made or holds a seat at, oldest first",
    type: pageRef("NightsongGamePage", SummaryRef, "A page of Nightsong games"),
    nullable: true,
    args: pageArgs,
    resolve: forCaller((p, a, ctx) => Games.listGames(ctx.deps, p, pageQuery(a))),
  }),
  nightsongLegal: t.field({
    description: "The commands open to the caller's seat now (the answers when a prompt waits for it)",
    type: LegalRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: byIdFor(Games.legalFor),
  }),
  nightsongGameEvents: t.field({
    description:
      "The game's log, a page at a time: events after `after` (a seq), at most `limit` (1 to 1000)",
    type: PageRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }), after: t.arg.int(), limit: t.arg.int() },
    resolve: onPage(Games.gameEvents),
  }),
}))

builder.mutationFields((t) => ({
  createNightsongGame: t.field({
    description:
      "Start a Nightsong game with its seats; the caller takes one (the Referee's by default), others join",
    type: GameRef,
    nullable: true,
    args: {
      players: t.arg.stringList({ required: true, description: "The players' seats, by name (1 to 8)" }),
      referee: t.arg.string({ description: "The Referee's seat (default: referee)" }),
      seat: t.arg.string({ description: "The seat the caller takes (default: the Referee's)" }),
      manualDice: t.arg.boolean({
        description: "Every die typed in at the table (default: the server rolls)",
      }),
      seed: t.arg.float({ description: "The dice's seed, kept on the server (default: a new one)" }),
      packs: t.arg({
        type: [PackRefInput.type],
        description:
          "Stored Nightsong packs merged over the core pack, in order; kept in the game's first event (R-N-PACK-06)",
      }),
    },
    resolve: forCaller((p, a, ctx) =>
      Games.createGame(
        ctx.deps,
        p,
        bodyOf({
          players: a.players,
          referee: a.referee,
          seat: a.seat,
          dice: a.manualDice ? "manual" : undefined,
          seed: a.seed,
          packs: a.packs?.map(PackRefInput.convert),
        }),
      ),
    ),
  }),
  joinNightsongGame: t.field({
    description: "Take an open seat at the game with the caller's own key (conflict when it is taken)",
    type: GameRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }), seat: t.arg.string({ required: true }) },
    resolve: byIdFor(Games.joinGame, (a) => ({ seat: a.seat })),
  }),
  commandNightsongGame: t.field({
    description:
      "A command, decided against the version named (conflict when stale; forbidden for another seat's; bad_request with the rule when refused)",
    type: ResultRef,
    nullable: true,
    args: {
      id: t.arg.id({ required: true }),
      version: t.arg.int({ required: true, description: VERSION }),
      command: t.arg({ type: Command.type, required: true }),
    },
    resolve: byIdFor(Games.commandGame, (a) => ({ version: a.version, command: Command.convert(a.command) })),
  }),
  undoNightsongGame: t.field({
    description: "Undo the last command, back to the last roll and never past it (R-N-GAME-03)",
    type: ResultRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }), version: t.arg.int({ required: true, description: VERSION }) },
    resolve: byIdFor(Games.undoGame, (a) => ({ version: a.version })),
  }),
}))

builder.subscriptionField("nightsongGameEvents", (t) =>
  t.field({
    description:
      "Every event of a Nightsong game after `after` (a seq; default 0), in order, then each new one",
    type: EventRef,
    args: { id: t.arg.id({ required: true }), after: t.arg.int() },
    subscribe: subscribeFor(Games),
    resolve: (e: Entry) => e,
  }),
)

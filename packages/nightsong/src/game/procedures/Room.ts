/**
 * Making room (N-CONDITION-02, N-SLOTS-03): a character whose Items and Conditions fill more
 * Slots than they have must drop something. The game does not wait for someone to remember: as
 * its own step it asks the character's player what to drop, one item (one Slot) at a time, until
 * the character is within their Slots or carries nothing more to drop (R-N-GAME-18).
 *
 * @since 0.3.0
 */
import type { Handler } from "@blight/engine"
import { dropItems, freeSlots } from "../../procedures/Adventurer.js"
import { type Ctx, ruled, st } from "../Context.js"
import { memberOf } from "../Seats.js"
import type { GameState, Member } from "../State.js"

/** The answer that drops an item the game tracks no Step Die for (a sheet's rope, a whole-number Slot count). */
export const UNTRACKED = "an item without a Step Die"

/** The engine step that makes room for `character`. */
interface RoomStep {
  readonly type: "continue"
  readonly step: { readonly makeRoom: string }
}

/** Can `m` make room by dropping something? Over their Slots, alive, and carrying items. */
const mustMakeRoom = (m: Member): boolean =>
  m.adventurer.status !== "dead" && freeSlots(m.adventurer) < 0 && m.adventurer.itemSlots > 0

/** The engine's step when a character is over their Slots, or undefined. */
export const roomStep = (s: GameState): RoomStep | undefined => {
  const m = Object.values(s.party).find(mustMakeRoom)
  return m === undefined ? undefined : { type: "continue", step: { makeRoom: m.id } }
}

/** What the character may drop: each piece of gear, and an untracked item if Slots hold more than the gear. */
const droppable = (m: Member): string[] => [
  ...new Set(m.gear.map((g) => g.name)),
  ...(m.adventurer.itemSlots > m.gear.length ? [UNTRACKED] : []),
]

/** The player chooses what their character drops; one Slot is freed. */
const makeRoom = (ctx: Ctx, id: string): void => {
  const m = memberOf(st(ctx), id)
  const over = -freeSlots(m.adventurer)
  const item = ctx.choose(
    "drop",
    `${id} is ${over} Slot(s) over and must drop something to make room (N-CONDITION-02)`,
    droppable(m),
    m.owner,
  )
  const adventurer = ruled(() => dropItems(m.adventurer, 1))
  ctx.emit({ type: "dropped", id, item, adventurer })
}

const isRoomStep = (c: unknown): c is RoomStep =>
  typeof (c as RoomStep).step === "object" && typeof (c as RoomStep).step?.makeRoom === "string"

/** The engine's `continue`: making room, else the step it already had (a fight's end). */
export const continueWith =
  (other: Handler<Ctx> | undefined): Handler<Ctx> =>
  (ctx, c: never, by) => {
    const step: unknown = c
    if (isRoomStep(step)) return makeRoom(ctx, step.step.makeRoom)
    other?.(ctx, c, by)
  }

/**
 * The command registry: each procedure area is one module exporting `handlers`, a record of
 * command type → rule. A new area adds its module's handlers here with one line, and its command
 * schemas to Command.ts.
 *
 * @since 0.2.0
 */
import type { Handler } from "@blight/engine"
import type { Ctx } from "./Context.js"
import { handlers as advancement } from "./procedures/Advancement.js"
import { handlers as blast } from "./procedures/Blast.js"
import { handlers as checks } from "./procedures/Checks.js"
import { handlers as combat } from "./procedures/Combat.js"
import { handlers as converted } from "./procedures/Converted.js"
import { handlers as create } from "./procedures/Create.js"
import { handlers as delve } from "./procedures/Delve.js"
import { handlers as encounters } from "./procedures/Encounters.js"
import { handlers as finds } from "./procedures/Finds.js"
import { handlers as focus } from "./procedures/Focus.js"
import { handlers as harm } from "./procedures/Harm.js"
import { handlers as journey } from "./procedures/Journey.js"
import { handlers as land } from "./procedures/Land.js"
import { handlers as packs } from "./procedures/Packs.js"
import { handlers as party } from "./procedures/Party.js"
import { handlers as recovery } from "./procedures/Recovery.js"
import { handlers as recruits } from "./procedures/Recruits.js"
import { continueWith } from "./procedures/Room.js"
import { handlers as spells } from "./procedures/Spells.js"
import { handlers as works } from "./procedures/Works.js"

type Area = { readonly [type: string]: (ctx: Ctx, command: never, by: string) => void }

const areas: ReadonlyArray<Area> = [
  party,
  create,
  converted,
  finds,
  checks,
  focus,
  combat,
  blast,
  harm,
  recovery,
  spells,
  advancement,
  journey,
  delve,
  encounters,
  recruits,
  works,
  land,
  packs,
]

/** Every command's rule, by type (a type defined twice is a programming error, caught at load). */
export const handlers: { readonly [type: string]: Handler<Ctx> } = (() => {
  const out: Record<string, Handler<Ctx>> = {}
  for (const area of areas)
    for (const [type, h] of Object.entries(area)) {
      if (Object.hasOwn(out, type)) throw new Error(`command ${type} is defined twice`)
      out[type] = h as Handler<Ctx>
    }
  out.continue = continueWith(out.continue)
  return out
})()

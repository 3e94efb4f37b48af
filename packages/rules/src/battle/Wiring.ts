/**
 * The rules that answer the reactions lower rules call back ({@link Reactions}). The round's flow
 * (`round/Flow.ts`), which every raid runs through, binds them when it loads, so they are bound
 * before any command is decided.
 *
 * @since 0.6.0
 */
import { checkEmerge } from "./creatures/Ambush.js"
import { summon } from "./creatures/Summon.js"
import { checkDread } from "./nerve/Dread.js"
import type { Reactions } from "./Reactions.js"

export const wiring: Reactions = { ambush: checkEmerge, dread: checkDread, summon }

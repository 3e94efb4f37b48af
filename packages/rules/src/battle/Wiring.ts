/**
 * Binds the reactions lower rules call back ({@link Reactions}) to the rules that answer them.
 * Loaded by the round's flow (`round/Flow.ts`), which every raid runs through, so they are bound
 * before any command is decided.
 *
 * @since 0.6.0
 */
import { checkEmerge } from "./creatures/Ambush.js"
import { summon } from "./creatures/Summon.js"
import { checkDread } from "./nerve/Dread.js"
import { bindReactions } from "./Reactions.js"

bindReactions({ ambush: checkEmerge, dread: checkDread, summon })

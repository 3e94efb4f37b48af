/**
 * The GraphQL schema, assembled from one file per type (or area) over the application layer.
 */
import { builder } from "../builder.js"
import "./root.js"
import "./json.js"
import "./player.js"
import "./pack.js"
import "./stores.js"
import "./ledger.js"
// Last: these build types from the library's schemas, and keep clear of the names above.
import "./content.js"
import "./dice.js"
import "./refuge.js"
import "./market.js"
import "./nightsong.js"
// Raids: their own file, types built from the raid engine's schemas.
import "./raids.js"
// Campaigns: their own file, after raids (they reuse the Raid type and the subscription helper).
import "./campaigns.js"
// Simulations: their own file, types built from the simulation schemas.
import "./simulations.js"
// Nightsong games: their own file, after raids (they reuse the subscription helper).
import "./nightsongGames.js"
// Nightsong packs: after the games (which name them) and Blight's packs (whose PackVersion they share).
import "./nightsongPacks.js"

export const schema = builder.toSchema()

/**
 * The state a model enters the raid with when it arrives part-way through (a creature spawned or
 * called, the Stranger joining): standing, unhurt by Noise or Dread, carrying nothing.
 *
 * @since 0.3.0
 */
import type { Model } from "./State.js"

/** Every field of a model that is the same for anything arriving empty-handed in `round`. */
export const arrivingEmptyHanded = (round: number, activated: boolean) =>
  ({
    helmet: false,
    blight: 0,
    status: "active",
    shaken: false,
    hidden: false,
    noise: 0,
    activated,
    weapons: [],
    reloads: 0,
    arrows: 0,
    bolts: 0,
    carrying: [],
    kit: [],
    skills: [],
    gifts: [],
    marks: [],
    dreaded: [],
    used: {},
    wasDown: false,
    arrived: round,
  }) satisfies Partial<Model>

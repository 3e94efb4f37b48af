/**
 * Starting rosters that found cleanly on the core pack: what `blight found --example` prints and
 * what `examples/rosters/` holds (a test keeps the two the same).
 *
 * @since 0.1.0
 */

/** A Refuge of five on the core pack: 149 of 150 Salvage spent. */
export const exampleRefuge = {
  name: "Wharfside",
  home: "corner-shop",
  survivors: [
    {
      name: "Sergeant Hollis",
      background: "police-officer",
      leader: true,
      weapons: ["pistol"],
      kit: ["helmet"],
    },
    { name: "Dr Amara Okafor", background: "doctor", weapons: ["knife"], kit: ["med-kit"] },
    { name: "Big Col", background: "labourer", weapons: ["crowbar", "molotov"], armour: ["leather-jacket"] },
    { name: "Jess", background: "courier", weapons: ["bow"] },
    { name: "Mr Patel", background: "office-worker", weapons: ["baseball-bat"] },
  ],
  reloads: 2,
  arrows: 10,
} as const

/** A Congregation of five on the core pack, in the Grove, with the Market's Congregation limits. */
export const exampleCongregation = {
  name: "The Gardeners of Carrow Fields",
  kind: "congregation",
  home: "grove",
  survivors: [
    { name: "Mother Agnes", background: "vicar", leader: true, weapons: ["knife"] },
    { name: "Sister Ruth", background: "nurse", weapons: ["machete"] },
    { name: "Brother Tam", background: "labourer", weapons: ["crowbar"], armour: ["leather-jacket"] },
    { name: "Wren", background: "student", weapons: ["baseball-bat"], kit: ["lantern"] },
    { name: "Old Sully", background: "rough-sleeper", weapons: ["knife"] },
  ],
} as const

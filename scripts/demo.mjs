// `npm start`: until the HTTP service lands, a short tour of the `blight` CLI on an embedded default.
import { main } from "../packages/cli/dist/main.js"

const io = { stdout: process.stdout, stderr: process.stderr }
const steps = [
  ["A Blight pool of 5 dice, seeded (replay it with the same --seed)", ["roll", "pool", "5", "--seed", "7"]],
  [
    "The same pool with 2 Blight dice: 1s on them add Blight",
    ["roll", "pool", "5", "--blight", "2", "--seed", "7"],
  ],
  [
    "Dice the players rolled at the table, entered by hand",
    ["roll", "test", "3", "--target", "2", "--manual", "4,6,1"],
  ],
  ["Exact odds of a test: 3 dice needing 2 successes", ["odds", "test", "3", "--target", "2"]],
  [
    "Exact damage of a Shoot: 5 dice against Armour 2 with a Helmet, Damage 2",
    ["odds", "shoot", "--dice", "5", "--armour", "2", "--helmet", "--damage", "2"],
  ],
  ["Exact margin of a Fight: 3 dice against 2", ["odds", "fight", "--attacker", "3", "--defender", "2"]],
  [
    "Nightsong: a Nuanced Check at +1 against DR 12, with Advantage",
    ["odds", "check", "--ability", "1", "--dr", "12", "--adv", "--nuanced"],
  ],
  ["Nightsong: how long a D6 torch lasts", ["odds", "step", "d6"]],
]
const optional = [
  ["The core pack's backgrounds", ["content", "list", "backgrounds"]],
  ["A Nightsong character", ["nightsong", "character", "--seed", "7"]],
]
const { commands } = await import("../packages/cli/dist/commands/index.js")
let failed = 0
for (const [title, args] of [...steps, ...optional.filter(([, a]) => a[0] in commands)]) {
  process.stdout.write(`\n── ${title}\n$ npx blight ${args.join(" ")}\n`)
  const code = await main(args, io)
  if (code !== 0) failed++
}
process.stdout.write(`\nThat was the blight CLI. Try \`npx blight --help\`.\n`)
process.exitCode = failed === 0 ? 0 : 1

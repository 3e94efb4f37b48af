// Writes docs/content-gaps.md: every provisional entry of the core pack, by kind, with where its
// reasoning is written down. Generated from the built core pack (`npm run build` first), so the list
// cannot drift from the data. `npm run content-gaps`.
import { writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { corePack } from "../packages/rules/dist/index.js"

const root = fileURLToPath(new URL("..", import.meta.url))
const SURVIVOR_SIDE = new Set([
  "skillLists",
  "skills",
  "backgrounds",
  "weapons",
  "armour",
  "kit",
  "gifts",
  "marks",
  "leader",
])
const where = (kind, entry) => {
  if (kind === "tables") {
    return ["casualty", "loot", "stranger", "gifts", "marks"].includes(entry.table)
      ? "content-gaps/survivors.md"
      : "content-gaps/world.md"
  }
  return SURVIVOR_SIDE.has(kind) ? "content-gaps/survivors.md" : "content-gaps/world.md"
}

const kinds = Object.keys(corePack).filter((k) => k !== "manifest" && Array.isArray(corePack[k]))
let provisional = 0
let stated = 0
const sections = []
for (const kind of kinds) {
  const entries = corePack[kind]
  const rows = entries.filter((e) => e.provenance === "provisional")
  provisional += rows.length
  stated += entries.length - rows.length
  if (entries.length === 0) continue
  sections.push(
    `## ${kind} — ${rows.length} provisional of ${entries.length}`,
    "",
    ...(rows.length === 0
      ? ['Every entry is stated by the rules text (`provenance: "rules"`).', ""]
      : [
          "| id | name | reasoning | clauses |",
          "|---|---|---|---|",
          ...rows.map(
            (e) =>
              `| \`${e.id}\` | ${e.name} | [${where(kind, e).split("/")[1]}](${where(kind, e)}) | ${(e.clauses ?? []).join(", ")} |`,
          ),
          "",
        ]),
  )
}

const out = [
  "# Content gaps: what the core pack fills in",
  "",
  "The Blight v0.3.0 leaves most of its content unpublished (the clause catalogue names those gaps GAP-B-01 …",
  "GAP-B-33). The core pack fills every gap consistently with everything the text does say,",
  'and marks each entry `provenance: "rules"` (stated in full by the text) or `"provisional"` (authored here),',
  "so a designer can replace the provisional ones by swapping data, not code.",
  "",
  `**${provisional} provisional entries, ${stated} stated by the rules.** The reasoning behind every number:`,
  "",
  "- [The survivor side](content-gaps/survivors.md): backgrounds, skills, the Market, Gifts and Marks, the Casualty, Loot and Stranger tables, the Leader.",
  "- [The world side](content-gaps/world.md): behaviours, the Bestiary, Encounter and Congregation tables, Homes, Seasons, improvements, Errands, scenarios and objectives, terrain kinds, Upkeep.",
  "",
  "This page is generated from the core pack by `npm run content-gaps`; the rulings behind the readings are in",
  "[rulings.md](rulings.md).",
  "",
  ...sections,
  "## Effects the engine does not act on yet",
  "",
  'Every effect and hook of the loaded packs has code that reads it (the "nothing silent" test,',
  "`packages/rules/test/plugin-interpreters.test.ts`), except these, allow-listed there with the same reasons:",
  "",
  "| where | what, and why not yet |",
  "|---|---|",
  "| `creatures[rootmaw].specialRules[0]` | `ignoreTerrain` with `blocking`: climbing and dense growth cost it nothing on a board, but passing under walls (burrowing) is not built |",
  "",
  "Every core hook is read by the engine by name, and every hook answers typed operations, never text.",
  "",
]
writeFileSync(`${root}docs/content-gaps.md`, `${out.join("\n")}\n`)
console.log(`docs/content-gaps.md: ${provisional} provisional, ${stated} rules`)

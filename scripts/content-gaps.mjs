// Writes docs/content-gaps.md: every provisional entry of the core pack, by kind, with where its
// reasoning is written down. Generated from the built core pack (`npm run build` first), so the list
// cannot drift from the data. `npm run content-gaps`.
import { writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { Packs } from "../packages/nightsong/dist/index.js"
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
  'The Blight v0.3.0 leaves most of its content unpublished (see "Blight: gaps", GAP-B-01 … GAP-B-33, in the',
  "rules catalogue; each clause is summarised in [rules-reference.md](rules-reference.md)). The core pack fills every gap consistently with everything the text does say,",
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
  ...nightsongSection(),
  "## Effects the engine does not act on yet",
  "",
  'Every effect and hook of the loaded packs has code that reads it (the "nothing silent" test,',
  "`packages/rules/test/plugin-interpreters.test.ts`). None is allow-listed now: the last one, the",
  "Rootmaw's `ignoreTerrain` with `blocking`, is built (it passes under walls on a board, R-BOARD-15).",
  "An effect the engine does not act on yet would be listed here, and allow-listed there, with its reason.",
  "",
  "Every core hook is read by the engine by name, and every hook answers typed operations, never text.",
  "",
]
/** Nightsong's core pack: what it states, and the gaps it leaves to packs rather than fill. */
function nightsongSection() {
  const core = Packs.corePack
  const rows = Packs.KINDS.map((k) => {
    const list = core[k] ?? []
    const provisional = list.filter((e) => e.provenance === "provisional").length
    return `| \`${k}\` | ${list.length} | ${provisional} |`
  })
  return [
    "## Nightsong: what its core pack holds, and what it leaves to packs",
    "",
    "The Nightsong core pack (`packages/nightsong/src/pack/Core.ts`) fills no gap: every entry is stated by",
    "the rules text (the background tables' Weapons, Armor, Shields and supplies, the common supplies, the",
    "three Remedy grades). The rules publish no Spell tables (GAP-N-01) and no creatures (GAP-N-02), so the",
    "core pack has none and invents none: a character's Shards hold the unnamed Spell until a Nightsong pack",
    "brings a Spell table, and creatures come from packs (`examples/nightsong-pack/`, R-N-PACK-01, R-N-PACK-05).",
    "",
    "| kind | entries | provisional |",
    "|---|---|---|",
    ...rows,
    "",
  ]
}

writeFileSync(`${root}docs/content-gaps.md`, `${out.join("\n")}\n`)
console.log(`docs/content-gaps.md: ${provisional} provisional, ${stated} rules`)

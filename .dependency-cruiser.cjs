/**
 * The layering, checked in CI (`npm run lint:layers`, run by .ci/run before the tests):
 * - no import cycles in any package's or service's src/;
 * - packages depend downward only: dice ← rules and nightsong ← cli and services;
 * - inside @blight/rules: vocabulary (plugin/) ← content ← refuge ← battle ← campaign ← sim.
 * What the code cannot obey yet is listed below as a known exception, by path, with why; each one
 * removed is a rule kept from then on.
 */

// Inside @blight/rules, lowest first. A folder may import its own layer and the ones before it.
const LAYERS = ["plugin", "content", "refuge", "battle", "campaign", "sim"]
const RULES = "^packages/rules/src/"

/**
 * Known exceptions (not yet obeyed), by the importing file and what it imports: each is a
 * backward import between the rules' layers. Listed so none is added silently.
 */
const KNOWN_BACKWARD = [
  // The vocabulary's effects and conditions name content ids and dice (content/schema/Ids.ts,
  // Dice.ts): those two schema files belong below plugin/, and have not moved yet.
  { from: "packages/rules/src/plugin/Condition.ts", to: "packages/rules/src/content/schema/Ids.ts" },
  { from: "packages/rules/src/plugin/Effect.ts", to: "packages/rules/src/content/schema/Ids.ts" },
  { from: "packages/rules/src/plugin/EffectKind.ts", to: "packages/rules/src/content/schema/Dice.ts" },
  { from: "packages/rules/src/plugin/Hooks.ts", to: "packages/rules/src/content/schema/Ids.ts" },
  { from: "packages/rules/src/plugin/Interpreters.ts", to: "packages/rules/src/content/schema/Ids.ts" },
  { from: "packages/rules/src/plugin/VocabularyV2.ts", to: "packages/rules/src/content/schema/Ids.ts" },
  // The published JSON Schemas gather every layer's (a roster, a Market trip, a board): the file
  // belongs above them all; its path is read by scripts/ab-compare.mjs and the schema build.
  { from: "packages/rules/src/content/JsonSchemas.ts", to: "packages/rules/src/refuge/Roster.ts" },
  { from: "packages/rules/src/content/JsonSchemas.ts", to: "packages/rules/src/refuge/Market.ts" },
  { from: "packages/rules/src/content/JsonSchemas.ts", to: "packages/rules/src/battle/board/Board.ts" },
]

const escape = (p) => p.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")
const oneOf = (paths) => `^(${paths.map(escape).join("|")})$`

// One rule per layer; a known exception's file is let off for the one import listed, not all it may add.
const layerRules = LAYERS.slice(0, -1).flatMap((layer, i) => {
  const rule = {
    name: `rules-layer-${layer}`,
    comment: `@blight/rules: ${layer}/ is below ${LAYERS.slice(i + 1).join(", ")} and imports none of them`,
    severity: "error",
    to: { path: `${RULES}(${LAYERS.slice(i + 1).join("|")})/` },
  }
  const known = KNOWN_BACKWARD.filter((k) => k.from.startsWith(`packages/rules/src/${layer}/`))
  const excepted = [...new Set(known.map((k) => k.from))]
  return [
    { ...rule, from: { path: `${RULES}${layer}/`, ...(excepted.length ? { pathNot: oneOf(excepted) } : {}) } },
    ...excepted.map((from) => ({
      ...rule,
      from: { path: oneOf([from]) },
      to: { ...rule.to, pathNot: oneOf(known.filter((k) => k.from === from).map((k) => k.to)) },
    })),
  ]
})

// The packages, lowest first; an import of another package (by name, or resolved into its folder
// once it is built) must go to one listed as allowed.
const PACKAGES = { dice: "packages/dice", rules: "packages/rules", nightsong: "packages/nightsong", cli: "packages/cli", api: "services/api" }
const packageTarget = (names) => `^(${names.map((n) => `${PACKAGES[n]}/|@blight/${n}($|/)`).join("|")})`
const below = (pkg, allowed, known = []) => ({
  name: `package-${pkg}-downward`,
  comment: `${pkg} depends only on ${allowed.length ? allowed.join(", ") : "no other package"}`,
  severity: "error",
  from: { path: `^${PACKAGES[pkg]}/src/`, ...(known.length ? { pathNot: oneOf(known) } : {}) },
  to: { path: packageTarget(Object.keys(PACKAGES).filter((n) => n !== pkg && !allowed.includes(n))) },
})

/**
 * Known exception between packages: the service's stored simulations are drawn by the CLI's HTML
 * report (cli and services are one level; the report belongs below both).
 */
const KNOWN_ACROSS = ["services/api/src/sim/store.ts"]

module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      comment: "no import cycles in any src/ (type-only imports count: they tie the files together)",
      severity: "error",
      from: { path: "^(packages|services)/[^/]+/src/" },
      to: { circular: true },
    },
    below("dice", []),
    below("rules", ["dice"]),
    below("nightsong", ["dice"]),
    below("cli", ["dice", "rules", "nightsong"]),
    below("api", ["dice", "rules", "nightsong"], KNOWN_ACROSS),
    ...layerRules,
  ],
  options: {
    // Sources, and the other packages as they are imported (by name, or their built entry points).
    includeOnly: "^((packages|services)/[^/]+/(src|dist)/|@blight/)",
    doNotFollow: { path: "(^|/)dist/" },
    exclude: { path: "(^|/)(node_modules|test|bench)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    combinedDependencies: false,
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "types", "default"] },
  },
}

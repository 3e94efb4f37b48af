/**
 * The layering, checked in CI (`npm run lint:layers`, run by .ci/run before the tests):
 * - no import cycles in any package's or service's src/;
 * - packages depend downward only: dice ← engine ← rules and nightsong ← cli and services;
 * - inside @blight/rules: terms (entry ids, dice) ← vocabulary (the effects vocabulary) ← content ← refuge ←
 *   battle ← campaign ← sim.
 * Each is kept without exceptions.
 */

// Inside @blight/rules, lowest first. A folder may import its own layer and the ones before it.
// The files at src/'s root (index.ts, JsonSchemas.ts) gather every layer and stand above them all.
const LAYERS = ["terms", "vocabulary", "content", "refuge", "battle", "campaign", "sim"]
const RULES = "^packages/rules/src/"

const escape = (p) => p.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")
const oneOf = (paths) => `^(${paths.map(escape).join("|")})$`

// One rule per layer: a folder imports none of the layers above it.
const layerRules = LAYERS.slice(0, -1).map((layer, i) => ({
  name: `rules-layer-${layer}`,
  comment: `@blight/rules: ${layer}/ is below ${LAYERS.slice(i + 1).join(", ")} and imports none of them`,
  severity: "error",
  from: { path: `${RULES}${layer}/` },
  to: { path: `${RULES}(${LAYERS.slice(i + 1).join("|")})/` },
}))

// The packages, lowest first; an import of another package (by name, or resolved into its folder
// once it is built) must go to one listed as allowed.
const PACKAGES = { dice: "packages/dice", engine: "packages/engine", rules: "packages/rules", nightsong: "packages/nightsong", cli: "packages/cli", api: "services/api" }
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
    below("engine", ["dice"]),
    below("rules", ["dice", "engine"]),
    below("nightsong", ["dice", "engine"]),
    below("cli", ["dice", "engine", "rules", "nightsong"]),
    below("api", ["dice", "engine", "rules", "nightsong"], KNOWN_ACROSS),
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

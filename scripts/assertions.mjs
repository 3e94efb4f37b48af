// Counts the places the rules tell TypeScript "trust me" without a check: non-null assertions (`x!`)
// and `as never` casts, read from the syntax tree (not by matching text, which `!==` and comments
// would fool). Other type assertions (`as T`, not `as const`) are counted beside them, so a `!`
// turned into a cast shows. Issue 31's measure: at most 30 in battle/ and campaign/.
//
// `node scripts/assertions.mjs [--max N] [folder…]` (default: packages/rules/src/battle and
// packages/rules/src/campaign): a line a file that has any, then the totals; with --max, exits 1
// when the count is above N.
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import ts from "typescript"

const args = process.argv.slice(2)
const maxAt = args.indexOf("--max")
const max = maxAt >= 0 ? Number(args[maxAt + 1]) : undefined
const folders = maxAt >= 0 ? args.filter((_, i) => i !== maxAt && i !== maxAt + 1) : args
const roots = folders.length > 0 ? folders : ["packages/rules/src/battle", "packages/rules/src/campaign"]

const files = []
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) walk(path)
    else if (path.endsWith(".ts")) files.push(path)
  }
}
for (const root of roots) walk(root)

const isCast = (n) => ts.isAsExpression(n) || ts.isTypeAssertionExpression(n)
const isAsConst = (n) => ts.isTypeReferenceNode(n.type) && n.type.typeName.getText() === "const"

let nonNull = 0
let never = 0
let others = 0
for (const file of files.sort()) {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true)
  const here = { nonNull: 0, never: 0 }
  const visit = (n) => {
    if (ts.isNonNullExpression(n)) here.nonNull++
    else if (isCast(n) && n.type.kind === ts.SyntaxKind.NeverKeyword) here.never++
    else if (isCast(n) && !isAsConst(n)) others++
    ts.forEachChild(n, visit)
  }
  visit(source)
  if (here.nonNull + here.never > 0) console.log(`${file}: ${here.nonNull} non-null, ${here.never} as never`)
  nonNull += here.nonNull
  never += here.never
}
const total = nonNull + never
console.log(
  `total ${total} (${nonNull} non-null assertions, ${never} \`as never\`); other type assertions: ${others}`,
)
if (max !== undefined && total > max) {
  console.error(`above the most allowed (${max})`)
  process.exit(1)
}

// Prints the GraphQL schema to services/api/schema.graphql, from the built service (build first:
// `npx tsc -b services/api`). test/graphql.test.ts fails while the committed file is not current.
import { writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { lexicographicSortSchema, printSchema } from "graphql"
import { schema } from "../dist/graphql/schema/index.js"

const out = fileURLToPath(new URL("../schema.graphql", import.meta.url))
writeFileSync(out, `${printSchema(lexicographicSortSchema(schema))}\n`)
console.log(`wrote ${out}`)

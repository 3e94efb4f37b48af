/**
 * Whether a GraphQL request's answer depends on nothing but the request itself, so the server may
 * keep it: a query whose root fields are only exact odds and core content (no homebrew `packs`,
 * whose content can change under another instance), with no directives. Anything else is never
 * kept. Decided from the document alone, before anything runs.
 */
import { type DocumentNode, Kind, type OperationDefinitionNode } from "graphql"

const PURE_FIELD = /^(listContent|getContent|odds[A-Z]\w*|__typename)$/

const operationOf = (doc: DocumentNode, name: string | undefined): OperationDefinitionNode | undefined => {
  const ops = doc.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  )
  return name ? ops.find((o) => o.name?.value === name) : ops.length === 1 ? ops[0] : undefined
}

export const isPure = (doc: DocumentNode, operationName: string | undefined): boolean => {
  const op = operationOf(doc, operationName)
  if (op?.operation !== "query" || (op.directives?.length ?? 0) > 0) return false
  return op.selectionSet.selections.every(
    (s) =>
      s.kind === Kind.FIELD &&
      PURE_FIELD.test(s.name.value) &&
      (s.directives?.length ?? 0) === 0 &&
      !(s.arguments ?? []).some((a) => a.name.value === "packs"),
  )
}

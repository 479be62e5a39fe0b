import { getNodePath, type Node } from 'jsonc-parser'
import { errorCatalogue, say } from './error-catalogue.ts'
import type { Finding } from './problem.ts'
import type { SourcePositions } from './source-positions.ts'

/**
 * JSON allows a property twice in one object and silently keeps the last one, so an edit to the
 * first copy does nothing. That happens when a line is copied and only one copy is changed.
 */
export function duplicateKeyFindings(positions: SourcePositions): Finding[] {
  const findings: Finding[] = []
  const visit = (node: Node) => {
    if (node.type === 'object') {
      const seen = new Map<string, Node>()
      for (const property of node.children ?? []) {
        const key = property.children?.[0]
        if (!key || typeof key.value !== 'string') continue
        const earlier = seen.get(key.value)
        if (earlier) {
          const first = positions.at(earlier.offset)
          findings.push({
            ...say(errorCatalogue.duplicateProperty, { name: key.value, firstLine: first.line }),
            wherePath: getNodePath(node),
            valuePath: [...getNodePath(node), key.value],
            ...positions.at(key.offset),
          })
        } else seen.set(key.value, key)
      }
    }
    for (const child of node.children ?? []) visit(child)
  }
  if (positions.root) visit(positions.root)
  return findings
}

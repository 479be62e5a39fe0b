import type { Node } from 'jsonc-parser'
import { errorCatalogue, say } from './error-catalogue.ts'
import type { Finding } from './problem.ts'
import type { JsonPath, SourcePositions } from './source-positions.ts'

/**
 * JSON allows a property twice in one object and silently keeps the last one, so an edit to the
 * first copy does nothing. That happens when a line is copied and only one copy is changed.
 */
export function duplicateKeyFindings(positions: SourcePositions): Finding[] {
  const findings: Finding[] = []
  // One path, grown and shrunk on the way down and up, copied only for a finding: asking each
  // node for its path (getNodePath) searches a list for each item's index.
  const path: JsonPath = []
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
            wherePath: [...path],
            valuePath: [...path, key.value],
            ...positions.at(key.offset),
          })
        } else seen.set(key.value, key)
        const value = property.children?.[1]
        if (!value?.children) continue // a text, number, true, false or null holds no property
        path.push(key.value)
        visit(value)
        path.pop()
      }
    } else if (node.type === 'array') {
      const items = node.children ?? []
      for (let index = 0; index < items.length; index++) {
        if (!items[index]?.children) continue
        path.push(index)
        visit(items[index]!)
        path.pop()
      }
    }
  }
  if (positions.root) visit(positions.root)
  return findings
}

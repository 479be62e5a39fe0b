import { getNodePath, type Node } from 'jsonc-parser'
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
            kind: 'value',
            wherePath: getNodePath(node),
            ...positions.at(key.offset),
            message: `The property "${key.value}" appears twice in this object; only this last one counts.`,
            hint: `The first one is on line ${first.line}. Remove one of them.`,
          })
        } else seen.set(key.value, key)
      }
    }
    for (const child of node.children ?? []) visit(child)
  }
  if (positions.root) visit(positions.root)
  return findings
}

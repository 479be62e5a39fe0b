import { findNodeAtLocation, findNodeAtOffset, type Node } from 'jsonc-parser'

/** A step into the config: a property name or an index in a list. */
export type JsonPath = (string | number)[]

export interface Position {
  line: number
  column: number
}

/**
 * Turns offsets and config paths into the 1-based line:column an editor jumps to. Built once per
 * text; the line table makes every lookup a binary search instead of a scan.
 */
export class SourcePositions {
  private readonly lineStarts: number[] = [0]
  readonly text: string
  readonly root: Node | undefined

  constructor(text: string, root: Node | undefined) {
    this.text = text
    this.root = root
    for (let i = 0; i < text.length; i++) {
      const char = text.charCodeAt(i)
      // \r\n counts once: the line starts after the \n.
      if (char === 10 || (char === 13 && text.charCodeAt(i + 1) !== 10)) this.lineStarts.push(i + 1)
    }
  }

  at(offset: number): Position {
    let low = 0
    let high = this.lineStarts.length - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if ((this.lineStarts[middle] ?? 0) <= offset) low = middle
      else high = middle - 1
    }
    return { line: low + 1, column: offset - (this.lineStarts[low] ?? 0) + 1 }
  }

  /**
   * Where the token or value that starts at `start` ends (the position just after its last
   * character), so a report can mark the whole `"navvy"` or `"site"` rather than one spot;
   * undefined when nothing starts there (a syntax error inside a text, say).
   */
  endOf(start: Position): Position | undefined {
    const offset = (this.lineStarts[start.line - 1] ?? 0) + start.column - 1
    const node = this.root && findNodeAtOffset(this.root, offset)
    return node?.offset === offset ? this.at(offset + node.length) : undefined
  }

  /** The node of the value at `path`, or of the deepest part of the path that exists. */
  valueNode(path: JsonPath): Node | undefined {
    if (!this.root) return undefined
    for (let length = path.length; length >= 0; length--) {
      const node = findNodeAtLocation(this.root, path.slice(0, length))
      if (node) return node
    }
    return this.root
  }

  /** Where the value at `path` starts (its first character, e.g. the opening quote or brace). */
  valuePosition(path: JsonPath): Position {
    return this.at(this.valueNode(path)?.offset ?? 0)
  }

  /**
   * Where a problem about a whole object or list belongs: the property name it hangs from, so the
   * person reads `"site": {` rather than a lone brace; for an item of a list, its opening brace.
   */
  containerPosition(path: JsonPath): Position {
    const node = this.valueNode(path)
    const key = node?.parent?.type === 'property' ? node.parent.children?.[0] : undefined
    return this.at((key ?? node)?.offset ?? 0)
  }

  /** Where the property `name` of the object at `objectPath` is named (its key). */
  keyPosition(objectPath: JsonPath, name: string): Position {
    const object = this.valueNode(objectPath)
    const property = object?.children?.find((child) => child.children?.[0]?.value === name)
    return this.at((property?.children?.[0] ?? object)?.offset ?? 0)
  }
}

/** `/routes/3/blocks/0` (ajv's JSON pointer) → `['routes', 3, 'blocks', 0]`, numbers where data is a list. */
export function pointerToPath(pointer: string, data: unknown): JsonPath {
  if (pointer === '') return []
  const path: JsonPath = []
  let current: unknown = data
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    if (Array.isArray(current)) {
      const index = Number(segment)
      path.push(index)
      current = current[index]
    } else {
      path.push(segment)
      current = current && typeof current === 'object' ? (current as Record<string, unknown>)[segment] : undefined
    }
  }
  return path
}

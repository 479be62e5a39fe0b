import type { Node } from 'jsonc-parser'

/** A step into the config: a property name or an index in a list. */
export type JsonPath = (string | number)[]

export interface Position {
  line: number
  column: number
}

/**
 * Turns offsets and config paths into the 1-based line:column an editor jumps to. Built
 * once per text, so that a lookup costs the same however large the file and however many problems
 * it has: the line table makes an offset a binary search, and each object's members are indexed
 * by name on first use (a scan of an object's members per lookup made a draft with 200,000
 * unknown properties take hours).
 */
export class SourcePositions {
  private readonly lineStarts: number[] = [0]
  readonly text: string
  readonly root: Node | undefined
  private readonly membersByName = new WeakMap<Node, Map<string, Node[]>>()

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

  private offsetOf(position: Position): number {
    return (this.lineStarts[position.line - 1] ?? 0) + position.column - 1
  }

  /**
   * Where the token or value that starts at `start` ends (the position just after its last
   * character), so a report can mark the whole `"navvy"` or `"site"` rather than one spot;
   * undefined when nothing starts there (a syntax error inside a text, say).
   */
  endOf(start: Position): Position | undefined {
    const offset = this.offsetOf(start)
    const node = this.nodeStartingAt(offset)
    return node ? this.at(offset + node.length) : undefined
  }

  /** The node of the value at `path`, or of the deepest part of the path that exists. */
  valueNode(path: JsonPath): Node | undefined {
    let node = this.root
    for (const segment of path) {
      const next = node && this.child(node, segment)
      if (!next) return node
      node = next
    }
    return node
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
    const property = object && this.members(object, name)[0]
    return this.at((property?.children?.[0] ?? object)?.offset ?? 0)
  }

  /** The item or the property's value one step down from `node`; the first property of a name, as jsonc-parser's findNodeAtLocation takes it. */
  private child(node: Node, segment: string | number): Node | undefined {
    if (typeof segment === 'number') return node.type === 'array' ? node.children?.[segment] : undefined
    if (node.type !== 'object') return undefined
    return this.members(node, segment).find((property) => property.children?.length === 2)?.children?.[1]
  }

  /** The properties named `name` of an object node, in the order of the text; every object's index is built once. */
  private members(object: Node, name: string): Node[] {
    let byName = this.membersByName.get(object)
    if (!byName) {
      byName = new Map()
      for (const property of object.children ?? []) {
        const key = property.children?.[0]?.value
        if (typeof key !== 'string') continue
        const same = byName.get(key)
        if (same) same.push(property)
        else byName.set(key, [property])
      }
      this.membersByName.set(object, byName)
    }
    return byName.get(name) ?? []
  }

  /**
   * The innermost node that starts at `offset` (a key rather than its property, a value rather
   * than its property), as jsonc-parser's findNodeAtOffset finds it, but by halving each level's
   * children rather than reading them in turn: an object with 200,000 properties is 18 steps.
   */
  private nodeStartingAt(offset: number): Node | undefined {
    if (!this.root || offset < this.root.offset || offset >= this.root.offset + this.root.length) return undefined
    let node: Node = this.root
    for (;;) {
      const children: Node[] = node.children ?? []
      let low = 0
      let high = children.length - 1
      // The last child that starts at or before `offset`: the only one that can hold it.
      while (low < high) {
        const middle = (low + high + 1) >> 1
        if ((children[middle]?.offset ?? 0) <= offset) low = middle
        else high = middle - 1
      }
      const child: Node | undefined = children[low]
      if (!child || child.offset > offset || offset >= child.offset + child.length) break
      node = child
    }
    return node.offset === offset ? node : undefined
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

/** `/a/b` → `/a/b`, `/a`, `` (the pointers it is at or under). */
export function pointerAndAncestors(pointer: string): string[] {
  const pointers = [pointer]
  for (let slash = pointer.lastIndexOf('/'); slash >= 0; slash = slash === 0 ? -1 : pointer.lastIndexOf('/', slash - 1)) pointers.push(pointer.slice(0, slash))
  return pointers
}

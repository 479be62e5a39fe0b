import { isDeepStrictEqual } from 'node:util'
import { parse, parseTree, type Node } from 'jsonc-parser'
import { canonicalJson } from './canonical-json.ts'
import { formatValue, lineIndent } from './config-edit.ts'
import { sharedEnds } from './list-ends.ts'

/**
 * The text of a JSON file changed to hold `next`, edited only where `next` differs from what the
 * text holds now: a changed text replaces just that string, a removed property takes just its
 * line, a new one goes where `next` has it among its neighbours, a moved or duplicated array item
 * keeps its own text. So a person's layout, the key order
 * and every untouched line survive a save from the visual editor byte for byte.
 *
 * Written in one reading of the text: an object or list that changed is put together again from
 * its members' own text. (Editing the text once per change, and parsing it again for each, made a
 * draft with a thousand changes take seconds and one with 200,000 new properties take hours.)
 */
export function writeChanges(text: string, next: unknown): string {
  const root = parseTree(text)
  if (!root) throw new Error('Nothing at [] to replace.')
  return text.slice(0, root.offset) + rewritten(text, root, parse(text), next) + text.slice(root.offset + root.length)
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const textOf = (text: string, node: Node) => text.slice(node.offset, node.offset + node.length)

/** The new text of `node`, which holds `old`. */
function rewritten(text: string, node: Node, old: unknown, next: unknown): string {
  if (isDeepStrictEqual(old, next)) return textOf(text, node)
  if (isRecord(old) && isRecord(next) && node.type === 'object') return rewrittenObject(text, node, old, next)
  if (Array.isArray(old) && Array.isArray(next) && old.length > 0 && node.type === 'array') return rewrittenList(text, node, old, next)
  return formatValue(next, lineIndent(text, node.offset))
}

/** A property or item as it will be written, with the text before it (its comma and line break). */
interface Member {
  text: string
  before: string
}

/**
 * A container's members as written: each keeps the text that came before it in the file, except
 * the first, which follows the container's opening as the first one did (removing a member takes
 * it and the separator before it, or after it when it was first). None left: `{}` or `[]`.
 */
function joined(text: string, node: Node, members: Member[]): string {
  const children = node.children ?? []
  const first = children[0]
  const last = children[children.length - 1]
  if (members.length === 0 || !first || !last) return node.type === 'array' ? '[]' : '{}'
  const opening = text.slice(node.offset, first.offset)
  const closing = text.slice(last.offset + last.length, node.offset + node.length)
  return opening + members.map((member, index) => (index === 0 ? '' : member.before) + member.text).join('') + closing
}

/** The members of a container as they are in the file. */
function membersOf(text: string, node: Node): Member[] {
  const children = node.children ?? []
  return children.map((child, index) => {
    const previous = children[index - 1]
    return { text: textOf(text, child), before: previous ? text.slice(previous.offset + previous.length, child.offset) : '' }
  })
}

/** How a member laid out on a line of its own is indented; undefined when it shares its line with what comes before. */
function ownLineIndent(before: string): string | undefined {
  const lineBreak = before.lastIndexOf('\n')
  const indent = before.slice(lineBreak + 1)
  return lineBreak >= 0 && /^\s*$/.test(indent) ? indent : undefined
}

/**
 * Removed properties go with their separator; kept ones are rewritten in place; a new property goes
 * right after the last property that precedes it in `next` (first when none does), laid out like
 * the property it is put next to: on a line of its own with its indentation, or after `, `.
 */
function rewrittenObject(text: string, node: Node, old: Record<string, unknown>, next: Record<string, unknown>): string {
  const properties = node.children ?? []
  // A name written twice: the first is the one read and edited, as jsonc-parser's findNodeAtLocation finds it.
  const firstOfName = new Map<string, Node>()
  for (const property of properties) {
    const name = property.children?.[0]?.value
    if (typeof name === 'string' && !firstOfName.has(name)) firstOfName.set(name, property)
  }
  const removed = new Set(Object.keys(old).flatMap((name) => (Object.hasOwn(next, name) ? [] : [firstOfName.get(name)])))
  const all = membersOf(text, node)
  const kept: Array<Member & { name: unknown }> = []
  properties.forEach((property, index) => {
    if (removed.has(property)) return
    const [key, value] = property.children ?? []
    const name = key?.value
    const member = { ...all[index]!, name }
    if (typeof name === 'string' && value && firstOfName.get(name) === property && Object.hasOwn(next, name)) {
      // A name the old value does not own as a property (`__proto__`, which the parse made its prototype) is written anew.
      const written = Object.hasOwn(old, name) ? rewritten(text, value, old[name], next[name]) : formatValue(next[name], lineIndent(text, value.offset))
      member.text = text.slice(property.offset, value.offset) + written + text.slice(value.offset + value.length, property.offset + property.length)
    }
    kept.push(member)
  })
  if (kept.length === 0) return Object.keys(next).length === 0 ? '{}' : formatValue(next, lineIndent(text, node.offset))

  // The new properties, grouped by the kept one they go right after (-1: before the first), in the order of `next`.
  const lastIndexOfName = new Map(kept.map((member, index) => [member.name, index]))
  const following = new Map<number, string[]>()
  let after = -1
  for (const name of Object.keys(next)) {
    const index = lastIndexOfName.get(name)
    if (index !== undefined) after = Math.max(after, index)
    else if (following.has(after)) following.get(after)!.push(name)
    else following.set(after, [name])
  }
  const opening = text.slice(node.offset, properties[0]!.offset)
  const indentOf = (index: number) => ownLineIndent(index === 0 ? opening : kept[index]!.before)
  const separatorOf = (index: number) => {
    const indent = indentOf(index)
    return indent === undefined ? ', ' : `,\n${indent}`
  }
  const property = (name: string, neighbour: number) => {
    const indent = indentOf(neighbour)
    return `${JSON.stringify(name)}: ${indent === undefined ? JSON.stringify(next[name]) : formatValue(next[name], indent)}`
  }
  const members: Member[] = []
  kept.forEach((member, index) => {
    const before = following.get(index - 1)
    if (before) {
      before.forEach((name, at) => members.push({ text: property(name, index), before: at === 0 ? member.before : separatorOf(index) }))
      members.push({ text: member.text, before: separatorOf(index) })
    } else members.push(member)
  })
  const last = kept.length - 1
  for (const name of following.get(last) ?? []) members.push({ text: property(name, last), before: separatorOf(last) })
  return joined(text, node, members)
}

/**
 * The items both ends share stay untouched; in between, a run of the same length where nothing
 * moved is rewritten item by item, a run that is gone is removed with its separators, and anything
 * else (an insertion, a move, a duplicate) is written as one run, reusing the original text of
 * every item that is unchanged. Items are found by their canonical text, not compared pair by pair.
 */
function rewrittenList(text: string, node: Node, old: unknown[], next: unknown[]): string {
  const items = node.children ?? []
  const { prefix, suffix } = sharedEnds(old, next)
  const end = old.length - suffix
  const members = membersOf(text, node)
  if (end - prefix === next.length - suffix - prefix) {
    const oldRun = indexByText(old.slice(prefix, end))
    const moved = next.slice(prefix, next.length - suffix).some((item, i) => (oldRun.get(canonicalJson(item)) ?? []).some((j) => j !== i))
    if (!moved) {
      for (let i = prefix; i < end; i++) members[i]!.text = rewritten(text, items[i]!, old[i], next[i])
      return joined(text, node, members)
    }
  }
  if (next.length - suffix === prefix) return joined(text, node, [...members.slice(0, prefix), ...members.slice(end)])
  return spliced(text, node, prefix, end, next.slice(prefix, next.length - suffix), old)
}

/** Items `start` to `end` (not included) replaced by `run`, as text laid out like the list's own. */
function spliced(text: string, node: Node, start: number, end: number, run: unknown[], old: unknown[]): string {
  const items = node.children ?? []
  const neighbour = items[Math.min(start, items.length - 1)]!
  const ownLine = /^\s*$/.test(text.slice(text.lastIndexOf('\n', neighbour.offset) + 1, neighbour.offset))
  const indent = lineIndent(text, neighbour.offset)
  const separator = items.length > 1 ? text.slice(items[0]!.offset + items[0]!.length, items[1]!.offset) : ownLine ? `,\n${indent}` : ', '
  const oldItems = indexByText(old)
  const pieces = run.map((item) => {
    const same = oldItems.get(canonicalJson(item))?.[0]
    if (same !== undefined) return textOf(text, items[same]!)
    return ownLine ? formatValue(item, indent) : JSON.stringify(item)
  })
  const joinedRun = pieces.join(separator)
  if (end > start) return text.slice(node.offset, items[start]!.offset) + joinedRun + text.slice(items[end - 1]!.offset + items[end - 1]!.length, node.offset + node.length)
  if (start < items.length) return text.slice(node.offset, neighbour.offset) + joinedRun + separator + text.slice(neighbour.offset, node.offset + node.length)
  const after = neighbour.offset + neighbour.length
  return text.slice(node.offset, after) + separator + joinedRun + text.slice(after, node.offset + node.length)
}

/** Each distinct value → the indexes where it is, in order. */
function indexByText(values: unknown[]): Map<string, number[]> {
  const indexes = new Map<string, number[]>()
  values.forEach((value, index) => {
    const key = canonicalJson(value)
    const same = indexes.get(key)
    if (same) same.push(index)
    else indexes.set(key, [index])
  })
  return indexes
}

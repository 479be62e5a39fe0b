import type { JsonSchema } from '../schema/json-schema'
import { widgetFor } from './widget-choice'

/**
 * Whether a list's items are groups of fields (an object, or a choice of kinds such as a link or a
 * dropdown): each is a box of its own below its buttons, foldable to one line, and a list of them
 * inside an item can be a tree's branch. `where` names the list in the error of a wrong schema.
 */
export const holdsGroups = (itemSchema: JsonSchema, where: string) => ['object', 'alternatives'].includes(widgetFor(itemSchema, where))

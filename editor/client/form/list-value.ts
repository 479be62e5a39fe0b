import type { JsonSchema } from '../schema/json-schema'

/** A list as the file keeps it: emptied, a list the schema lets go is left out, as a person writing the file would. */
export const listValue = (items: unknown[], schema: JsonSchema) => (items.length === 0 && !schema.minItems ? undefined : items)

import { useState, type ReactNode } from 'react'
import { FieldContext, type FieldEnvironment } from './field-context'

/** Every part the same object as before, and the page list the same pages with the same titles. */
function sameEnvironment(before: FieldEnvironment, after: FieldEnvironment): boolean {
  const keys = Object.keys(after) as (keyof FieldEnvironment)[]
  if (keys.length !== Object.keys(before).length) return false
  return keys.every((key) =>
    key === 'routes'
      ? before.routes.length === after.routes.length &&
        before.routes.every((route, index) => route.path === after.routes[index]!.path && route.title === after.routes[index]!.title)
      : before[key] === after[key],
  )
}

/**
 * The fields' environment, kept the same object for as long as its parts are the same. A context
 * that changes re-renders every field of the form, and typing in one must re-render just that one
 * (SchemaField is memoised); the page list is made afresh on every keystroke, but its pages rarely
 * change.
 */
export function FieldEnvironmentProvider({ value, children }: { value: FieldEnvironment; children: ReactNode }) {
  const [kept, keep] = useState(value)
  const changed = !sameEnvironment(kept, value)
  // Adjusted while rendering, as React's guide does for state that follows a prop: no render with the old one.
  if (changed) keep(value)
  return <FieldContext.Provider value={changed ? value : kept}>{children}</FieldContext.Provider>
}

import { MantineProvider } from '@mantine/core'
import { render } from '@testing-library/react'
import { useState, type ReactNode } from 'react'
import type { SiteConfig } from '../../../site/generated/site-config'
import type { EditorProblem } from '../api/editor-api'
import { FieldContext } from '../form/field-context'
import { editorLanguages } from '../languages/editor-languages'
import { setIn, type JsonPath } from '../state/json-path'

/**
 * Renders part of the editor on a config held in state as the editor holds it (every change of a
 * field goes through setIn, as useEditor's history does), and hands back the config as it is now.
 * The fields have the config's languages, as the editor gives them. `problems` are the checker's, by the pathKey of their place, as useEditor hands them to the fields.
 */
export function renderEditing(
  initial: SiteConfig,
  view: (config: SiteConfig, replace: (next: SiteConfig) => void) => ReactNode,
  { problems = new Map<string, EditorProblem[]>() } = {},
) {
  let latest = initial
  function Editing() {
    const [config, setConfig] = useState(initial)
    const replace = (next: SiteConfig) => {
      latest = next
      setConfig(next)
    }
    const change = (path: JsonPath, value: unknown) => replace(setIn(latest, path, value))
    const routes = config.routes.map(({ path, title }) => ({ path, title }))
    return (
      <MantineProvider>
        <FieldContext.Provider value={{ change, problems, routes, images: [], languages: editorLanguages(config.site) }}>{view(config, replace)}</FieldContext.Provider>
      </MantineProvider>
    )
  }
  const rendered = render(<Editing />)
  return { ...rendered, config: () => latest }
}

import { MantineProvider } from '@mantine/core'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { act, render } from '@testing-library/react'
import axe from 'axe-core'
import fs from 'node:fs'
import path from 'node:path'
import type { ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import { expect } from 'vitest'
import { PagePath } from '../../kit/page-path'
import { providedTheme } from '../../runtime/theme'
import { blockWithDefaults } from '../../authoring/config/config-defaults'
import type { AuthoredBlock } from '../../site/generated/authored-block'
import type { Block } from '../../site/generated/site-config'

/**
 * Renders a React element the way a page does: inside Mantine's provider and a router (blocks
 * use router links), at the given path.
 */
export async function renderInSite(element: ReactElement, pathname = '/') {
  const result = render(await inSite(element, pathname))
  await act(async () => {})
  return result
}

/**
 * A page's life: the element rendered to HTML as the build prerenders it, that HTML put in the
 * document, then hydrated by React in the browser. Returns the prerendered HTML too, to check what
 * a visitor sees before any script runs. Like the build, load the element's icons first
 * (preloadIcons), or the prerender leaves them to the browser.
 */
export async function hydrateInSite(element: ReactElement, pathname = '/') {
  const prerendered = renderToString(await inSite(element, pathname))
  const container = document.body.appendChild(document.createElement('div'))
  container.innerHTML = prerendered
  const result = render(await inSite(element, pathname), { container, hydrate: true })
  await act(async () => {})
  return { ...result, prerendered }
}

/** The element inside Mantine's provider and a router loaded at the path. */
async function inSite(element: ReactElement, pathname: string) {
  const rootRoute = createRootRoute({ component: () => element })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [pathname] }) })
  await act(() => router.load())
  return (
    <MantineProvider theme={providedTheme()}>
      <PagePath value={pathname}>
        <RouterProvider router={router} />
      </PagePath>
    </MantineProvider>
  )
}

/**
 * A block as a page hands it to its component: written as an author writes it, with the schema's
 * defaults filled in the way the build and the dev server fill them in.
 */
export const asRendered = <B extends AuthoredBlock>(block: B) => blockWithDefaults(block) as unknown as Extract<Block, { type: B['type'] }>

/** The `examples` of a block's schema, as rendered: every block is tested with what its documentation shows. */
export function schemaExamples<T = Record<string, unknown>>(type: string): T[] {
  const file = path.join(__dirname, '../../schemas/blocks', `${type}.schema.json`)
  const schema = JSON.parse(fs.readFileSync(file, 'utf8'))
  if (!Array.isArray(schema.examples) || schema.examples.length === 0) throw new Error(`${file} has no examples`)
  return schema.examples.map((example: AuthoredBlock) => blockWithDefaults(example))
}

/** Fails with the rule ids and elements of any axe violation in the container. */
export async function expectNoAxeViolations(container: Element) {
  // Colour contrast needs real layout, which jsdom lacks; the browser tests and Lighthouse check it.
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })
  const problems = results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`)
  expect(problems).toEqual([])
}

import { act } from '@testing-library/react'
import fs from 'node:fs'
import path from 'node:path'
import type { ComponentType } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { checkConfigText } from '../../authoring/check'
import { blockWithDefaults } from '../../authoring/config/config-defaults'
import { root } from '../../authoring/project-paths'
import { registry } from '../../blocks/registry'
import { iconNamesIn, preloadIcons } from '../../kit/lazy-icons'
import { hydrateInSite } from '../helpers/render-block'
import { blockSamples, projectSampleWorld } from '../helpers/schema-samples'

/*
 * Whatever the checker passes renders: every block type, at the smallest and the largest its
 * schema allows (tests/helpers/schema-samples.ts), is prerendered, hydrated and left to run its
 * effects, as a visitor's browser does; it must neither throw nor log an error nor come out empty,
 * and the texts its schema requires must be on the page before and after hydration.
 */

const configFile = path.join(root, 'site.config.json')
const world = projectSampleWorld(configFile)
const types = Object.keys(registry).sort()
const samples = types.flatMap((type) => blockSamples(type, world).map((sample) => ({ type, ...sample })))

/** The checker's problems of each sample, found in one run over the project's config with every sample on its first page. */
function checkerProblemsBySample(): string[][] {
  const config = JSON.parse(fs.readFileSync(configFile, 'utf8')) as { routes: { blocks: unknown[] }[] }
  config.routes[0]!.blocks = samples.map((sample) => sample.block)
  const { problems } = checkConfigText(JSON.stringify(config, null, 2), 'site.config.json')
  const bySample = samples.map((): string[] => [])
  for (const problem of problems) {
    const said = `${problem.pointer}: ${problem.message}`
    const index = /^\/routes\/0\/blocks\/(\d+)(\/|$)/.exec(problem.pointer)?.[1]
    // A problem outside the samples would fail the config for all of them.
    for (const list of index === undefined ? bySample : [bySample[Number(index)]!]) list.push(said)
  }
  return bySample
}
const checkerProblems = checkerProblemsBySample()

const loaders = registry as unknown as Record<string, { load: () => Promise<{ default: ComponentType<Record<string, unknown>> }> }>
const components = new Map<string, ComponentType<Record<string, unknown>>>()

// As the build prerenders: the block components and the icons loaded first, so nothing suspends.
beforeAll(async () => {
  await Promise.all(types.map(async (type) => components.set(type, (await loaders[type]!.load()).default)))
  await preloadIcons(iconNamesIn(samples.map((sample) => sample.block)))
}, 60_000)

/** The block's own markup, without the <style> Mantine's provider writes. */
function blockOnly(container: HTMLElement): HTMLElement {
  const copy = container.cloneNode(true) as HTMLElement
  for (const style of copy.querySelectorAll('style')) style.remove()
  return copy
}

/** The required texts not shown: neither as text nor as an attribute value (a picture's alt, a map's title). */
function missingTexts(container: HTMLElement, texts: string[]): string[] {
  const block = blockOnly(container)
  const attributes = [...block.querySelectorAll('*')].flatMap((element) => [...element.attributes].map((attribute) => attribute.value))
  const shown = [block.textContent, ...attributes].join('\n')
  return texts.filter((text) => !shown.includes(text))
}

afterEach(() => vi.restoreAllMocks())

describe('every block renders whatever the checker passes', () => {
  it.each(samples.map((sample, index) => ({ ...sample, index })))('$type, $name', async ({ type, block, requiredTexts, index }) => {
    expect(checkerProblems[index], 'the sample passes npm run validate').toEqual([])
    const logged: string[] = []
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')))
    const Component = components.get(type)!
    const { container, prerendered } = await hydrateInSite(<Component {...blockWithDefaults(block)} />)

    const beforeScripts = document.createElement('div')
    beforeScripts.innerHTML = prerendered
    expect(blockOnly(beforeScripts).childElementCount, 'elements in the prerendered HTML').toBeGreaterThan(0)
    expect(missingTexts(beforeScripts, requiredTexts), 'required texts missing from the prerendered HTML').toEqual([])

    // What the block loads after hydration (a carousel's engine) arrives and runs its effects.
    await act(() => vi.dynamicImportSettled())
    await act(async () => {})
    expect(logged, 'errors logged while hydrating and running').toEqual([])
    expect(blockOnly(container).childElementCount, 'elements on the hydrated page').toBeGreaterThan(0)
    expect(missingTexts(container, requiredTexts), 'required texts missing after hydration').toEqual([])
  })
})

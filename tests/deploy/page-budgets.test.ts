// @vitest-environment node
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkPageBudgets } from '../../scripts/lib/page-budgets.ts'
import { root } from '../../scripts/lib/paths.ts'

/* Every page of the shipped site, as `npm run build` left it in dist/, within its budget (site/page-budgets.ts). */

describe('the built site', () => {
  it('keeps every page within its budget of JavaScript, HTML, script requests and pictures above the fold', () => {
    const dist = join(root, 'dist')
    if (!existsSync(join(dist, '.site-content-files.json'))) throw new Error('This test reads the built site: `npm run build` first (npm test does).')
    const over = checkPageBudgets(dist)
    expect(over, `Pages over their budget (site/page-budgets.ts):\n${over.join('\n')}`).toEqual([])
  })
})

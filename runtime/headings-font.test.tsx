import { MantineProvider } from '@mantine/core'
import { render } from '@testing-library/react'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { config, themePalettes as palettes } from '../kit/config'
import { siteTheme } from './theme'

/** The font family a heading ends up with: its declared value, with a var() read from the root's custom properties (jsdom leaves var() unresolved). */
function resolvedFontFamily(element: Element): string {
  const declared = getComputedStyle(element).fontFamily
  const variable = /^var\((--[\w-]+)\)$/.exec(declared.trim())?.[1]
  return variable ? getComputedStyle(document.documentElement).getPropertyValue(variable).trim() : declared
}

describe('theme.headingsFontFamily', () => {
  it('reaches every heading level the blocks write as plain h1–h6, and only the headings', () => {
    const style = document.head.appendChild(document.createElement('style'))
    style.textContent = fs.readFileSync(path.join(import.meta.dirname, 'global.css'), 'utf8')
    onTestFinished(() => style.remove())
    const theme = siteTheme({ ...config.site.theme, fontFamily: 'Verdana, sans-serif', headingsFontFamily: 'Georgia' }, palettes)
    const { container } = render(
      <MantineProvider theme={theme}>
        <h1>One</h1>
        <h2>Two</h2>
        <h3>Three</h3>
        <h4>Four</h4>
        <h5>Five</h5>
        <h6>Six</h6>
        <p>Body</p>
      </MantineProvider>,
    )
    for (const heading of container.querySelectorAll('h1, h2, h3, h4, h5, h6')) expect(resolvedFontFamily(heading), heading.tagName).toBe('Georgia')
    expect(resolvedFontFamily(container.querySelector('p')!)).not.toBe('Georgia')
  })
})

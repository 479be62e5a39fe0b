import { expect, test, type Page } from '@playwright/test'
import { cssAnimations, horizontalDrift, opacityOf, openWithStoppedClock, pointAt } from './support/motion'
import { waitForHydrated, waitForHydration } from './support/page-load'
import { blocksOfType } from './support/site-routes'

/* Motion seen from the reader's side: the carousel, counting figures, logo strips, and reduced motion (fade-in on scroll: motion-reveal.spec.ts). */

const [home] = blocksOfType('heroCarousel')
const slides = home!.block.slides
const intervalMs = home!.block.intervalMs ?? 5000

const carousel = (page: Page) => page.getByRole('region', { name: 'Highlights' })
/** The slide the reader sees: inactive slides are hidden, so only the shown title is found. */
const shownSlide = (page: Page, index: number) => carousel(page).getByRole('heading', { name: slides[index]!.title, exact: true })
const dot = (page: Page, index: number) => carousel(page).getByRole('button', { name: new RegExp(`^Show slide ${index + 1} of ${slides.length}\\b`) })

/** The slide element itself (its group), whose opacity Embla's Fade plugin sets. */
const slideGroup = (page: Page, index: number) => carousel(page).locator('[aria-roledescription="slide"]').nth(index)

/** The banner is live once its enhancer has run Embla, whose Fade plugin sets each slide's opacity. */
async function openHome(page: Page) {
  await openWithStoppedClock(page, home!.route.path)
  await expect(slideGroup(page, 0)).toHaveAttribute('style', /opacity: 1/)
}

async function expectShown(page: Page, index: number) {
  await expect(shownSlide(page, index)).toBeVisible()
  await expect(dot(page, index)).toHaveAttribute('aria-current', 'true')
  for (const [other] of slides.entries()) if (other !== index) await expect(shownSlide(page, other)).toBeHidden()
}

test.describe('hero carousel', () => {
  test.beforeEach(async ({ page }) => {
    await openHome(page)
  })

  test('has six slides with a dot each and moves on every 5 seconds', async ({ page }) => {
    expect(slides).toHaveLength(6)
    await expect(carousel(page).getByRole('button', { name: /^Show slide \d of 6\b/ })).toHaveCount(6)
    await expectShown(page, 0)
    await page.clock.runFor(intervalMs - 100)
    await expectShown(page, 0)
    await page.clock.runFor(100)
    await expectShown(page, 1)
    await page.clock.runFor(intervalMs)
    await expectShown(page, 2)
  })

  test('a dot shows its slide', async ({ page }) => {
    await dot(page, 3).click()
    await expectShown(page, 3)
    await dot(page, 0).click()
    await expectShown(page, 0)
  })

  test('stands still while the pointer is over it, and moves on once it leaves', async ({ page }) => {
    await carousel(page).hover()
    await page.clock.runFor(intervalMs * 3)
    await expectShown(page, 0)
    const banner = (await carousel(page).boundingBox())!
    await page.mouse.move(banner.x + banner.width / 2, banner.y + banner.height + 20) // just below it
    await page.clock.runFor(intervalMs)
    await expectShown(page, 1)
  })

  test('the arrow keys move between slides and wrap around both ends', async ({ page }) => {
    await dot(page, 0).focus()
    await page.keyboard.press('ArrowRight')
    await expectShown(page, 1)
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('ArrowLeft')
    await expectShown(page, slides.length - 1)
  })

  test('a swipe shows the next slide, which fades in over the one before', async ({ page }) => {
    const box = (await slideGroup(page, 0).boundingBox())!
    const y = box.y + box.height / 3
    await page.mouse.move(box.x + box.width * 0.7, y)
    await page.mouse.down()
    // Embla follows the drag on animation frames, which the stopped clock only runs when moved on.
    for (let step = 1; step <= 10; step++) {
      await page.mouse.move(box.x + box.width * (0.7 - step * 0.04), y)
      await page.clock.runFor(20)
    }
    await page.mouse.up()
    await page.clock.runFor(2000)
    await expectShown(page, 1)
    expect(await opacityOf(slideGroup(page, 1))).toBe(1)
    expect(await opacityOf(slideGroup(page, 0))).toBe(0)
  })

  test('stands still while the keyboard focus is in it, and moves on once focus leaves', async ({ page }) => {
    await dot(page, 0).focus()
    await page.clock.runFor(intervalMs * 3)
    await expectShown(page, 0)
    await dot(page, 0).blur()
    await page.clock.runFor(intervalMs)
    await expectShown(page, 1)
  })
})

test.describe('statistics', () => {
  const stats = blocksOfType('stats').find(({ block }) => block.items.map((item) => item.value).join() === '10,500,200,50')!
  const figure = (page: Page, label: string) => page.getByRole('listitem').filter({ hasText: label }).locator('p').first()
  const figures = (page: Page) => Promise.all(stats.block.items.map((item) => figure(page, item.label).textContent()))
  const asNumber = (text: string | null) => Number(text?.replace(/[^\d]/g, ''))

  test('count up from below their value once scrolled to, in about two seconds, to exactly 10+, 500+, 200+, 50+', async ({ page }) => {
    await openWithStoppedClock(page, stats.route.path)
    const section = page.getByRole('region', { name: stats.block.heading! })
    await expect(section).not.toBeInViewport()
    await section.scrollIntoViewIfNeeded()
    await expect(section).toBeInViewport()
    // The block hydrates (runtime/islands/) once it comes near the window, then counts from zero.
    await waitForHydrated(section)
    const finals = stats.block.items.map((item) => item.value)
    await expect.poll(async () => (await figures(page)).every((text, index) => asNumber(text) < finals[index]!)).toBe(true)

    // About 60 steps of about 33 ms: roughly half way after one second, done after two.
    await page.clock.runFor(1000)
    for (const [index, text] of (await figures(page)).entries()) {
      expect(asNumber(text)).toBeGreaterThan(finals[index]! * 0.3)
      expect(asNumber(text)).toBeLessThan(finals[index]! * 0.7)
    }
    await page.clock.runFor(1100)
    expect(await figures(page)).toEqual(['10+', '500+', '200+', '50+'])
    await page.clock.runFor(5000)
    expect(await figures(page), 'the figures stop at their value').toEqual(['10+', '500+', '200+', '50+'])
  })
})

test.describe('logo strips', () => {
  for (const { route, block } of blocksOfType('logoStrip')) {
    const name = `${route.path} "${block.heading}" (${block.durationSeconds ?? 30} s${block.pauseOnHover ? ', pauses on hover' : ''})`
    test(`${name} loops its logos at the configured pace`, async ({ page }) => {
      await page.goto(route.path)
      await waitForHydration(page)
      const strip = page.getByRole('region', { name: block.heading! })
      await strip.scrollIntoViewIfNeeded()

      // Screen readers meet each logo once; a second, hidden copy follows for a seamless loop.
      expect(await strip.getByRole('img').evaluateAll((images) => images.map((image) => image.getAttribute('alt')))).toEqual(block.logos.map((logo) => logo.alt))
      const lists = strip.locator('ul')
      await expect(lists).toHaveCount(2)
      await expect(lists.nth(1)).toHaveAttribute('aria-hidden', 'true')
      const sources = (list: number) =>
        lists
          .nth(list)
          .locator('img')
          .evaluateAll((images) => images.map((image) => image.getAttribute('src')))
      const [first, second] = [await sources(0), await sources(1)]
      expect(second).toEqual(first)
      // Short lists are repeated inside each copy, so the row is always wider than the screen.
      const repeats = first.length / block.logos.length
      expect(first).toEqual(Array.from({ length: repeats }, () => block.logos.map((logo) => logo.src)).flat())

      // One CSS animation moves the row; one pass of the configured logos takes durationSeconds.
      const [animation, ...others] = await cssAnimations(strip)
      expect(others).toEqual([])
      expect(animation?.playState).toBe('running')
      expect(animation!.durationMs / repeats).toBe((block.durationSeconds ?? 30) * 1000)
      expect(await horizontalDrift(lists.first()), 'the logos move').toBeGreaterThan(0)

      await pointAt(page, lists.first())
      if (block.pauseOnHover) {
        await expect.poll(async () => (await cssAnimations(strip))[0]?.playState).toBe('paused')
        expect(await horizontalDrift(lists.first()), 'the logos stand still under the pointer').toBe(0)
      } else {
        expect((await cssAnimations(strip))[0]?.playState).toBe('running')
        expect(await horizontalDrift(lists.first()), 'the logos keep moving under the pointer').toBeGreaterThan(0)
      }
    })
  }
})

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' })

  test('sections are visible at once and the figures show their values', async ({ page }) => {
    await page.goto('/about')
    await waitForHydration(page)
    const section = page.getByRole('region', { name: 'Eastbridge in Numbers' })
    await expect(section).not.toBeInViewport()
    expect(await opacityOf(section)).toBe(1)
    expect(await opacityOf(page.getByRole('region', { name: 'Our Core Values' }).getByRole('listitem').first())).toBe(1)
    await section.scrollIntoViewIfNeeded()
    await expect(section.getByRole('listitem').locator('p').first()).toHaveText('10+')
  })

  test('the carousel stays on its first slide, changes slides without animation, and the logo strip stands still', async ({ page }) => {
    await openHome(page)
    await page.clock.runFor(intervalMs * 3)
    await expectShown(page, 0)
    await expect(carousel(page).getByRole('button', { name: 'Play slideshow' })).toBeVisible()
    // A chosen slide appears at once, without a cross-fade: no animation frame has run meanwhile.
    await dot(page, 2).click()
    await expectShown(page, 2)
    expect(await opacityOf(slideGroup(page, 2))).toBe(1)
    expect(await opacityOf(slideGroup(page, 0))).toBe(0)

    const [client] = blocksOfType('logoStrip')
    const strip = page.getByRole('region', { name: client!.block.heading! })
    await strip.scrollIntoViewIfNeeded()
    expect(await cssAnimations(strip)).toEqual([])
    // Every logo once, wrapped onto lines; the loop's hidden copy is not displayed.
    await expect(strip.locator('ul').nth(1)).toBeHidden()
    await expect(strip.getByRole('img')).toHaveCount(client!.block.logos.length)
  })
})

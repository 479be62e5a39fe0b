import { expect, test, type Page } from '@playwright/test'
import { waitForHydrated, waitForHydration } from './support/page-load'
import { watchPage } from './watch-console'

/** Opens a page and waits until its script has taken over: clicks and scrolls before that do nothing. */
async function open(page: Page, path: string) {
  await page.goto(path)
  await waitForHydration(page)
}

test.describe('pages and status codes', () => {
  for (const [path, title] of [
    ['/', 'IT Services & Cyber Security in Eastern India | Eastbridge Cyber Systems'],
    ['/about', 'About Us | Eastbridge Cyber Systems'],
    ['/services', 'Services | Eastbridge Cyber Systems'],
    ['/security_solutions/endpoint_security', /Endpoint Security.*\| Eastbridge Cyber Systems/],
    ['/resources/gallery', 'Gallery | Eastbridge Cyber Systems'],
  ] as const) {
    test(`${path} is prerendered, hydrates without warnings and has its own title`, async ({ page, request }) => {
      const raw = await request.get(path)
      expect(raw.status()).toBe(200)
      const html = await raw.text()
      expect(html).toMatch(/<h1[^>]*>/)
      expect(html).toContain('<link rel="canonical"')
      const watcher = watchPage(page)
      await open(page, path)
      await expect(page).toHaveTitle(title)
      await expect(page.locator('h1')).toHaveCount(1)
      await page.waitForLoadState('networkidle')
      watcher.expectClean()
    })
  }

  test('an unknown path answers 404 with the 404 page', async ({ page }) => {
    const response = await page.goto('/no/such/page')
    expect(response?.status()).toBe(404)
    // "404" is the heading (not decoration hidden from screen readers), and there is one h1.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found')
    await expect(page.locator('h1')).toHaveCount(1)
    await expect(page).toHaveTitle(/^Page Not Found \|/)
    await page.getByRole('link', { name: 'Go to Homepage' }).click()
    await expect(page).toHaveURL('/')
  })

  test('the share image the head tags name is a 1200×630 PNG', async ({ page, request }) => {
    await page.goto('/')
    const url = new URL((await page.locator('meta[property="og:image"]').getAttribute('content'))!)
    const image = await request.get(url.pathname)
    expect(image.headers()['content-type']).toBe('image/png')
    const png = await image.body()
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]) // the IHDR chunk's width and height
  })

  test('alias spellings redirect permanently to the canonical page', async ({ page, request }) => {
    const raw = await request.get('/Get-Quote', { maxRedirects: 0 })
    expect(raw.status()).toBe(301)
    expect(raw.headers().location).toBe('/get-quote')
    await page.goto('/Managed_services_solutions')
    await expect(page).toHaveURL('/managed_services_solutions')
  })

  test('the placeholder page builds its title from the path', async ({ page }) => {
    await page.goto('/resources/certifications')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resources > Certifications')
    await expect(page.getByText('Path: /resources/certifications')).toBeVisible()
  })
})

test.describe('header', () => {
  test('Services dropdown opens on click, widens for the sub-menu and closes on outside click', async ({ page }) => {
    await open(page, '/services')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('button', { name: 'Services' }).click()
    const panel = page.getByTestId('dropdown-Services')
    await expect(panel).toBeVisible()
    // The width animates over 150 ms; poll until it settles.
    const width = (locator: typeof panel) => async () => (await locator.boundingBox())?.width ?? 0
    await expect.poll(width(panel)).toBeCloseTo(280, 0)
    await panel.getByRole('button', { name: 'Security Solutions' }).click()
    await expect(panel.getByRole('link', { name: 'Endpoint Security' })).toBeVisible()
    await expect.poll(width(panel)).toBeCloseTo(520, 0)

    await nav.getByRole('button', { name: 'Resources' }).click()
    await expect(panel).toBeHidden()
    const resources = page.getByTestId('dropdown-Resources')
    await expect.poll(width(resources)).toBeCloseTo(200, 0)

    await page.mouse.click(700, 700)
    await expect(resources).toBeHidden()
  })

  test('a dropdown link navigates, closes the menu and scrolls to the top', async ({ page }) => {
    await open(page, '/services')
    await page.mouse.wheel(0, 600)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Resources' }).click()
    await page.getByTestId('dropdown-Resources').getByRole('link', { name: 'Blog' }).click()
    await expect(page).toHaveURL('/resources/blog')
    await expect(page.getByTestId('dropdown-Resources')).toBeHidden()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await expect(page).toHaveTitle(/Blog/)
  })

  test('Back returns to where the visitor was on the page before; Forward to the top of the new one', async ({ page }) => {
    await open(page, '/services')
    await page.mouse.wheel(0, 900)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600)
    const left = await page.evaluate(() => window.scrollY)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click()
    await expect(page).toHaveURL('/about')
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await page.goBack()
    await expect(page).toHaveURL('/services')
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left)
    await page.goForward()
    await expect(page).toHaveURL('/about')
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })

  test('client navigation replaces the head tags: one title, description, canonical and og:url', async ({ page }) => {
    await open(page, '/services')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click()
    await expect(page).toHaveTitle('About Us | Eastbridge Cyber Systems')
    const head = page.locator('head')
    await expect(head.locator('title')).toHaveCount(1)
    await expect(head.locator('link[rel="canonical"]')).toHaveCount(1)
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', 'https://www.example.com/about')
    await expect(head.locator('meta[name="description"]')).toHaveCount(1)
    await expect(head.locator('meta[property="og:url"]')).toHaveAttribute('content', 'https://www.example.com/about')
    await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image')
  })

  test('menus work from the keyboard: Enter opens, Escape closes', async ({ page }) => {
    await open(page, '/services')
    const services = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Services' })
    await services.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('dropdown-Services')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('dropdown-Services')).toBeHidden()
    await expect(services).toBeFocused()
  })

  test('on / the header is transparent at the top and solid after 300px of scroll', async ({ page }) => {
    await open(page, '/')
    const header = page.locator('header').first()
    const progress = () => header.evaluate((el) => getComputedStyle(el).getPropertyValue('--header-progress').trim())
    await expect.poll(progress).toBe('0')
    await page.evaluate(() => window.scrollTo(0, 150))
    await expect.poll(progress).toBe('0.5')
    await page.evaluate(() => window.scrollTo(0, 400))
    await expect.poll(progress).toBe('1')
    const backdrop = await header.evaluate((el) => getComputedStyle(el).backdropFilter)
    expect(backdrop).toBe('blur(8px)')
  })

  test('other pages have a solid header and top padding for it', async ({ page }) => {
    await open(page, '/services')
    const header = page.locator('header').first()
    expect(await header.evaluate((el) => getComputedStyle(el).getPropertyValue('--header-progress').trim())).toBe('1')
    const padding = await page.locator('main').evaluate((el) => getComputedStyle(el).paddingTop)
    expect(padding).toBe('72px')
  })
})

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the hamburger opens accordion sections and closes on navigation', async ({ page }) => {
    await open(page, '/')
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
    await page.getByRole('button', { name: 'Open menu' }).click()
    const drawer = page.getByRole('dialog')
    await expect(drawer).toBeVisible()
    // The drawer's own close button (an icon) is named for screen readers.
    await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeVisible()
    await drawer.getByRole('button', { name: 'Services' }).click()
    await drawer.getByRole('link', { name: 'Cloud Services' }).click()
    // The address changes once the page's chunks (blocks, icons) are in: on a busy machine that can take a few seconds.
    await expect(page).toHaveURL('/cloud_services', { timeout: 15_000 })
    await expect(page.getByRole('dialog')).toBeHidden()
  })

  test('the menu is modal: one section open at a time, Escape or the backdrop closes it, focus back on the burger', async ({ page }) => {
    await open(page, '/')
    // Named "Open menu" or "Close menu" as the menu is, and out of reach while the modal menu is open.
    const burger = page.locator('button[aria-controls="mobile-menu"]')
    await burger.click()
    const drawer = page.getByRole('dialog')
    await expect(burger).toHaveAttribute('aria-expanded', 'true')
    await expect(burger).toHaveAttribute('aria-label', 'Close menu')
    const services = drawer.getByRole('button', { name: 'Services' })
    const resources = drawer.getByRole('button', { name: 'Resources' })
    await services.click()
    await expect(drawer.getByRole('link', { name: 'Cloud Services' })).toBeVisible()
    await resources.click()
    await expect(drawer.getByRole('link', { name: 'Cloud Services' })).toBeHidden()
    await expect(services).toHaveAttribute('aria-expanded', 'false')
    await expect(resources).toHaveAttribute('aria-expanded', 'true')
    // The page under it does not scroll.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden')
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()
    await expect(burger).toBeFocused()
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false')
    await burger.click()
    await expect(drawer).toBeVisible()
    // The backdrop: the page's left edge, beside the drawer.
    await page.mouse.click(10, 400)
    await expect(drawer).toBeHidden()
  })
})

test.describe('footer and chat', () => {
  test('footer shows offices with map links, the current year, and back to top works', async ({ page }) => {
    await open(page, '/about')
    const footer = page.locator('footer')
    for (const city of ['Kolkata', 'Bengaluru', 'Bhubaneswar']) {
      await expect(footer.getByRole('link', { name: `View on map: the ${city} office` })).toHaveAttribute('href', /^https:\/\//)
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`)
    await expect(footer.getByRole('list', { name: 'Social media' }).getByRole('link')).toHaveCount(4)
    const backToTop = footer.getByRole('button', { name: 'Back to top' })
    await waitForHydrated(backToTop)
    await backToTop.click()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })

  test('the floating chat button opens the chat link with the greeting prefilled', async ({ page }) => {
    await open(page, '/')
    const chat = page.getByRole('link', { name: /chat with us/i })
    await expect(chat).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+\?text=Hello/)
  })
})

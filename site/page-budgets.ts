/**
 * What a visitor's first load of each page may cost: the one place these numbers are written. The
 * deploy test tests/deploy/page-budgets.test.ts (part of `npm test`, after the build) fails when a
 * built page goes over any of them, naming the page and its figures (scripts/lib/page-budgets.ts
 * measures them, `npm run bench:size` prints them all). Sizes are brotli bytes, as served.
 *
 * - javaScript: every script the page loads before it is idle: the entry, its static imports and
 *   the page's own chunks (its blocks and icons) that the page's start-up script names.
 * - htmlAndCss: the page's HTML (its stylesheets are inlined into it) plus any stylesheet still
 *   linked: what must arrive before the first paint, about one round trip (14 KB).
 * - scriptRequests: how many script files those are.
 * - picturesAboveTheFold: the pictures of the first screen, taken as everything from the top of
 *   the page to the end of its first block (the header's logo and the first block's pictures); of
 *   a picture offered in several files, its largest in the format a browser picks first.
 */
export interface PageBudget {
  javaScript: number
  htmlAndCss: number
  scriptRequests: number
  picturesAboveTheFold: number
}

const KB = 1024

/**
 * JavaScript on a content page: the aim (design.md), 50 KB. Parts that move are plain script on
 * the prerendered HTML (kit/enhancer.ts), so a content page loads no React: 4 KB on most, 13 KB on
 * the home page with its carousel (Embla).
 */
const contentPageJavaScript = 50 * KB

/**
 * The pages with forms: React and the form client hydrate the form (blocks/form/FormIsland.tsx) on
 * top of a content page's scripts (100 KB, in 8 scripts, today).
 */
const formPage: Partial<PageBudget> = { javaScript: 110 * KB }

export const pageBudgets: { default: PageBudget; routes: Record<string, Partial<PageBudget>> } = {
  default: {
    javaScript: contentPageJavaScript,
    // The aim is 14 KB (one round trip); the shared data is a file of its own now, and a page's own styles and words are inline (up to 18.5 KB).
    htmlAndCss: 20 * KB,
    // The aim: at most 8 before the page is idle (3 to 5 on a content page today, 8 on a form page).
    scriptRequests: 8,
    picturesAboveTheFold: 150 * KB,
  },
  routes: { '/contact': formPage, '/get-quote': formPage, '/career': formPage },
}

/** The budget of the page at `path`: the default with that route's own overrides. */
export const budgetOf = (path: string, budgets = pageBudgets): PageBudget => ({ ...budgets.default, ...budgets.routes[path] })

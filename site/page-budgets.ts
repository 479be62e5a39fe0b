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
 * JavaScript on a content page. The aim (design.md) is 50 KB once only the blocks that move hydrate;
 * until then every page hydrates all of its blocks and loads the whole shell (110 KB on the heaviest
 * content page), and this holds today's weight so it grows no further. Lower it to 50 * KB then.
 */
const contentPageJavaScript = 115 * KB

/** The pages with forms: the form client and its validation come on top of a content page's scripts. */
const formPage: Partial<PageBudget> = { javaScript: 135 * KB }

export const pageBudgets: { default: PageBudget; routes: Record<string, Partial<PageBudget>> } = {
  default: {
    javaScript: contentPageJavaScript,
    // The aim is 14 KB (one round trip); today a page carries the site's shared data inline (up to 22 KB on the home page).
    htmlAndCss: 24 * KB,
    // The aim is 8 before the page is idle; today a page names each of its blocks' chunks (up to 34 on /about).
    scriptRequests: 36,
    picturesAboveTheFold: 150 * KB,
  },
  routes: { '/contact': formPage, '/get-quote': formPage, '/career': formPage },
}

/** The budget of the page at `path`: the default with that route's own overrides. */
export const budgetOf = (path: string, budgets = pageBudgets): PageBudget => ({ ...budgets.default, ...budgets.routes[path] })

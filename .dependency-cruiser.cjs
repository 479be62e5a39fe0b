/**
 * The layers of docs/architecture.md, checked by `npm run lint:deps` (npm test runs it):
 * arrows point at what a file may import, and nothing points back.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'A cycle makes two modules one: neither can be understood, tested or moved alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-not-scripts',
      comment: 'The production server runs with production packages only: nothing from the development tools.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(scripts|editor|tests)/' },
    },
    {
      name: 'server-not-dev-packages',
      comment: 'vite and tsx are development packages; the compiled server never loads them.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: 'node_modules/(vite|tsx|vitest)/' },
    },
    {
      name: 'kit-not-blocks-or-shell',
      comment: 'The runtime kit (ui, motion, icons, links, generated types) is what blocks build on: it knows no block and no page.',
      severity: 'error',
      from: { path: '^runtime/(ui|motion|generated|icons|links|site-links|SiteLink)' },
      to: { path: '^(blocks/|runtime/(router|App|pages|layout|entry-))' },
    },
    {
      name: 'block-not-shell',
      comment: 'Blocks are rendered by the app shell (router, layout, pages, the block list); they never reach back into it.',
      severity: 'error',
      from: { path: '^blocks/' },
      to: { path: '^runtime/(router|App|pages/|layout/|entry-|blocks\\.|BlockView)' },
    },
    {
      name: 'block-not-other-block',
      comment: 'A block is self-contained: what two blocks share belongs in the runtime kit.',
      severity: 'error',
      from: { path: '^blocks/([^/]+)/' },
      to: { path: '^blocks/[^/]+/', pathNot: '^blocks/$1/' },
    },
    {
      name: 'runtime-not-tools',
      comment: 'The site in the browser never carries the build, the checker or the editor.',
      severity: 'error',
      from: { path: '^(runtime|blocks)/' },
      to: { path: '^(scripts|server|editor)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
  },
}

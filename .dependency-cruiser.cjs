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
      name: 'server-only-shared-model',
      comment: 'The server shares the site model (site/) and the payload schemas with the build and the browser; it never loads the React runtime.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(kit|blocks|runtime)/' },
    },
    {
      name: 'site-model-stands-alone',
      comment: 'site/ is the model every layer shares (config types, addresses, forms): it imports only itself and schemas/.',
      severity: 'error',
      from: { path: '^site/' },
      to: { path: '^(kit|blocks|runtime|server|scripts|editor|tests)/' },
    },
    {
      name: 'kit-not-blocks-or-shell',
      comment: 'The kit (kit/: ui, motion, icons, links, the config in the browser) is what blocks build on: it knows no block and no page.',
      severity: 'error',
      from: { path: '^kit/' },
      to: { path: '^(blocks|runtime)/' },
    },
    {
      name: 'block-not-shell',
      comment: 'Blocks are rendered by the app shell (runtime/: router, layout, pages, entries); they never reach back into it.',
      severity: 'error',
      from: { path: '^blocks/' },
      to: { path: '^runtime/' },
    },
    {
      name: 'block-not-other-block',
      comment: 'A block is self-contained: what two blocks share belongs in the kit.',
      severity: 'error',
      from: { path: '^blocks/([^/]+)/' },
      to: { path: '^blocks/[^/]+/', pathNot: '^blocks/$1/' },
    },
    {
      name: 'browser-not-tools',
      comment: 'The site in the browser never carries the build, the checker, the server or the editor.',
      severity: 'error',
      from: { path: '^(site|kit|blocks|runtime)/' },
      to: { path: '^(scripts|server|editor)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
  },
}

/**
 * The layers of docs/architecture.md, checked by `npm run lint:deps` (npm test runs it):
 * arrows point at what a file may import, and nothing points back.
 */
/** One rule: nothing matching `from` may import anything matching `to`; `comment` says why. */
const forbid = (name, comment, from, to) => ({ name, comment, severity: 'error', from, to })

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid('no-cycles', 'A cycle makes two modules one: neither can be understood, tested or moved alone.', {}, { circular: true }),
    forbid(
      'server-not-scripts',
      'The production server runs with production packages only: nothing from the development tools.',
      { path: '^server/' },
      { path: '^(scripts|editor|tests)/' },
    ),
    forbid(
      'server-not-dev-packages',
      'vite and tsx are development packages; the compiled server never loads them.',
      { path: '^server/' },
      { path: 'node_modules/(vite|tsx|vitest)/' },
    ),
    forbid(
      'server-only-shared-model',
      'The server shares the site model (site/) and the payload schemas with the build and the browser; it never loads the React runtime.',
      { path: '^server/' },
      { path: '^(kit|blocks|runtime)/' },
    ),
    forbid(
      'site-model-stands-alone',
      'site/ is the model every layer shares (config types, addresses, forms): it imports only itself and schemas/.',
      { path: '^site/' },
      { path: '^(kit|blocks|runtime|server|scripts|editor|tests)/' },
    ),
    forbid(
      'kit-not-blocks-or-shell',
      'The kit (kit/: ui, motion, icons, links, the config in the browser) is what blocks build on: it knows no block and no page.',
      { path: '^kit/' },
      { path: '^(blocks|runtime)/' },
    ),
    forbid(
      'block-not-shell',
      'Blocks are rendered by the app shell (runtime/: router, layout, pages, entries); they never reach back into it.',
      { path: '^blocks/' },
      { path: '^runtime/' },
    ),
    forbid(
      'block-not-other-block',
      'A block is self-contained: what two blocks share belongs in the kit.',
      { path: '^blocks/([^/]+)/' },
      { path: '^blocks/[^/]+/', pathNot: '^blocks/$1/' },
    ),
    forbid(
      'browser-not-tools',
      'The site in the browser never carries the build, the checker, the server or the editor.',
      { path: '^(site|kit|blocks|runtime)/' },
      { path: '^(scripts|server|editor)/' },
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
  },
}

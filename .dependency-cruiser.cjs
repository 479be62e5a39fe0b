/**
 * The layers of docs/architecture.md, checked by `npm run lint:deps` (npm test runs it):
 * arrows point at what a file may import, and nothing points back.
 */
/** One rule: nothing matching `from` may import anything matching `to`; `comment` says why. */
const forbid = (name, comment, from, to) => ({ name, comment, severity: 'error', from, to })

/**
 * The top-level folders and the only other top-level folders each may import (packages and Node's
 * own modules aside). The table is checked to have no cycle below, so no folder imports a folder
 * that imports it, however indirectly: every arrow points down. docs/architecture.md has a row for each
 * folder with its arrows, which tests/unit/architecture-map.test.ts holds to this table.
 */
const LAYERS = {
  schemas: { may: [], why: 'JSON Schemas: the source of every shape and default; data, no code.' },
  site: { may: ['schemas'], why: "the site model every layer shares (config types, addresses, forms, the built site's files)" },
  ground: { may: [], why: 'the Node helpers every server-side layer stands on (the log, durable file writes, cached checks)' },
  authoring: {
    may: ['site', 'schemas'],
    why: 'the checker, config reading and editing, the page scaffold: shared by the editor, the build and the commands; a caller passes in anything else',
  },
  kit: { may: ['site'], why: 'what blocks build on (ui, motion, icons, links, the config in the browser): it knows no block and no page' },
  blocks: { may: ['kit', 'site'], why: 'one folder per block, rendered by the app shell, which they never reach back into' },
  runtime: { may: ['blocks', 'kit', 'site'], why: 'the app shell: router, layout, pages, entries' },
  content: {
    may: ['authoring', 'site', 'ground'],
    why: "the content build runs on a production install: it turns a checked config into pages with the code build's prerender bundle, loaded by path, never the runtime itself",
  },
  publish: {
    may: ['content', 'authoring', 'site', 'ground'],
    why: 'versions and publishing run on a production install; the server mounts them and hands them the Redis connection, not the other way round',
  },
  editor: {
    may: ['publish', 'authoring', 'runtime', 'kit', 'site'],
    why: 'the visual editor edits and checks through authoring/, previews through the runtime and reads the progress of a publish; the build and the server mount it',
  },
  server: {
    may: ['editor', 'publish', 'content', 'authoring', 'site', 'ground'],
    why: 'the Koa server and its composition roots (server/compose/), which alone reach the editor, publishing and the checker',
  },
  scripts: {
    may: ['server', 'editor', 'content', 'authoring', 'kit', 'site', 'ground'],
    why: 'the commands, the build and the dev server: the top of the house, which only the tests stand above',
  },
}

/** Throws when the table lets a folder reach itself through others: the check that every arrow points down. */
function assertNoCycle(layers) {
  const done = new Set()
  const visit = (folder, trail) => {
    if (trail.includes(folder)) throw new Error(`.dependency-cruiser.cjs: the layers form a cycle: ${[...trail, folder].join(' -> ')}`)
    if (done.has(folder)) return
    for (const below of layers[folder]?.may ?? []) visit(below, [...trail, folder])
    done.add(folder)
  }
  for (const folder of Object.keys(layers)) visit(folder, [])
}
assertNoCycle(LAYERS)

/**
 * The server's folders and the only other server folders each may import (besides site/ and
 * ground/, which every one may). server/compose/ is above them all: it may import every folder and
 * none imports it (its own rule below). Checked like LAYERS, and held to docs/architecture.md's
 * table of server folders the same way.
 */
const SERVER_FOLDERS = {
  queue: {
    may: [],
    why: 'what the forms, both queues and the deliverer share: the queued message, the queue contract, the deliverer a queue hands each message to, the delivery policy',
  },
  settings: { may: [], why: 'every setting of the environment, declared once in its table and read once' },
  http: { may: ['queue', 'settings'], why: 'the HTTP plumbing: the node:http server and its timeouts, the probes, the request log, the security headers, a graceful stop' },
  mail: { may: ['queue'], why: 'composing a mail and sending it; what it needs of a form is given to it, and it knows neither the forms nor the queues' },
  webhook: { may: ['queue'], why: 'signing and posting one submission; it knows neither the forms nor the queues' },
  delivery: {
    may: ['queue', 'mail', 'webhook'],
    why: "the one place a queued message becomes an action (the owner's mail, the confirmation, the webhook); it knows no queue and no form",
  },
  disk: { may: ['queue'], why: 'one queue, the outbox folder with its worker and stores: it knows neither the other queue, the forms nor how a message is delivered' },
  redis: { may: ['queue'], why: 'one queue, BullMQ and the Redis stores: it knows neither the other queue, the forms nor how a message is delivered' },
  forms: { may: ['queue', 'mail', 'http'], why: 'the HTTP side of the forms (read, check, answer): it queues through the contract, never a queue itself, and delivers nothing' },
  openapi: { may: ['forms'], why: "the API's description, from the declared forms and their answers" },
  metrics: { may: ['queue', 'openapi'], why: 'the Prometheus figures: the forms through their reports and their routes, never a queue or the mail' },
  static: { may: ['forms'], why: "the built pages, and the forms' declarations the build wrote beside them" },
  'editor-access': { may: ['queue', 'redis'], why: "the editor's sign-in: accounts, sessions, the throttle, CSRF, audit lines" },
}
assertNoCycle(SERVER_FOLDERS)

/** One rule per folder of `table` under `prefix`: it imports no other folder of the table but those in its `may`. */
const tableRules = (table, { prefix, suffix, others }) =>
  Object.entries(table).map(([folder, { may, why }]) =>
    forbid(
      `${prefix.replace('/', '-')}${folder}-${suffix}`,
      `${prefix}${folder}/ is ${why}. It imports only ${may.length ? may.map((below) => `${prefix}${below}/`).join(', ') : 'packages'} of these folders besides itself.`,
      { path: `^${prefix}${folder}/` },
      { path: `^${prefix}(${[...Object.keys(table), ...others].join('|')})/`, pathNot: `^${prefix}(${[folder, ...may].join('|')})/` },
    ),
  )
const layerRules = tableRules(LAYERS, { prefix: '', suffix: 'layer', others: ['tests'] })
const serverFolderRules = tableRules(SERVER_FOLDERS, { prefix: 'server/', suffix: 'folder', others: ['compose'] })

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid('no-cycles', 'A cycle makes two modules one: neither can be understood, tested or moved alone.', {}, { circular: true }),
    ...layerRules,
    forbid(
      'server-reaches-up-from-compose-only',
      "The production server runs with production packages only. Its composition roots (server/compose/) alone mount the editor's server side (editor/server/, which runs on a production install) and check versions with the authoring engine; no other server folder knows either.",
      { path: '^server/', pathNot: '^server/compose/' },
      // editor/api-permissions.ts is a pure list the sign-in reads to check a route's role, as the browser does.
      { path: '^(editor|authoring|publish|content)/', pathNot: '^editor/api-permissions[.]ts$' },
    ),
    forbid(
      'compose-mounts-editor-server-only',
      "The production editor's composition root takes the editor's server side, built to run on a production install; the browser side is served as the built files of build/editor/.",
      { path: '^server/compose/' },
      { path: '^editor/(client|preview)/' },
    ),
    forbid(
      'production-not-dev-packages',
      'vite, tsx and vitest are development packages; the compiled server, the content build and publishing never load them.',
      { path: '^(server|ground|content|publish)/' },
      { path: 'node_modules/(vite|tsx|vitest)/' },
    ),
    forbid(
      'block-not-other-block',
      'A block is self-contained: what two blocks share belongs in the kit.',
      { path: '^blocks/([^/]+)/' },
      { path: '^blocks/[^/]+/', pathNot: '^blocks/$1/' },
    ),
    forbid(
      'browser-not-authoring-or-tools',
      'The site in the browser is built from the checked config; the checker, the build, the server and the editor (node:fs, ajv) never travel with it.',
      { path: '^(site|kit|blocks|runtime)/' },
      { path: '^(authoring|scripts|server|editor|content|publish|ground)/' },
    ),
    forbid(
      'scripts-not-editor',
      'The build and the dev server know no editor: the dev command (scripts/dev/server.ts) hands the editor to the dev server as a plugin, a list of { path, middleware }.',
      { path: '^scripts/', pathNot: '^scripts/dev/server[.]ts$' },
      { path: '^editor/' },
    ),
    forbid(
      'dev-command-editor-plugin-only',
      "The dev command mounts the editor through its plugin (editor/server/dev-plugin.ts) only, never the editor's insides.",
      { path: '^scripts/dev/server[.]ts$' },
      { path: '^editor/', pathNot: '^editor/server/dev-plugin[.]ts$' },
    ),
    // server folders
    forbid(
      'server-composition-root-on-top',
      'The composition roots and commands (server/compose/: main.ts, app.ts, forms-service.ts, publishing-service.ts, the *-cli.ts commands, …) wire the folders together; no folder reaches back up to them.',
      { path: '^server/', pathNot: '^server/compose/' },
      { path: '^server/compose/' },
    ),
    ...serverFolderRules,
    // editor folders
    {
      ...forbid(
        'editor-no-folder-cycles',
        "The editor's folders stand in one order: its requests (client/api/) and state at the bottom, then the schemas, list rows and media library, then the form, then the screens and tools built on it, the app on top. Two folders that import each other, however indirectly, are one folder in two places: a piece both need belongs in a folder below them.",
        { path: '^editor/' },
        { circular: true },
      ),
      scope: 'folder',
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
  },
}

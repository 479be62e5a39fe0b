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
      "The production server runs with production packages only: nothing from the development tools. One file is the exception: the composition root of the editor on the production server (server/publishing-service.ts) mounts the editor's server side (editor/server/, which runs on a production install), never its browser side.",
      { path: '^server/', pathNot: '^server/publishing-service[.]ts$' },
      { path: '^(scripts|editor|tests)/' },
    ),
    forbid(
      'publishing-mounts-editor-server-only',
      "The production editor's composition root takes the editor's server side, built to run on a production install; the browser side is served as the built files of build/editor/.",
      { path: '^server/publishing-service[.]ts$' },
      { path: '^(scripts|tests|editor/(client|preview))/' },
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
      { path: '^(scripts|server|editor|content)/' },
    ),
    forbid(
      'authoring-only-model-and-schemas',
      'authoring/ (the checker, config reading and editing, schema loading, the page scaffold) is shared by the editor, the build, validate and new-page: it stands on the site model (site/) and the schemas alone, and a caller passes in anything else (a public folder, a schemas folder).',
      { path: '^authoring/' },
      { pathNot: '^(authoring|site|schemas|node_modules)/', dependencyTypesNot: ['core'] },
    ),
    forbid(
      'content-build-stands-on-model-and-checker',
      "The content build (content/) runs on a production install, in the server that publishes: it turns a checked config into pages with the code build's prerender bundle, which it loads by path; it stands on the site model, the checker and the server's policy type, never on the runtime, the editor or the development scripts.",
      { path: '^content/' },
      { path: '^(kit|blocks|runtime|editor|scripts|tests)/' },
    ),
    forbid(
      'server-not-authoring',
      "The production server checks submissions against the form schemas itself; the authoring engine (config checker, editing, scaffold) is the editor's and the build's. Publishing checks every version with it, through the editor's composition root (server/publishing-service.ts) alone.",
      { path: '^server/', pathNot: '^server/publishing-service[.]ts$' },
      { path: '^authoring/' },
    ),
    forbid(
      'browser-not-authoring',
      'The site in the browser is built from the checked config; the checker, the config editing and the scaffold (node:fs, ajv) never travel with it.',
      { path: '^(site|kit|blocks|runtime)/' },
      { path: '^authoring/' },
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
    forbid(
      'editor-not-scripts',
      'The editor edits and checks through authoring/ and previews through the runtime; the build, the commands and the dev server are not its business (they mount it).',
      { path: '^editor/' },
      { path: '^scripts/' },
    ),
    forbid(
      'publish-production-only',
      'publish/ (versions, publishing, rollback, the versions command) runs on a production install: it stands on the site model, the authoring engine and a few leaf files of the server, never on the React layers, the editor, the build or the tests.',
      { path: '^publish/' },
      { path: '^(kit|blocks|runtime|editor|scripts|tests)/' },
    ),
    forbid(
      'publish-server-leaves-only',
      "publish/ uses the server's leaf files (its log and durable file writes), never its app, settings or folders (forms, mail, queues, Redis): the server mounts publishing and hands it the Redis connection (server/version-store-service.ts), not the other way round.",
      { path: '^publish/' },
      { path: '^server/', pathNot: '^server/(log|durable-files)[.]ts$' },
    ),
    forbid(
      'publish-not-dev-packages',
      'The versions command and the publisher run where only the production packages are installed.',
      { path: '^publish/' },
      { path: 'node_modules/(vite|tsx|vitest)/' },
    ),
    // server folders
    {
      ...forbid(
        'server-no-folder-cycles',
        "Two server folders that import each other, however indirectly, are one folder in two places: neither can be read, tested or replaced alone. (publish/ stands beside the server: the server's top folder holds both its composition root, which mounts publishing, and the leaf files publishing uses, its log and durable writes; that is no cycle of server folders.)",
        { path: '^server/' },
        { circular: true },
      ),
      scope: 'folder',
    },
    forbid(
      'server-composition-root-on-top',
      'The composition root (forms-service.ts, editor-access-service.ts, app.ts, main.ts and the commands beside them) wires the folders together; no folder reaches back up to it.',
      { path: '^server/[^/]+/' },
      { path: '^server/(forms-service|editor-access-service|app|main|outbox-cli|editor-user-cli|api-router)[.]ts$' },
    ),
    forbid(
      'server-delivery-contract-alone',
      'server/delivery/ is what the forms and both queues share (the queued message, the queue contract, the delivery policy): it imports no other server folder.',
      { path: '^server/delivery/' },
      { path: '^server/[^/]+/', pathNot: '^server/delivery/' },
    ),
    forbid(
      'server-mail-composes-and-sends-only',
      'server/mail/ composes a mail and sends it; what it needs of a form is given to it, and it knows neither the forms nor the queues.',
      { path: '^server/mail/' },
      { path: '^server/[^/]+/', pathNot: '^server/(mail|delivery)/' },
    ),
    forbid(
      'server-forms-not-knowing-the-queue',
      'server/forms/ is the HTTP side of the forms (read, check, answer): it queues through the contract in server/delivery/, never a queue itself.',
      { path: '^server/forms/' },
      { path: '^server/[^/]+/', pathNot: '^server/(forms|delivery|mail)/' },
    ),
    forbid(
      'server-disk-queue-alone',
      'server/disk/ (the outbox folder, its worker and stores) is one queue: it knows the other (server/redis/) and the forms not at all.',
      { path: '^server/disk/' },
      { path: '^server/[^/]+/', pathNot: '^server/(disk|delivery|mail)/' },
    ),
    forbid(
      'server-redis-queue-alone',
      'server/redis/ (BullMQ and the Redis stores) is one queue: it knows the other (server/disk/) and the forms not at all.',
      { path: '^server/redis/' },
      { path: '^server/[^/]+/', pathNot: '^server/(redis|delivery|mail)/' },
    ),
    forbid(
      'server-metrics-and-pages-apart',
      'The metrics read the forms through their reports (server/delivery/) and a route list (server/forms/form-path.ts); the pages (server/static/) need no forms at all.',
      { path: '^server/(metrics|static)/' },
      { path: '^server/(disk|redis|mail)/' },
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
  },
}

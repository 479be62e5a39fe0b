/** The address the build renders the 404 page at (dist/404.html); a page of the config there would answer 200. */
export const notFoundRenderPath = '/__not-found__'

/**
 * Addresses the site answers with something other than a page of the config, so a page there would
 * never be shown: exactly (`exact`) or with everything under them. Compared in lower case, as the
 * server and nginx route them before the pages.
 */
const reservedAddresses: Array<{ address: string; exact?: boolean; owner: string }> = [
  // server/forms/forms-middleware.ts; nginx sends all of /api/ to Node.
  { address: '/api', owner: 'the forms (/api/contact, /api/quote, /api/career)' },
  // server/http/probes.ts
  { address: '/health', exact: true, owner: "the server's health check" },
  { address: '/ready', exact: true, owner: "the server's readiness check" },
  // dist/assets/ and dist/page-data/: files the servers answer (assets with a year's caching).
  { address: '/assets', owner: "the site's scripts and stylesheets" },
  { address: '/page-data', owner: "the pages' content files" },
  // editor/server/editor-middleware.ts
  { address: '/_editor', owner: 'the visual editor of `npm run dev`' },
  // scripts/build.ts
  { address: notFoundRenderPath, exact: true, owner: 'the 404 page, which the build renders there' },
]

/** Who an address belongs to, when it is reserved. */
export function reservedOwner(address: string): string | undefined {
  const key = address.toLowerCase()
  return reservedAddresses.find((reserved) => key === reserved.address || (!reserved.exact && key.startsWith(reserved.address + '/')))?.owner
}

/**
 * A route's page module name, which also names its content file (dist/page-data/<name>.json):
 * /security_solutions/email_security → page-security_solutions-email_security, / → page-home.
 * Two addresses can share a name (/a-b and /a/b, / and /home); the checker refuses such a pair
 * (authoring/check/address-checks.ts), since both pages would show one page's content.
 */
export const pageModuleName = (routePath: string) => `page-${routePath.slice(1).replace(/\//g, '-') || 'home'}`

/** Where a built site answers a route's PageData (site/site-data.ts), fetched on a client-side navigation. */
export const pageDataPath = (routePath: string) => `/page-data/${pageModuleName(routePath)}.json`

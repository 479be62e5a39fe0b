/**
 * A route's page module name, which also names its content file (dist/page-data/<name>.js):
 * /security_solutions/email_security → page-security_solutions-email_security, / → page-home.
 * Two addresses can share a name (/a-b and /a/b, / and /home); the checker refuses such a pair
 * (authoring/check/address-checks.ts), since both pages would show one page's content.
 */
export const pageModuleName = (routePath: string) => `page-${routePath.slice(1).replace(/\//g, '-') || 'home'}`

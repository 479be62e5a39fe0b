import type { SiteTexts } from './generated/site-config'

/**
 * The groups of `texts` the shell (header, menus, footer, 404 page) shows on every page: they come
 * with the rest of the site's settings. Every other group is named after the block that shows it
 * and is a module of that block's own, so a page downloads only the words of its own blocks
 * (scripts/lib/vite-site-config.ts).
 */
export const shellTextGroups = ['header', 'menu', 'footer', 'notFound'] as const satisfies ReadonlyArray<keyof SiteTexts>

export type ShellTexts = Pick<SiteTexts, (typeof shellTextGroups)[number]>

export const isShellTextGroup = (group: string): group is (typeof shellTextGroups)[number] => (shellTextGroups as readonly string[]).includes(group)

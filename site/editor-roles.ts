/**
 * What an editor account may do, lowest first: each role may do all its predecessors may.
 * - editor: changes drafts and asks for a review;
 * - publisher: also publishes, restores and rolls back;
 * - admin: also manages the accounts and sees the settings only developers' screens show.
 * Pure, so the server's checks and the browser's screens read the same list.
 */
export const ROLES = ['editor', 'publisher', 'admin'] as const

export type Role = (typeof ROLES)[number]

/** An account made before roles existed could do everything: it is an admin. */
export const ROLE_OF_ACCOUNTS_BEFORE_ROLES: Role = 'admin'

export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value)

/** Whether `role` may do what `needed` may. */
export const roleAllows = (role: Role, needed: Role): boolean => ROLES.indexOf(role) >= ROLES.indexOf(needed)

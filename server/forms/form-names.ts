/** The three forms of the site (specification §3). Each has an endpoint POST /api/<name>. */
export const FORM_NAMES = ['contact', 'quote', 'career'] as const

export type FormName = (typeof FORM_NAMES)[number]

export const isFormName = (value: string): value is FormName => (FORM_NAMES as readonly string[]).includes(value)

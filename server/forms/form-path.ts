import { FORM_NAMES, type FormName } from '../../site/generated/forms.ts'

/** Where a form posts: one endpoint per form of the form list (schemas/forms/), named after it. */
export const formPath = (form: FormName) => `/api/${form}` as const

export const FORM_PATHS = FORM_NAMES.map(formPath)

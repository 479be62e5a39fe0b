import path from 'node:path'
import { declaredForms } from '../../authoring/config/declared-forms.ts'
import { root } from '../../authoring/project-paths.ts'

/** The forms this company's site declares (site.config.json), as the build hands them to the server. */
export const shippedForms = declaredForms(path.join(root, 'site.config.json'))

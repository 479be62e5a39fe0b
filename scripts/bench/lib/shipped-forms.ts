import path from 'node:path'
import { declaredForms } from '../../../authoring/config/declared-forms.ts'
import { root } from '../../lib/paths.ts'

/** The forms of the site the benchmarks load (site.config.json), as the build hands them to the server. */
export const shippedForms = declaredForms(path.join(root, 'site.config.json'))

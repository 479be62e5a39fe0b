import fs from 'node:fs'
import path from 'node:path'
import { builtSiteFiles } from '../../site/built-site-files.ts'
import { completeFormWords, DEFAULT_FORM_WORDS } from '../../site/default-form-words.ts'
import type { FormWords } from '../../site/form-words.ts'

/**
 * The words the content build wrote beside the forms. A folder without them (built before the
 * server read its words, or a test's hand-made site) is answered in the schema's English.
 */
export function readBuiltFormWords(distDir: string): FormWords {
  const file = path.join(distDir, builtSiteFiles.formWords)
  return fs.existsSync(file) ? completeFormWords(JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<FormWords>) : DEFAULT_FORM_WORDS
}

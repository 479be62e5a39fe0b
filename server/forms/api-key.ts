import { createHash, timingSafeEqual } from 'node:crypto'
import type { Context } from 'koa'
import { FormProblem, type FormAnswers } from './answers.ts'

/** The header the browser (and any program posting a form) sends the site's shared key in. */
export const API_KEY_HEADER = 'x-api-key'

const digest = (value: string) => createHash('sha256').update(value).digest()

/**
 * The key is public (it ships in the site's config), so it is a gate against casual scripts,
 * not a secret. Compared in constant time anyway: cheap, and right if it ever becomes one.
 */
export function requireApiKey(ctx: Context, expectedKey: string, answers: FormAnswers): void {
  const given = ctx.get(API_KEY_HEADER)
  if (!given) throw new FormProblem(answers.unauthorized())
  if (!timingSafeEqual(digest(given), digest(expectedKey))) throw new FormProblem(answers.unauthorized())
}

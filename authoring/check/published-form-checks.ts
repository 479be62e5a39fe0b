import { errorCatalogue, say } from './error-catalogue.ts'
import type { SourcePositions } from './source-positions.ts'
import type { Finding } from './problem.ts'
import { canonicalJson } from '../config/canonical-json.ts'

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * When a config is published to a running server (ValidateOptions.formsOfServer): every form must
 * be the one the server started with, since the server's endpoints check and mail each form as it
 * was at start. A form added, removed or changed is marked where it is (or at `forms`).
 */
export function publishedFormFindings(data: unknown, positions: SourcePositions, formsOfServer: unknown): Finding[] {
  const forms = isRecord(data) && isRecord(data.forms) ? data.forms : {}
  const served = isRecord(formsOfServer) ? formsOfServer : {}
  const names = [...new Set([...Object.keys(forms), ...Object.keys(served)])]
  return names
    .filter((name) => canonicalJson(forms[name]) !== canonicalJson(served[name]))
    .map((name) => {
      const wherePath = name in forms ? ['forms', name] : ['forms']
      return { ...say(errorCatalogue.formsFixedWhenPublishing, { name }), wherePath, ...positions.valuePosition(wherePath) }
    })
}

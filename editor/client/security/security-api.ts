import { editorFetch } from '../api/session'

/** What the server's Sign-in security API answers (server/editor-access/second-factors/security-api.ts). */
export interface SecurityState {
  passkeysAvailable: boolean
  appAvailable: boolean
  passkeys: { id: string; name: string; createdAt: string; lastUsedAt?: string }[]
  app: boolean
  recoveryCodesLeft: number
  mustAdd: boolean
  secondFactorRequired: boolean
  /** Shown once, right after they were made. */
  recoveryCodes?: string[]
}

const ADDRESS = '/_editor/api/sign-in-security'

/** A call of the API: its answer, or throws its message in plain words. */
export async function securityCall<T = SecurityState>(action: string | null, body?: object): Promise<T> {
  const response = await editorFetch(
    action ? `${ADDRESS}/${action}` : ADDRESS,
    body ? { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) } : {},
  )
  const answer = (await response.json()) as T & { message?: string }
  if (!response.ok) throw new Error(answer.message ?? `The server answered ${response.status}.`)
  return answer
}

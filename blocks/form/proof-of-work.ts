import type { Challenge, Solution } from 'altcha-lib'
import { proofOfWorkEndpoint } from '../../site/form-payload'

/**
 * The ALTCHA proof of work of a form that asks for one (`altcha: true`), loaded only by such a form,
 * when its visitor first reaches it: a challenge from GET /api/altcha/<form>, solved in a worker
 * while the visitor types, and sent in the payload's `altcha` key as the ALTCHA widget sends it
 * (the base64 of { challenge, solution }). Each solution is sent once; the next send solves anew.
 */
export interface ProofOfWork {
  /** Start on a solution now, if none is under way (the visitor has started on the form). */
  prepare(): void
  /** A fresh solution, waiting for it if need be; rejects when no challenge can be had (the server is out of reach). */
  solution(): Promise<string>
  /** The last solution went to the server: the next send needs a new one. */
  spent(): void
}

/** A challenge this close to its expiry is not worth solving: the server would refuse it by the time it arrives. */
const EXPIRY_MARGIN_MS = 60_000

/** In a module worker from /assets; where none can run (an old browser, jsdom), on the page. */
async function solveAnywhere(challenge: Challenge): Promise<Solution | null> {
  let worker: Worker
  try {
    worker = new Worker(new URL('./proof-of-work.worker.ts', import.meta.url), { type: 'module' })
  } catch {
    return (await import('./proof-of-work-solve')).solve(challenge)
  }
  try {
    return await new Promise<Solution | null>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<{ solution?: Solution | null; error?: string }>) =>
        event.data.error === undefined ? resolve(event.data.solution ?? null) : reject(new Error(event.data.error))
      worker.onerror = (event) => reject(new Error(event.message || 'the proof-of-work worker failed'))
      worker.postMessage(challenge)
    })
  } finally {
    worker.terminate()
  }
}

async function fetchChallenge(form: string, fetchImpl: typeof fetch): Promise<Challenge> {
  const response = await fetchImpl(proofOfWorkEndpoint(form), { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
  if (!response.ok) throw new Error(`no proof-of-work challenge: answer ${response.status}`)
  return (await response.json()) as Challenge
}

export function createProofOfWork(form: string, fetchImpl: typeof fetch = (...args) => fetch(...args)): ProofOfWork {
  let pending: { expiresAtMs: number; payload: Promise<string> } | undefined

  function start() {
    const attempt = { expiresAtMs: Number.POSITIVE_INFINITY, payload: Promise.resolve('') }
    attempt.payload = (async () => {
      const challenge = await fetchChallenge(form, fetchImpl)
      attempt.expiresAtMs = (challenge.parameters.expiresAt ?? Number.POSITIVE_INFINITY) * 1000
      const solution = await solveAnywhere(challenge)
      if (!solution) throw new Error('the proof-of-work challenge could not be solved in time')
      return btoa(JSON.stringify({ challenge, solution }))
    })()
    pending = attempt
    // A failure is told to whoever waits for this solution; a failed one is not kept.
    attempt.payload.catch(() => {
      if (pending === attempt) pending = undefined
    })
  }
  const usable = () => pending !== undefined && pending.expiresAtMs - EXPIRY_MARGIN_MS > Date.now()

  return {
    prepare() {
      if (!usable()) start()
    },
    solution() {
      if (!usable()) start()
      return pending!.payload
    },
    spent() {
      pending = undefined
    },
  }
}

import { createHmac, randomInt } from 'node:crypto'
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import type { ClaimStore } from '../queue/claim-store.ts'

/**
 * ALTCHA's proof of work for the forms that ask for it (`altcha: true`): GET /api/altcha/<form>
 * hands out a signed challenge, the page solves it while the visitor types, and the submission
 * carries the solution (its `altcha` key). Checked before anything is queued: signed by this
 * server, for this form, not expired, solved, and never used before (each challenge is claimed
 * for its lifetime, in memory or in Redis, so a solution cannot be replayed on another instance).
 */
export interface ProofOfWorkOptions {
  /** ALTCHA_HMAC_KEY: signs the challenges, so only this server's (or its siblings') are accepted. */
  hmacKey: string
  claims: ClaimStore
  now: () => number
  difficulty?: ProofOfWorkDifficulty
}

/**
 * The work asked of a browser: `counter` PBKDF2 derivations of `cost` iterations each, the counter
 * drawn between its bounds (ALTCHA's deterministic mode: the effort is known, and the server checks
 * a solution with one HMAC instead of redoing the work).
 */
export interface ProofOfWorkDifficulty {
  cost: number
  counterMin: number
  counterMax: number
}

/** About a second on a laptop (a derivation of 1000 iterations takes about 1.3 ms in WebCrypto), a few on an old phone, done while the visitor types. */
const DEFAULT_DIFFICULTY: ProofOfWorkDifficulty = { cost: 1000, counterMin: 400, counterMax: 1200 }
const ALGORITHM = 'PBKDF2/SHA-256'
/** Long enough to fill in a long form; the page asks for a new one when its challenge is about to lapse. */
const CHALLENGE_LIFETIME_MS = 30 * 60_000

/** Why a proof is refused, for the log; the visitor reads the site's texts.form.problemProof whichever it is. */
type ProofRefusal = 'unreadable' | 'expired' | 'used'

export type ProofVerdict = { ok: true; release: () => Promise<void> } | { ok: false; problem: ProofRefusal }

interface SentProof {
  challenge: Challenge
  solution: Solution
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The `altcha` value as the ALTCHA widget sends it: base64 of the JSON { challenge, solution }; anything else is undefined. */
function readProof(sent: unknown): SentProof | undefined {
  if (typeof sent !== 'string') return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(sent, 'base64').toString('utf8'))
  } catch {
    return undefined
  }
  if (!isRecord(parsed) || !isRecord(parsed.challenge) || !isRecord(parsed.solution)) return undefined
  const { parameters, signature } = parsed.challenge
  if (!isRecord(parameters) || typeof signature !== 'string') return undefined
  return parsed as unknown as SentProof
}

export function createProofOfWork({ hmacKey, claims, now, difficulty = DEFAULT_DIFFICULTY }: ProofOfWorkOptions) {
  // A second secret for ALTCHA's key signature, derived so that one setting holds both.
  const keySignatureSecret = createHmac('sha256', hmacKey).update('altcha key signature').digest('hex')

  return {
    /** A new challenge for `form`, valid for CHALLENGE_LIFETIME_MS. */
    challenge: (form: string): Promise<Challenge> =>
      createChallenge({
        algorithm: ALGORITHM,
        cost: difficulty.cost,
        counter: randomInt(difficulty.counterMin, difficulty.counterMax + 1),
        deriveKey,
        data: { form },
        expiresAt: Math.floor((now() + CHALLENGE_LIFETIME_MS) / 1000),
        hmacSignatureSecret: hmacKey,
        hmacKeySignatureSecret: keySignatureSecret,
      }),

    /** Whether `sent` solves an unused challenge of this server for `form`; if so it is now used, unless `release` gives it back. */
    async check(form: string, sent: unknown): Promise<ProofVerdict> {
      const proof = readProof(sent)
      if (!proof || proof.challenge.parameters.data?.form !== form) return { ok: false, problem: 'unreadable' }
      const expiresAt = proof.challenge.parameters.expiresAt
      // On the service's clock as well as the library's (which reads the real one).
      if (typeof expiresAt !== 'number' || expiresAt * 1000 <= now()) return { ok: false, problem: 'expired' }
      const result = await verifySolution({
        challenge: proof.challenge,
        solution: proof.solution,
        deriveKey,
        hmacSignatureSecret: hmacKey,
        hmacKeySignatureSecret: keySignatureSecret,
      }).catch(() => undefined)
      if (result?.expired) return { ok: false, problem: 'expired' }
      if (!result?.verified) return { ok: false, problem: 'unreadable' }
      // Single use: the signature names the challenge; it is remembered as long as the challenge could be sent.
      const key = `altcha:${proof.challenge.signature}`
      if (!(await claims.claim(key, expiresAt * 1000 - now()))) return { ok: false, problem: 'used' }
      return { ok: true, release: () => claims.release(key) }
    },
  }
}

export type ProofOfWork = ReturnType<typeof createProofOfWork>

import { createHash } from 'node:crypto'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import type { EditorAccounts } from '../accounts-file.ts'
import type { StoredPasskey } from './account-factors.ts'
import type { FactorStore } from './factor-store.ts'

/** A person has this long to touch their key or unlock their phone; then the challenge is gone. */
const CHALLENGE_KEEP_MS = 5 * 60_000

export type PasskeyOutcome<T> = { ok: true; value: T } | { ok: false; problem: string }

const refused = (problem: string) => ({ ok: false, problem }) as const
const STALE = 'That passkey request has expired or was already used. Try again.'
const NOT_RECOGNISED = 'That passkey is not one of this editor’s accounts.'

/** The challenge a browser's answer signed, read from its client data; undefined when the answer is not one. */
export function challengeOf(response: unknown): string | undefined {
  const clientData = (response as { response?: { clientDataJSON?: unknown } } | null)?.response?.clientDataJSON
  if (typeof clientData !== 'string' || clientData.length > 4096) return undefined
  try {
    const { challenge } = JSON.parse(Buffer.from(clientData, 'base64url').toString('utf8')) as { challenge?: unknown }
    return typeof challenge === 'string' && challenge.length <= 256 ? challenge : undefined
  } catch {
    return undefined
  }
}

/** The authenticator's user handle: a hash of the name, so the key holds no readable name of ours. */
const userIdOf = (account: string) => new Uint8Array(createHash('sha256').update(`editor-account\0${account}`).digest())

/**
 * Passkeys through @simplewebauthn/server. The relying party is the editor's address
 * (EDITOR_ORIGIN): a passkey made for it is offered by the browser on that site only. Every
 * challenge is random, kept server-side for five minutes, and taken once.
 */
export function passkeys({ origin, store, siteName }: { origin: string; store: FactorStore; siteName: string }) {
  const rpID = new URL(origin).hostname
  const rpName = siteName

  return {
    async registrationOptions(account: string, existing: readonly StoredPasskey[]) {
      const options = await generateRegistrationOptions({
        rpName,
        rpID,
        userName: account,
        userID: userIdOf(account),
        attestationType: 'none',
        excludeCredentials: existing.map(({ id, transports }) => ({ id, ...(transports ? { transports } : {}) })),
        // Discoverable, so that "Sign in with a passkey" needs no name typed first.
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      })
      await store.put(`passkey-registration:${options.challenge}`, account, CHALLENGE_KEEP_MS)
      return options
    },

    async verifyRegistration(account: string, response: unknown, name: string, at: Date): Promise<PasskeyOutcome<StoredPasskey>> {
      const challenge = challengeOf(response)
      if (!challenge) return refused('That is not a passkey’s answer.')
      if ((await store.take(`passkey-registration:${challenge}`)) !== account) return refused(STALE)
      try {
        const result = await verifyRegistrationResponse({
          response: response as RegistrationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: false,
        })
        if (!result.verified) return refused('The passkey could not be checked. Try again.')
        const { credential } = result.registrationInfo
        return {
          ok: true,
          value: {
            id: credential.id,
            publicKey: Buffer.from(credential.publicKey).toString('base64url'),
            counter: credential.counter,
            ...(credential.transports ? { transports: credential.transports } : {}),
            name,
            createdAt: at.toISOString(),
          },
        }
      } catch {
        return refused('The passkey could not be checked. Try again.')
      }
    },

    /** Options for the sign-in page, the challenge bound to this browser's sign-in cookie (`binding`). */
    async signInOptions(binding: string) {
      const options = await generateAuthenticationOptions({ rpID, userVerification: 'preferred' })
      await store.put(`passkey-sign-in:${options.challenge}`, binding, CHALLENGE_KEEP_MS)
      return options
    },

    /** Which account's passkey signed this browser's challenge, with the passkey as it is after use. */
    async verifySignIn(binding: string, response: unknown, accounts: EditorAccounts, at: Date): Promise<PasskeyOutcome<{ account: string; passkey: StoredPasskey }>> {
      const challenge = challengeOf(response)
      if (!challenge) return refused('That is not a passkey’s answer.')
      if ((await store.take(`passkey-sign-in:${challenge}`)) !== binding) return refused(STALE)
      const id = (response as { id?: unknown }).id
      const found = Object.entries(accounts).flatMap(([account, record]) =>
        (record.factors?.passkeys ?? []).filter((passkey) => passkey.id === id).map((passkey) => ({ account, passkey })),
      )[0]
      if (!found) return refused(NOT_RECOGNISED)
      try {
        const result = await verifyAuthenticationResponse({
          response: response as AuthenticationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          credential: { id: found.passkey.id, publicKey: new Uint8Array(Buffer.from(found.passkey.publicKey, 'base64url')), counter: found.passkey.counter },
          requireUserVerification: false,
        })
        if (!result.verified) return refused(NOT_RECOGNISED)
        return { ok: true, value: { account: found.account, passkey: { ...found.passkey, counter: result.authenticationInfo.newCounter, lastUsedAt: at.toISOString() } } }
      } catch {
        return refused('The passkey’s answer could not be checked. Try again.')
      }
    },
  }
}

export type Passkeys = ReturnType<typeof passkeys>

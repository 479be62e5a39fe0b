import { roleAllows, type Role } from '../../../site/editor-roles.ts'

/** A passkey as the account keeps it: only its public key, never anything that signs. */
export interface StoredPasskey {
  /** The credential id (base64url), as the authenticator names it. */
  id: string
  /** The COSE public key, base64url. */
  publicKey: string
  /** The authenticator's signature counter: one that goes back betrays a cloned key. */
  counter: number
  transports?: string[]
  /** The name its owner gave it ("Work laptop"). */
  name: string
  /** ISO 8601. */
  createdAt: string
  lastUsedAt?: string
}

/** An account's second factors, in its record of the accounts file. */
export interface AccountFactors {
  passkeys?: StoredPasskey[]
  /** The authenticator app's shared secret, encrypted with EDITOR_FACTORS_KEY (secret-box.ts). */
  app?: { secret: string; addedAt: string }
  /** SHA-256 of each recovery code not yet used; each is a random code, so a fast hash is enough. */
  recoveryCodes?: string[]
}

/** Whether the password alone does not sign this account in. */
export const hasSecondFactor = (factors: AccountFactors | undefined): boolean => (factors?.passkeys?.length ?? 0) > 0 || factors?.app !== undefined

/** Whether the policy asks this account for a second factor it does not have yet: it may do nothing but add one. */
export const mustAddSecondFactor = (policy: { secondFactorRequired?: boolean }, role: Role, factors: AccountFactors | undefined): boolean =>
  policy.secondFactorRequired === true && roleAllows(role, 'publisher') && !hasSecondFactor(factors)

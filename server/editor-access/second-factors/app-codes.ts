import { Secret, TOTP } from 'otpauth'

/**
 * Codes from an authenticator app (RFC 6238) through otpauth: 6 digits every 30 seconds, HMAC-SHA-1,
 * the one setting every app reads from a QR code. A code one step early or late is taken (a phone's
 * clock drifts); each step's code is taken once (the caller claims it).
 */
const PERIOD_SECONDS = 30
const DRIFT_STEPS = 1

const totp = (secret: string, account = '', issuer = '') =>
  new TOTP({ issuer, label: account, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) })

/** 160 random bits, as RFC 4226 recommends, in the base32 an app takes when typed. */
export const newAppSecret = (): string => new Secret({ size: 20 }).base32

/** The time step a code belongs to, within the allowed drift of `at`; undefined when it is not a code of this secret now. */
export function appCodeStep(secret: string, code: string, at: number): number | undefined {
  const token = code.replace(/\s/g, '')
  if (!/^\d{6}$/.test(token)) return undefined
  const delta = totp(secret).validate({ token, timestamp: at, window: DRIFT_STEPS })
  return delta === null ? undefined : Math.floor(at / 1000 / PERIOD_SECONDS) + delta
}

/** How long a used code must be remembered: until no clock within the drift could take it again. */
export const USED_CODE_KEEP_MS = (2 * DRIFT_STEPS + 1) * PERIOD_SECONDS * 1000

/** What the app scans: the otpauth:// address (the editor draws it as a QR code in the browser, so no QR service sees the secret). */
export function appEnrollment(secret: string, account: string, issuer: string) {
  return { uri: totp(secret, account, issuer).toString() }
}

import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/**
 * scrypt's cost, kept with every hash so it can be raised later: an account made before keeps
 * signing in with the cost it was hashed with, and gets the new one at its next `reset`.
 */
export interface ScryptCost {
  /** CPU and memory cost, a power of two. */
  N: number
  r: number
  p: number
}

/** A stored password: never the password, only what checks it. */
export interface PasswordHash extends ScryptCost {
  algorithm: 'scrypt'
  /** base64 of the account's own random salt. */
  salt: string
  /** base64 of the derived key. */
  hash: string
}

/**
 * One of OWASP's equivalent scrypt settings (N=2^15, r=8, p=3): 32 MB per check rather than the
 * 128 MB of N=2^17, so a burst of sign-ins cannot take the server's memory, at the same work.
 */
export const DEFAULT_SCRYPT_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 3 }
const KEY_BYTES = 64
const SALT_BYTES = 16

/** scrypt needs 128·N·r bytes; Node refuses past `maxmem` (32 MB by default), so allow what the cost asks plus room. */
const memoryFor = ({ N, r }: ScryptCost) => 128 * N * r + 1024 * 1024

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { N: cost.N, r: cost.r, p: cost.p, maxmem: memoryFor(cost) }
  return new Promise((resolve, reject) => scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key))))
}

export async function hashPassword(password: string, cost: ScryptCost = DEFAULT_SCRYPT_COST): Promise<PasswordHash> {
  const salt = randomBytes(SALT_BYTES)
  const key = await derive(password, salt, cost)
  return { algorithm: 'scrypt', N: cost.N, r: cost.r, p: cost.p, salt: salt.toString('base64'), hash: key.toString('base64') }
}

/** Whether `password` is the one `stored` was made from; compared in constant time. */
export async function passwordMatches(password: string, stored: PasswordHash): Promise<boolean> {
  const expected = Buffer.from(stored.hash, 'base64')
  const key = await derive(password, Buffer.from(stored.salt, 'base64'), stored)
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/**
 * A hash no password matches in practice, made with the accounts' cost: checked when the name is
 * unknown, so an unknown account takes as long to refuse as a wrong password.
 */
export function dummyHash(cost: ScryptCost): Promise<PasswordHash> {
  return hashPassword(randomBytes(32).toString('base64'), cost)
}

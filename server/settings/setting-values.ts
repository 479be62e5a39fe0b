import { resolve } from 'node:path'
import addressparser from 'nodemailer/lib/addressparser'

/**
 * How a setting's text becomes a value. Each reader throws a SettingProblem that says what the
 * value must be, so a mistake reads as one line: `PORT="abc": must be a whole number …`. A value
 * taken with a caveat is told through `notice`, which reads the same way without the colon:
 * `EDITOR="vim" is not on or off …`.
 */
export class SettingProblem extends Error {}

export type ReadValue<T> = (raw: string, notice: (caveat: string) => void) => T

export function wholeNumber({ min = 0, max = Number.MAX_SAFE_INTEGER }: { min?: number; max?: number } = {}): ReadValue<number> {
  return (raw) => {
    const value = Number(raw)
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
      const range = max === Number.MAX_SAFE_INTEGER ? `of ${min} or more` : `from ${min} to ${max}`
      throw new SettingProblem(`must be a whole number ${range}`)
    }
    return value
  }
}

/** "0" or "1", as every switch of the server is written. */
export const onOff: ReadValue<boolean> = (raw) => {
  if (raw !== '0' && raw !== '1') throw new SettingProblem('must be 0 (off) or 1 (on)')
  return raw === '1'
}

export const oneOf =
  <T extends string>(choices: readonly T[]): ReadValue<T> =>
  (raw) => {
    if (!(choices as readonly string[]).includes(raw)) throw new SettingProblem(`must be one of ${choices.join(', ')}`)
    return raw as T
  }

export const text: ReadValue<string> = (raw) => raw

/** A file or folder, relative to where the server starts. */
export const localPath: ReadValue<string> = (raw) => resolve(raw)

/**
 * EDITOR: `on` or `off` (`1`, `0`), any case. Shells set EDITOR to the text editor (vi, nano): such
 * a value leaves the visual editor off, with a notice, rather than stopping the server.
 */
export const editorSwitch: ReadValue<boolean> = (raw, notice) => {
  const word = raw.toLowerCase()
  if (!['on', 'off', '1', '0'].includes(word)) notice("is not on or off (a shell's text editor?): the visual editor stays off; set EDITOR=on to serve it")
  return word === 'on' || word === '1'
}

/** A token shorter than this can be guessed by trying; `openssl rand -hex 32` makes a good one. */
const MIN_TOKEN_LENGTH = 16
const TOO_SHORT = `use at least ${MIN_TOKEN_LENGTH} characters, e.g. the output of \`openssl rand -hex 32\``

/** A signing key: long enough not to be guessed. */
export const secretKey: ReadValue<string> = (raw) => {
  if (raw.length < MIN_TOKEN_LENGTH) throw new SettingProblem(TOO_SHORT)
  return raw
}

/** The characters a bearer token may hold in an Authorization header (RFC 6750's token68). */
const TOKEN_CHARACTERS = /^[\w.~+/-]+=*$/

/** A signing key that also travels in an `Authorization: Bearer` header. */
export const bearerToken: ReadValue<string> = (raw, notice) => {
  secretKey(raw, notice)
  if (!TOKEN_CHARACTERS.test(raw)) throw new SettingProblem('use letters, digits and - . _ ~ + / only, e.g. the output of `openssl rand -hex 32`')
  return raw
}

/** A URL whose scheme is one of `schemes` (with the colon, as URL.protocol has it). */
export const urlOf =
  (schemes: string[], example: string): ReadValue<string> =>
  (raw) => {
    let url: URL
    try {
      url = new URL(raw)
    } catch {
      throw new SettingProblem(`is not a URL; write it like ${example}`)
    }
    if (!schemes.includes(url.protocol)) throw new SettingProblem(`must start with ${schemes.map((scheme) => `${scheme}//`).join(' or ')}, like ${example}`)
    if (!url.hostname) throw new SettingProblem(`names no host; write it like ${example}`)
    return raw
  }

const MAILBOX = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/

/** Mail addresses as a mail program takes them, `forms@example.com` or `Website <forms@example.com>`, comma-separated. */
export const mailboxes: ReadValue<string[]> = (raw) => {
  const parts = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  for (const part of parts) {
    const [parsed] = addressparser(part)
    const address = parsed && 'address' in parsed ? parsed.address : undefined
    if (!address || !MAILBOX.test(address)) throw new SettingProblem(`"${part}" is not a mail address; write addresses like forms@example.com, separated by commas`)
  }
  return parts
}

/** One mailbox, e.g. the sender. */
export const mailbox: ReadValue<string> = (raw, notice) => {
  const parts = mailboxes(raw, notice)
  if (parts.length !== 1) throw new SettingProblem('must be one mail address, like Website forms <forms@example.com>')
  return parts[0]!
}

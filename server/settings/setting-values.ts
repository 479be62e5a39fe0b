import { resolve } from 'node:path'
import addressparser from 'nodemailer/lib/addressparser'

/**
 * How a setting's text becomes a value. Each reader throws a SettingProblem that says what the
 * value must be, so a mistake reads as one line: `PORT="abc": must be a whole number …`.
 */
export class SettingProblem extends Error {}

export type ReadValue<T> = (raw: string) => T

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

/** A folder, relative to where the server starts. */
export const folder: ReadValue<string> = (raw) => resolve(raw)

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
export const mailbox: ReadValue<string> = (raw) => {
  const parts = mailboxes(raw)
  if (parts.length !== 1) throw new SettingProblem('must be one mail address, like Website forms <forms@example.com>')
  return parts[0]!
}

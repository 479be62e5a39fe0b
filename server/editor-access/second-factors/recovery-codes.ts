import { createHash, randomInt } from 'node:crypto'

/** Ten, as GitHub and Google give: enough for years of a lost phone or two. */
const RECOVERY_CODE_COUNT = 10
/** Without 0/O, 1/I/L: read off paper without doubt. 10 of 31 letters ≈ 50 bits each, beyond guessing through the throttle. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'

const normalized = (code: string) => code.toUpperCase().replace(/[^0-9A-Z]/g, '')

/** What the account keeps of a code: its hash only, so the file shows none of them. */
export const recoveryCodeHash = (code: string) => createHash('sha256').update(normalized(code)).digest('base64url')

/** New codes to show once (`ABCDE-FGHJK`), and their hashes to keep. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const letters = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')
    return `${letters.slice(0, 5)}-${letters.slice(5)}`
  })
  return { codes, hashes: codes.map(recoveryCodeHash) }
}

/** Whether the text typed has the shape of a recovery code rather than an app's six digits. */
export const looksLikeRecoveryCode = (text: string) => normalized(text).length === 10 && !/^\d+$/.test(normalized(text))

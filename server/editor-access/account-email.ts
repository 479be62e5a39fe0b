import { fullFormats } from 'ajv-formats/dist/formats.js'

/** RFC 5321's longest path (256) without its angle brackets; a longer value is no one's address. */
const LONGEST_ADDRESS = 254

/**
 * An account's e-mail address as typed (in the browser or on the command line): trimmed, and an
 * empty one clears it. One plain address only, as ajv-formats' `email` format reads one: the
 * editor's mail goes to it, and a comma or a display name would let one field name several
 * recipients.
 */
export function parseAccountEmail(typed: string): { email: string | undefined } | { problem: string } {
  const email = typed.trim()
  if (!email) return { email: undefined }
  if (email.length > LONGEST_ADDRESS) return { problem: `The e-mail address is too long: an address has at most ${LONGEST_ADDRESS} characters. Nothing was changed.` }
  if (!(fullFormats.email as RegExp).test(email))
    return { problem: `"${email}" is not an e-mail address: write one address, like name@example.com, with no name or comma around it. Nothing was changed.` }
  return { email }
}

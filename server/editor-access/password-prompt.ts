import { text } from 'node:stream/consumers'

/** Thrown when the person at the terminal gives up (Ctrl-C, Ctrl-D). */
export class PromptCancelled extends Error {}

/**
 * Reads one line from the terminal without showing it: raw mode, so nothing is echoed, not even a
 * star per character (which would tell an onlooker the length). Backspace works.
 */
function readHidden(prompt: string): Promise<string> {
  const input = process.stdin
  process.stderr.write(prompt)
  input.setRawMode(true)
  input.resume()
  input.setEncoding('utf8')
  let typed = ''
  return new Promise((resolve, reject) => {
    const finish = (error?: Error) => {
      input.off('data', onData)
      input.setRawMode(false)
      input.pause()
      process.stderr.write('\n')
      if (error) reject(error)
      else resolve(typed)
    }
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n') return finish()
        if (character === '\u0003' || character === '\u0004') return finish(new PromptCancelled('cancelled'))
        if (character === '\u007f' || character === '\b') typed = [...typed].slice(0, -1).join('')
        else if (character >= ' ') typed += character
      }
    }
    input.on('data', onData)
  })
}

/**
 * The new password: asked twice at a terminal (a typo would lock the account's owner out), or the
 * first line of standard input when it is not a terminal (a script, `< file`, a password manager's pipe).
 */
export async function readNewPassword(account: string): Promise<{ password: string } | { problem: string }> {
  if (!process.stdin.isTTY) {
    const [line = ''] = (await text(process.stdin)).split('\n')
    return { password: line.replace(/\r$/, '') }
  }
  const password = await readHidden(`New password for ${account}: `)
  const again = await readHidden('The same password again: ')
  return password === again ? { password } : { problem: 'The two passwords differ; nothing was changed.' }
}

import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

/**
 * The authenticator apps' secrets are encrypted at rest (AES-256-GCM) with a key from the
 * environment (EDITOR_FACTORS_KEY), not kept beside them: a copy of the accounts file (a backup,
 * a mistaken chmod) then yields no code generator. Passkeys need no such key (the file holds only
 * their public keys), nor do recovery codes (only their hashes).
 */
export function secretBox(keyText: string) {
  const key = createHash('sha256').update(keyText).digest()
  return {
    seal(secret: string): string {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
      return ['v1', iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.')
    },
    /** Throws when the key is not the one it was sealed with. */
    open(sealed: string): string {
      const [version, iv, tag, data] = sealed.split('.')
      if (version !== 'v1' || !iv || !tag || !data) throw new Error('not a sealed secret')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')
    },
  }
}

export type SecretBox = ReturnType<typeof secretBox>

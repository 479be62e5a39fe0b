// @vitest-environment node
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { OutboxMessage } from '../../server/queue/outbox-message.ts'
import { messageFileContent, parseMessageFile } from '../../server/disk/message-file.ts'

const base: OutboxMessage = {
  version: 1,
  id: 'career-abc-123',
  form: 'career',
  receivedAt: '2026-01-02T03:04:05.000Z',
  fields: { name: 'Aśha Rôy 😀', email: 'asha@example.org', phone: '+91 1', position: 'Job Application', resume: 'cv.pdf' },
}
const withResume = (content: Buffer): OutboxMessage => ({
  ...base,
  resume: { fileName: 'resume-asha-roy.pdf', contentType: 'application/pdf', originalName: 'C:\\"odd" name.pdf', contentBase64: content.toString('base64') },
})
const written = (message: OutboxMessage) => Buffer.from([...messageFileContent(message)].join(''))

describe('a message file: written in pieces, read back without parsing the résumé as JSON', () => {
  it.each([0, 1, 2, 3, 48 * 1024, 48 * 1024 + 1, 300_000])('keeps a résumé of %i bytes byte for byte, and the file is plain JSON of the same message', (size) => {
    const message = withResume(randomBytes(size))
    const file = written(message)
    expect(JSON.parse(file.toString('utf8'))).toEqual(message)
    expect(parseMessageFile(file)).toEqual(message)
  })

  it('reads a message without a résumé, and one written whole by JSON.stringify (an earlier version)', () => {
    expect(parseMessageFile(written(base))).toEqual(base)
    const earlier = withResume(randomBytes(1000))
    expect(parseMessageFile(Buffer.from(JSON.stringify(earlier)))).toEqual(earlier)
  })

  it('is not fooled by a visitor who types the résumé key into a field', () => {
    const tricky: OutboxMessage = { ...base, fields: { ...base.fields, name: 'x","resume":{"contentBase64":"QUFB"}}' } }
    expect(parseMessageFile(written(tricky))).toEqual(tricky)
    const trickyWithResume = { ...withResume(randomBytes(100)), fields: tricky.fields }
    expect(parseMessageFile(written(trickyWithResume))).toEqual(trickyWithResume)
  })
})

// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { cleanUpAfterEachTest, formsTestApp, pendingMessages, resumeBytes, temporaryDir, TEST_API_KEY, validPayloads } from './support/forms-test-app.ts'
import { docFile, docxFile, pdfFile, pngFile, xlsxFile } from './support/resume-files.ts'

cleanUpAfterEachTest()

const { resume: _fileName, ...careerFields } = validPayloads.career

async function upload(file: Buffer | undefined, fileName: string) {
  const outboxDir = await temporaryDir()
  const { http } = formsTestApp({ outboxDir })
  const call = http.post('/api/career').set('x-api-key', TEST_API_KEY).field(careerFields)
  const response = await (file ? call.attach('resume', file, fileName) : call)
  return { response, pending: await pendingMessages(outboxDir) }
}

describe('the resume upload (multipart/form-data)', () => {
  it.each([
    ['PDF', pdfFile(), 'Asha CV.pdf', 'resume-asha-roy.pdf', 'application/pdf'],
    ['DOC', docFile(), 'asha.DOC', 'resume-asha-roy.doc', 'application/msword'],
    ['DOCX', docxFile(), 'asha.docx', 'resume-asha-roy.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ])('accepts a real %s and stores it byte for byte under a safe name', async (_kind, file, name, safeName, type) => {
    const { response, pending } = await upload(file, name)

    expect(response.status).toBe(200)
    expect(response.body.message).toBe("Application submitted successfully! We'll review your application and get back to you soon.")
    const [stored] = pending
    expect(stored?.fields).toEqual({ ...careerFields, resume: name })
    expect(stored?.resume).toMatchObject({ fileName: safeName, contentType: type, originalName: name })
    expect((await resumeBytes(stored))?.equals(file)).toBe(true)
  })

  it.each([
    ['a PNG named .pdf', pngFile(), 'cv.pdf'],
    ['a spreadsheet named .docx', xlsxFile(), 'cv.docx'],
    ['an OLE2 file that is not a Word document named .doc', docFile('Workbook'), 'cv.doc'],
    ['plain text named .doc', Buffer.from('just text, not a document'), 'cv.doc'],
  ])('refuses %s, naming the resume field', async (_case, file, name) => {
    const { response, pending } = await upload(file, name)
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ success: false, error: 'invalid_fields', data: { fields: ['resume'] } })
    expect(response.body.data.problems.resume).toMatch(/^Resume: the file is named \.\w+ but its content is not a PDF, DOC, DOCX document$/)
    expect(pending).toHaveLength(0)
  })

  it('refuses a PDF under a name that is not .pdf, .doc or .docx', async () => {
    const { response } = await upload(pdfFile(), 'cv.exe')
    expect(response.status).toBe(400)
    expect(response.body.data.fields).toEqual(['resume'])
  })

  it('takes a résumé of exactly 5 MB (5,242,880 bytes): "at most 5 MB", as the browser checks it', async () => {
    const exactly = Buffer.concat([pdfFile(), Buffer.alloc(5 * 1024 * 1024 - pdfFile().length)])
    expect(exactly.length).toBe(5_242_880)
    const { response, pending } = await upload(exactly, 'cv.pdf')
    expect(response.status).toBe(200)
    expect((await resumeBytes(pending[0]))?.equals(exactly)).toBe(true)
  })

  it.each([
    ['one byte over 5 MB (found while reading)', 5 * 1024 * 1024 + 1],
    ['far over 5 MB (refused from its Content-Length)', 7 * 1024 * 1024],
  ])('refuses a file %s with 413', async (_case, size) => {
    const big = Buffer.concat([pdfFile(), Buffer.alloc(size - pdfFile().length)])
    const { response, pending } = await upload(big, 'cv.pdf')
    expect(response.status).toBe(413)
    expect(response.body).toMatchObject({ success: false, error: 'file_too_large' })
    expect(response.body.message).toContain('5 MB')
    expect(pending).toHaveLength(0)
  })

  it('asks for the resume when the form comes without a file, or with the empty part of an empty file input', async () => {
    const missing = await upload(undefined, '')
    expect(missing.response.status).toBe(400)
    expect(missing.response.body.data.problems).toEqual({ resume: 'Resume is required' })

    const empty = await upload(Buffer.alloc(0), '')
    expect(empty.response.status).toBe(400)
    expect(empty.response.body.data.fields).toEqual(['resume'])
  })

  it('names the wrong fields and the wrong file together', async () => {
    const outboxDir = await temporaryDir()
    const { http } = formsTestApp({ outboxDir })
    const response = await http
      .post('/api/career')
      .set('x-api-key', TEST_API_KEY)
      .field({ ...careerFields, email: 'not-an-address' })
      .attach('resume', pngFile(), 'cv.pdf')
    expect(response.status).toBe(400)
    expect(response.body.data.fields).toEqual(['email', 'resume'])
  })

  it('refuses a second file', async () => {
    const outboxDir = await temporaryDir()
    const { http } = formsTestApp({ outboxDir })
    const response = await http.post('/api/career').set('x-api-key', TEST_API_KEY).field(careerFields).attach('resume', pdfFile(), 'a.pdf').attach('resume', pdfFile(), 'b.pdf')
    expect(response.status).toBe(400)
    expect(await pendingMessages(outboxDir)).toHaveLength(0)
  })
})

describe('the JSON career call, which names the file without sending it', () => {
  it('is accepted and stored without an attachment', async () => {
    const outboxDir = await temporaryDir()
    const { http } = formsTestApp({ outboxDir })
    const response = await http.post('/api/career').set('x-api-key', TEST_API_KEY).send(validPayloads.career)
    expect(response.status).toBe(200)
    const [stored] = await pendingMessages(outboxDir)
    expect(stored?.fields.resume).toBe('asha-roy-cv.pdf')
    expect(stored?.resume).toBeUndefined()
  })
})

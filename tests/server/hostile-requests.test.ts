// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { TEST_API_KEY, validPayloads } from './support/forms-test-app.ts'
import { liveServerForFile } from './support/live-server.ts'
import { httpRequest, rawRequest } from './support/raw-http.ts'
import { waitFor } from './support/smtp-test-server.ts'

const server = liveServerForFile()

const healthy = async () => (await rawRequest(server().port, httpRequest('GET', '/health', {})))?.status

const BOUNDARY = 'XyZ'
const multipart = (body: string) => httpRequest('POST', '/api/career', { 'x-api-key': TEST_API_KEY, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` }, body)
const filePart = (field: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 trunc`

describe('a multipart body that ends inside a file part', () => {
  it.each(['resume', 'photo'])('(field "%s") is answered 400 and the server keeps serving', async (field) => {
    const body = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nA\r\n${filePart(field)}`
    const answer = await rawRequest(server().port, multipart(body))
    expect(answer?.status).toBe(400)
    expect(JSON.parse(answer?.body ?? '{}')).toMatchObject({ success: false, error: 'malformed_multipart' })
    expect(await healthy()).toBe(200)
  })
})

describe('a client that goes away', () => {
  it('mid-upload is logged as the client leaving, not as a server error', async () => {
    const head = multipart(filePart('resume'))
      .toString('latin1')
      .replace(/Content-Length: \d+/, 'Content-Length: 100000')
    // The declared length never arrives: the socket closes first.
    await rawRequest(server().port, head, 300)
    await waitFor(() => /client went away/.test(server().logs.join('\n')))
    expect(server().logs.join('\n')).not.toMatch(/internal error|answered 500|Error: aborted/)
    expect(await healthy()).toBe(200)
  })

  it('while waiting behind the same Idempotency-Key does not wedge that key', async () => {
    const key = `wedge-${Date.now()}`
    const headers = { 'x-api-key': TEST_API_KEY, 'Content-Type': 'application/json', 'Idempotency-Key': key }
    // A: announces a body and sends it late (and broken); B: same key, gives up while A is still reading.
    const slowA = httpRequest('POST', '/api/contact', headers, '{"broken json').toString('latin1')
    const headOfA = slowA.slice(0, slowA.indexOf('\r\n\r\n') + 4)
    const net = await import('node:net')
    const socketA = net.connect(server().port, '127.0.0.1')
    socketA.write(headOfA)
    await new Promise((resolve) => setTimeout(resolve, 100))
    await rawRequest(server().port, httpRequest('POST', '/api/contact', headers, JSON.stringify(validPayloads.contact)), 100)
    socketA.end('{"broken json')
    await new Promise((resolve) => setTimeout(resolve, 200))
    socketA.destroy()

    const answer = await rawRequest(server().port, httpRequest('POST', '/api/contact', headers, JSON.stringify(validPayloads.contact)), 3000)
    expect(answer?.status).toBe(200)
  })
})

describe('single-line fields', () => {
  it.each([
    ['contact', 'name', 'Asha Roy\nE-mail: boss@example.org'],
    ['contact', 'phone', '+91 98300\r12345'],
    ['quote', 'company', 'Roy\u0000Logistics'],
    ['quote', 'name', 'Asha\u2028Roy'],
    ['career', 'position', 'Job\tApplication'],
  ] as const)('%s: a %s with a control character is refused with a 400 naming the field', async (form, field, value) => {
    const payload = { ...validPayloads[form], [field]: value }
    const answer = await rawRequest(server().port, httpRequest('POST', `/api/${form}`, { 'x-api-key': TEST_API_KEY, 'Content-Type': 'application/json' }, JSON.stringify(payload)))
    expect(answer?.status).toBe(400)
    const body = JSON.parse(answer?.body ?? '{}') as { message: string; data: { fields: string[]; problems: Record<string, string> } }
    expect(body.data.fields).toEqual([field])
    expect(body.data.problems[field]).toMatch(/ must be a single line, without line breaks or control characters$/)
  })

  it('the message keeps its line breaks', async () => {
    const payload = { ...validPayloads.contact, message: 'Line one\nLine two\r\n\tIndented' }
    const answer = await rawRequest(server().port, httpRequest('POST', '/api/contact', { 'x-api-key': TEST_API_KEY, 'Content-Type': 'application/json' }, JSON.stringify(payload)))
    expect(answer?.status).toBe(200)
  })
})

describe('methods on pages', () => {
  it.each(['PUT', 'DELETE', 'PATCH', 'POST'])('%s on a page is 405 with Allow: GET, HEAD', async (method) => {
    const answer = await rawRequest(server().port, httpRequest(method, '/about', {}))
    expect(answer?.status).toBe(405)
    expect(answer?.headers.allow).toBe('GET, HEAD')
  })

  it('OPTIONS on a page is 204 with Allow', async () => {
    const answer = await rawRequest(server().port, httpRequest('OPTIONS', '/about', {}))
    expect(answer?.status).toBe(204)
    expect(answer?.headers.allow).toBe('GET, HEAD')
  })

  it('OPTIONS on a form endpoint is 204 with Allow: POST; GET there is 405', async () => {
    const options = await rawRequest(server().port, httpRequest('OPTIONS', '/api/contact', {}))
    expect(options?.status).toBe(204)
    expect(options?.headers.allow).toContain('POST')
    const get = await rawRequest(server().port, httpRequest('GET', '/api/contact', {}))
    expect(get?.status).toBe(405)
    expect(JSON.parse(get?.body ?? '{}')).toMatchObject({ success: false, error: 'method_not_allowed' })
  })

  it('an unknown address is still 404 for any method', async () => {
    expect((await rawRequest(server().port, httpRequest('DELETE', '/no-such-page', {})))?.status).toBe(404)
  })
})

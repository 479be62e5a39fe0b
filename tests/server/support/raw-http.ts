import http from 'node:http'
import net from 'node:net'

export interface RawAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

/**
 * Send bytes exactly as given over a fresh socket (no client library to tidy them up) and read
 * the answer until the server closes the connection or `timeoutMs` passes. Resolves with
 * `undefined` when nothing parseable came back in time: a hang, from the client's side.
 */
export function rawRequest(port: number, bytes: Buffer | string, timeoutMs = 5000): Promise<RawAnswer | undefined> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    const finish = () => {
      clearTimeout(timer)
      socket.destroy()
      resolve(parseAnswer(Buffer.concat(chunks)))
    }
    const timer = setTimeout(finish, timeoutMs)
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      // One answer is all we ask for; stop as soon as it is complete.
      const answer = parseAnswer(Buffer.concat(chunks))
      if (answer && answer.bodyBytes >= Number(answer.headers['content-length'])) finish()
    })
    socket.on('error', finish)
    socket.on('close', finish)
    socket.write(bytes)
  })
}

/**
 * POSTs `pieces` copies of `piece` in chunked encoding, so the body declares no length and only
 * grows, and resolves with the status of the answer. The server may close the connection once it
 * has answered: what counts is the answer.
 */
export function statusOfGrowingBody(url: string, headers: http.OutgoingHttpHeaders, piece: Buffer, pieces: number): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const call = http.request(url, { method: 'POST', headers: { ...headers, 'Transfer-Encoding': 'chunked' } })
    call.on('response', (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    })
    call.on('error', reject)
    const send = (left: number): void => {
      if (left === 0) return void call.end()
      if (call.write(piece)) send(left - 1)
      else call.once('drain', () => send(left - 1))
    }
    send(pieces)
  })
}

function parseAnswer(raw: Buffer): (RawAnswer & { bodyBytes: number }) | undefined {
  const text = raw.toString('latin1')
  const end = text.indexOf('\r\n\r\n')
  if (end < 0) return undefined
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n')
  const status = Number(statusLine.split(' ')[1])
  if (!Number.isInteger(status)) return undefined
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]))
  const body = raw.subarray(end + 4) // latin1 maps bytes to characters one to one
  return { status, headers, body: body.toString('utf8'), bodyBytes: body.length }
}

/** An HTTP/1.1 request with a correct Content-Length, whatever the body holds; to 127.0.0.1 unless `headers` name a Host. */
export function httpRequest(method: string, path: string, headers: Record<string, string>, body: Buffer | string = ''): Buffer {
  const content = Buffer.isBuffer(body) ? body : Buffer.from(body)
  const head = [
    `${method} ${path} HTTP/1.1`,
    // A server that checks the Origin of a change against its Host needs the port in it too.
    ...(Object.keys(headers).some((name) => name.toLowerCase() === 'host') ? [] : ['Host: 127.0.0.1']),
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    `Content-Length: ${content.length}`,
    '',
    '',
  ].join('\r\n')
  return Buffer.concat([Buffer.from(head, 'latin1'), content])
}

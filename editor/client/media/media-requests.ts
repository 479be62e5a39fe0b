import type { Library, LibraryImage } from '../../server/media/media-library'
import type { PictureKind } from '../../server/media/picture-kinds'
import { editorFetch } from '../api/session'

export type { Library, LibraryImage }

const base = '/_editor/api/media'

/** An answer of the media API: what it did, or its refusal in words for the author. */
export type MediaAnswer<T> = ({ ok: true } & T) | { ok: false; message: string }

async function answerOf<T>(response: Response): Promise<MediaAnswer<T>> {
  const body = (await response.json().catch(() => ({ message: `The server answered ${response.status}; see its log.` }))) as T & { message?: string }
  return response.ok ? { ok: true, ...body } : { ok: false, message: body.message ?? `The server answered ${response.status}.` }
}

export async function loadLibrary(): Promise<Library> {
  const response = await editorFetch(base)
  if (!response.ok) throw new Error(`Loading the pictures failed: ${response.status} ${await response.text()}`)
  return (await response.json()) as Library
}

/** Sends the file as it is; the server reads its type from its bytes and names it after `file.name`. */
export async function uploadPicture(file: File, folder: string, kind: PictureKind): Promise<MediaAnswer<{ image: LibraryImage; notes: string[] }>> {
  const query = new URLSearchParams({ folder, kind, name: file.name })
  return answerOf(await editorFetch(`${base}/upload?${query}`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: file }))
}

/** Asks the server to delete a picture; it checks the unsaved config sent here and the saved file. */
export async function deletePicture(src: string, config: unknown): Promise<MediaAnswer<{ deleted: string }>> {
  return answerOf(await editorFetch(`${base}/delete`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ src, config }) }))
}

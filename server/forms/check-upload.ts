import { createReadStream } from 'node:fs'
import { extname } from 'node:path'
import { fileTypeFromFile } from 'file-type'
import type { FileFieldDefinition } from './form-definitions.ts'
import type { UploadedFile } from './read-multipart-body.ts'
import { FILE_KINDS, fileNamePattern, isFileKind, type FileKind } from '../../site/form-rules.ts'
import { fileContentSentence, problemSentence, type FormProblemWords } from '../../site/form-words.ts'

export interface CheckedUpload {
  /** The ending the file is attached under: its content's, not its name's. */
  kind: FileKind
  /** From the bytes, never from what the browser claimed. */
  contentType: string
}

/**
 * file-type reports a .doc only as "cfb" (an OLE2 compound file, also used by .xls, .msi, ...).
 * A Word 97-2003 document always has a directory entry for its "WordDocument" stream, with the
 * name stored in UTF-16LE; finding it tells a Word file from other OLE2 files.
 */
const WORD_STREAM_NAME = Buffer.from('WordDocument', 'utf16le')

/** Whether the file holds `needle` anywhere, read a chunk at a time (a match may span two chunks). */
async function fileContains(path: string, needle: Buffer): Promise<boolean> {
  let tail = Buffer.alloc(0)
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    const window = Buffer.concat([tail, chunk])
    if (window.includes(needle)) return true
    tail = window.subarray(Math.max(0, window.length - needle.length + 1))
  }
  return false
}

/** What the bytes are, in the endings a field declares (jpg and jpeg are one kind). */
async function kindsFromContent(path: string): Promise<FileKind[]> {
  const detected = await fileTypeFromFile(path)
  if (detected?.ext === 'cfb') return (await fileContains(path, WORD_STREAM_NAME)) ? ['doc'] : []
  if (detected?.ext === 'jpg') return ['jpg', 'jpeg']
  // file-type reads a zip's [Content_Types].xml or mimetype: "docx" or "odt" means it really is that document.
  return detected && isFileKind(detected.ext) ? [detected.ext] : []
}

/**
 * Both the name's ending and the content (read from the file it was written to) must be among the field's kinds. A .doc that is really a
 * DOCX (renamed by hand) is still taken: it is attached under the ending of its content.
 */
export async function checkUpload(file: UploadedFile, field: FileFieldDefinition, words: FormProblemWords): Promise<CheckedUpload | { problem: string }> {
  const claimed = extname(file.fileName).slice(1).toLowerCase()
  if (!field.endings.includes(claimed)) return { problem: problemSentence(words, field.label, { keyword: 'pattern', pattern: fileNamePattern(field.endings) }) }
  const actual = (await kindsFromContent(file.path)).find((kind) => field.endings.includes(kind))
  if (!actual) return { problem: fileContentSentence(words, field.label, claimed, field.endings) }
  return { kind: actual, contentType: FILE_KINDS[actual] }
}

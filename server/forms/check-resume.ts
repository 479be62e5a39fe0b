import { extname } from 'node:path'
import { fileTypeFromBuffer } from 'file-type'
import type { UploadedFile } from './read-multipart-body.ts'
import { isResumeKind, RESUME_PROBLEMS, type ResumeKind } from '../../site/form-rules.ts'

export interface CheckedResume {
  kind: ResumeKind
  /** From the bytes, never from what the browser claimed. */
  contentType: string
}

export const CONTENT_TYPES: Record<ResumeKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
}

/**
 * file-type reports a .doc only as "cfb" (an OLE2 compound file, also used by .xls, .msi, ...).
 * A Word 97-2003 document always has a directory entry for its "WordDocument" stream, with the
 * name stored in UTF-16LE; finding it tells a Word file from other OLE2 files.
 */
const WORD_STREAM_NAME = Buffer.from('WordDocument', 'utf16le')

async function kindFromContent(content: Buffer): Promise<ResumeKind | undefined> {
  const detected = await fileTypeFromBuffer(content)
  if (detected?.ext === 'pdf') return 'pdf'
  // file-type reads the zip's [Content_Types].xml: "docx" means it really is a Word document.
  if (detected?.ext === 'docx') return 'docx'
  if (detected?.ext === 'cfb' && content.includes(WORD_STREAM_NAME)) return 'doc'
  return undefined
}

/**
 * Both the name's extension and the content must be PDF, DOC or DOCX. A .doc that is really a
 * DOCX (renamed by hand) is still a resume: it is attached under the extension of its content.
 */
export async function checkResume(file: UploadedFile): Promise<CheckedResume | { problem: string }> {
  const claimed = extname(file.fileName).slice(1).toLowerCase()
  if (!isResumeKind(claimed)) return { problem: RESUME_PROBLEMS.wrongName }
  const actual = await kindFromContent(file.content)
  if (!actual) return { problem: RESUME_PROBLEMS.wrongContent(claimed) }
  return { kind: actual, contentType: CONTENT_TYPES[actual] }
}

import { crc32 } from 'node:zlib'

/**
 * Small but real-format files for the resume checks: the server reads their leading bytes (and,
 * for a zip, its [Content_Types].xml), so each one has just enough structure to be what it says.
 */

export const pdfFile = (): Buffer => Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')

/** An OLE2 compound file whose directory names a "WordDocument" stream, as every .doc has. */
export function docFile(streamName = 'WordDocument'): Buffer {
  const file = Buffer.alloc(2048)
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(file, 0)
  Buffer.from('Root Entry', 'utf16le').copy(file, 512)
  Buffer.from(streamName, 'utf16le').copy(file, 640)
  return file
}

export const pngFile = (): Buffer =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from([0, 0, 0, 13]),
    Buffer.from('IHDR'),
    Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0, 0x90, 0x77, 0x53, 0xde]),
  ])

/**
 * The run of fields an entry's local header and its directory entry share, from `at`: CRC-32,
 * compressed and uncompressed size (equal: the data is stored) and the name's length.
 */
function writeEntryFields(header: Buffer, at: number, nameBytes: Buffer, data: Buffer): void {
  header.writeUInt32LE(crc32(data), at)
  header.writeUInt32LE(data.length, at + 4)
  header.writeUInt32LE(data.length, at + 8)
  header.writeUInt16LE(nameBytes.length, at + 12)
}

/** A zip with stored (uncompressed) entries; enough for file-type to read the Office content types. */
function zipFile(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name)
    const data = Buffer.from(text)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    writeEntryFields(local, 14, nameBytes, data)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    writeEntryFields(central, 16, nameBytes, data)
    central.writeUInt32LE(offset, 42)
    locals.push(local, nameBytes, data)
    centrals.push(central, nameBytes)
    offset += local.length + nameBytes.length + data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(Object.keys(entries).length, 8)
  end.writeUInt16LE(Object.keys(entries).length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

const contentTypes = (mainPart: string, mainType: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="${mainPart}" ContentType="${mainType}"/>
</Types>`

export const docxFile = (): Buffer =>
  zipFile({
    '[Content_Types].xml': contentTypes('/word/document.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'),
    'word/document.xml': '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
  })

/** A real Office zip, but a spreadsheet: named .docx it must still be refused. */
export const xlsxFile = (): Buffer =>
  zipFile({
    '[Content_Types].xml': contentTypes('/xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'),
    'xl/workbook.xml': '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>',
  })

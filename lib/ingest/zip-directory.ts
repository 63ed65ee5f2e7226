// The central directory of a zip archive (at its tail), read without inflating anything: what
// detection needs (is word/document.xml listed?) and what the DOCX budget checks entry by entry.

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; anything else is not a DOCX any Office program writes. */
  method: number;
  compressedSize: number;
  /** As the archive declares it; a zip bomb may lie, so the inflated bytes are counted too. */
  declaredSize: number;
  /** Offset of the entry's local header, where its data follows. */
  localHeader: number;
}

const ZIP_LOCAL_HEADER = 0x04034b50;
const ZIP_END_OF_DIRECTORY = 0x06054b50;
const ZIP_DIRECTORY_ENTRY = 0x02014b50;
const ZIP_EOCD_MIN = 22;
const ZIP_COMMENT_MAX = 0xffff;
const LOCAL_HEADER_SIZE = 30;
const DIRECTORY_ENTRY_SIZE = 46;

const utf8 = new TextDecoder();

/** The entries, or undefined when the bytes are not a zip archive with a readable directory. */
export function zipDirectory(bytes: Uint8Array): ZipEntry[] | undefined {
  if (bytes.length < ZIP_EOCD_MIN) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== ZIP_LOCAL_HEADER) return undefined;
  const lowest = Math.max(0, bytes.length - ZIP_EOCD_MIN - ZIP_COMMENT_MAX);
  let eocd = -1;
  for (let i = bytes.length - ZIP_EOCD_MIN; i >= lowest; i--) {
    if (view.getUint32(i, true) === ZIP_END_OF_DIRECTORY) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return undefined;
  const count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (offset + DIRECTORY_ENTRY_SIZE > bytes.length || view.getUint32(offset, true) !== ZIP_DIRECTORY_ENTRY)
      return undefined;
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    entries.push({
      name: utf8.decode(bytes.subarray(offset + DIRECTORY_ENTRY_SIZE, offset + DIRECTORY_ENTRY_SIZE + nameLength)),
      method: view.getUint16(offset + 10, true),
      compressedSize: view.getUint32(offset + 20, true),
      declaredSize: view.getUint32(offset + 24, true),
      localHeader: view.getUint32(offset + 42, true),
    });
    offset += DIRECTORY_ENTRY_SIZE + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Where an entry's (compressed) data starts: after its local header's name and extra field. */
export function entryDataStart(bytes: Uint8Array, entry: ZipEntry): number | undefined {
  const at = entry.localHeader;
  if (at + LOCAL_HEADER_SIZE > bytes.length) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(at, true) !== ZIP_LOCAL_HEADER) return undefined;
  return at + LOCAL_HEADER_SIZE + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
}

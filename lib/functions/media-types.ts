// Content types of files passed to and returned by functions, from the file name. A function's
// FILE output may name its own; this covers the files a caller sends and outputs that do not.
const BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  json: 'application/json',
  csv: 'text/csv',
  txt: 'text/plain',
  md: 'text/markdown',
  html: 'text/html',
  xml: 'application/xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  zip: 'application/zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export const mediaTypeOf = (filename: string) =>
  BY_EXTENSION[filename.toLowerCase().split('.').pop() ?? ''] ?? 'application/octet-stream';

/** The first file part of a multipart/form-data body: its field, file name and bytes. */
export interface FilePart {
  field: string;
  fileName: string;
  data: Buffer;
}

/** Reads the first file part of a multipart body (small uploads only: the sandbox keeps no files). */
export function firstFilePart(body: Buffer, contentType: string): FilePart | undefined {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) {
    return undefined;
  }
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter);
  while (start >= 0) {
    const headerStart = start + delimiter.length + 2; // skip CRLF
    const headerEnd = body.indexOf('\r\n\r\n', headerStart);
    if (headerEnd < 0) {
      return undefined;
    }
    const next = body.indexOf(delimiter, headerEnd);
    if (next < 0) {
      return undefined;
    }
    const headers = body.subarray(headerStart, headerEnd).toString('utf8');
    const fileName = /filename="([^"]*)"/i.exec(headers)?.[1];
    const field = /name="([^"]*)"/i.exec(headers)?.[1] ?? '';
    if (fileName !== undefined) {
      return { field, fileName, data: body.subarray(headerEnd + 4, next - 2) }; // minus the CRLF before the delimiter
    }
    start = next;
  }
  return undefined;
}

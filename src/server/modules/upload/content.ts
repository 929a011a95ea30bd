/**
 * The bytes a file of each accepted extension starts with (its magic number): an HTML page named
 * '.png' is refused instead of stored and served as an image.
 */
const SIGNATURES: Record<string, ((b: Buffer) => boolean)[]> = {
  ".png": [(b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ".jpg": [(b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ".jpeg": [(b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ".gif": [(b) => ["GIF87a", "GIF89a"].includes(b.subarray(0, 6).toString("latin1"))],
  ".webp": [(b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP"],
  ".pdf": [(b) => b.subarray(0, 5).toString("latin1") === "%PDF-"],
  // Word and Excel 97–2003 (OLE compound file) and 2007+ (a ZIP container)
  ".doc": [(b) => b.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))],
  ".xls": [(b) => b.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))],
  ".docx": [(b) => b.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))],
  ".xlsx": [(b) => b.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))],
};

/** Whether the bytes are what the extension claims (an unknown extension never matches). */
export function bytesMatchExtension(ext: string, bytes: Buffer): boolean {
  return (SIGNATURES[ext] ?? []).some((matches) => matches(bytes));
}

/** What every part that takes a PDF checks the same way: its signature. */

const SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

/** Whether the bytes are a PDF: its signature within the first kilobyte, where readers accept it. */
export function hasPdfSignature(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, 1024) - SIGNATURE.length;
  for (let at = 0; at <= end; at++) {
    if (SIGNATURE.every((byte, i) => bytes[at + i] === byte)) return true;
  }
  return false;
}

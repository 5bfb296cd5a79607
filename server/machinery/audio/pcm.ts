/** 16-bit PCM pieces, as voices hand them over. */

/** The pieces one after another in one array. */
export function concatPcm(pieces: readonly Int16Array[]): Int16Array {
  const out = new Int16Array(pieces.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}

#!/usr/bin/env node
/**
 * Draws the podcast artwork podcast apps ask for (a square PNG, 1,400 to 3,000 px; they refuse SVG):
 * the cover's violet gradient, a microphone and two sound arcs, antialiased. Writes
 * webapp/public/podcast-cover.png (checked in; run again after changing the drawing).
 *
 *   node scripts/make-podcast-art.mjs [size=1400]
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const SIZE = Number(process.argv[2] ?? 1400);
const OUT = path.join(import.meta.dirname, '..', 'webapp', 'public', 'podcast-cover.png');
const FROM = [0x4f, 0x46, 0xe5];
const TO = [0x93, 0x33, 0xea];

// The drawing in a 0..1 square: signed distances (negative inside) of white shapes.
const capsule = (x, y, cx, top, bottom, r) => {
  const cy = Math.min(Math.max(y, top + r), bottom - r);
  return Math.hypot(x - cx, y - cy) - r;
};
const box = (x, y, x0, y0, x1, y1) => Math.max(x0 - x, x - x1, y0 - y, y - y1);
/** Both sides of a ring, `(` and `)`, each `maxAngle` radians up and down from level, ends rounded. */
const waves = (x, y, cx, cy, radius, width, maxAngle) => {
  const dx = Math.abs(x - cx);
  const dy = cy - y;
  if (Math.abs(Math.atan2(dy, dx)) <= maxAngle) return Math.abs(Math.hypot(dx, dy) - radius) - width / 2;
  const ex = radius * Math.cos(maxAngle);
  const ey = radius * Math.sin(maxAngle);
  return Math.min(Math.hypot(dx - ex, dy - ey), Math.hypot(dx - ex, dy + ey)) - width / 2;
};
const white = (x, y) =>
  Math.min(
    capsule(x, y, 0.5, 0.3, 0.6, 0.075),
    box(x, y, 0.485, 0.6, 0.515, 0.7),
    box(x, y, 0.41, 0.69, 0.59, 0.72),
    waves(x, y, 0.5, 0.45, 0.15, 0.035, 0.75),
    waves(x, y, 0.5, 0.45, 0.24, 0.035, 0.8),
  );

const SAMPLES = 4; // 4×4 samples a pixel
const rows = [];
for (let py = 0; py < SIZE; py++) {
  const row = Buffer.alloc(1 + SIZE * 3); // filter byte 0, then RGB
  for (let px = 0; px < SIZE; px++) {
    let cover = 0;
    for (let sy = 0; sy < SAMPLES; sy++) {
      for (let sx = 0; sx < SAMPLES; sx++) {
        if (white((px + (sx + 0.5) / SAMPLES) / SIZE, (py + (sy + 0.5) / SAMPLES) / SIZE) <= 0) cover++;
      }
    }
    const a = cover / (SAMPLES * SAMPLES);
    const t = (px + py) / (2 * SIZE);
    for (let c = 0; c < 3; c++) {
      const background = FROM[c] + (TO[c] - FROM[c]) * t;
      row[1 + px * 3 + c] = Math.round(background * (1 - a) + 255 * a);
    }
  }
  rows.push(row);
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
};
const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(SIZE, 0);
ihdr.writeUInt32BE(SIZE, 4);
ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', ihdr),
  chunk('IDAT', zlib.deflateSync(Buffer.concat(rows), { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
fs.writeFileSync(OUT, png);
console.log(`wrote ${path.relative(process.cwd(), OUT)}: ${SIZE}×${SIZE} px, ${png.length} bytes`);

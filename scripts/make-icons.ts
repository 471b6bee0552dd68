// Draws the app icons (a warm flame on a calm blue tile) into public/icons/ as PNGs, using only
// node:zlib. Run with `npx tsx scripts/make-icons.ts`; the PNGs are committed, this is how to
// remake them.
import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Rgba = [number, number, number, number];
type Shape = (x: number, y: number) => boolean;

const TOP: Rgba = [0x3f, 0x63, 0x90, 255];
const BOTTOM: Rgba = [0x22, 0x39, 0x58, 255];
const FLAME: Rgba = [0xf0, 0xb2, 0x64, 255];
const CORE: Rgba = [0xff, 0xf3, 0xdd, 255];
const SAMPLES = 4;

/** A teardrop with its tip up, centred at (cx, cy) in unit coordinates, leaning at the tip. */
function flame(cx: number, cy: number, halfHeight: number, widthScale: number): Shape {
  return (x, y) => {
    const v = (y - cy) / halfHeight; // -1 at the tip, +1 at the base
    if (v < -1 || v > 1) return false;
    const t = Math.acos(-v);
    const halfWidth = Math.sin(t) * Math.sin(t / 2) ** 1.4 * widthScale * halfHeight;
    const lean = 0.18 * halfHeight * ((1 - v) / 2) ** 3;
    return Math.abs(x - cx - lean) <= halfWidth;
  };
}

function roundedSquare(radius: number): Shape {
  return (x, y) => {
    const dx = Math.max(radius - x, x - (1 - radius), 0);
    const dy = Math.max(radius - y, y - (1 - radius), 0);
    return dx * dx + dy * dy <= radius * radius;
  };
}

function coverage(shape: Shape, px: number, py: number, size: number): number {
  let hits = 0;
  for (let i = 0; i < SAMPLES; i++) {
    for (let j = 0; j < SAMPLES; j++) {
      if (shape((px + (i + 0.5) / SAMPLES) / size, (py + (j + 0.5) / SAMPLES) / size)) hits++;
    }
  }
  return hits / (SAMPLES * SAMPLES);
}

function over(base: Rgba, top: Rgba, alpha: number): Rgba {
  const a = alpha * (top[3] / 255);
  const outA = a + (base[3] / 255) * (1 - a);
  if (outA === 0) return [0, 0, 0, 0];
  const mix = (k: 0 | 1 | 2) => (top[k] * a + base[k] * (base[3] / 255) * (1 - a)) / outA;
  return [mix(0), mix(1), mix(2), outA * 255];
}

function draw(size: number, tile: Shape, flameScale: number): Buffer {
  const outer = flame(0.5, 0.52, 0.3 * flameScale, 0.95);
  const inner = flame(0.5, 0.52 + 0.1 * flameScale, 0.17 * flameScale, 0.85);
  const rows: Buffer[] = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0 (None) then RGBA
    for (let px = 0; px < size; px++) {
      const g = py / (size - 1);
      const lerp = (from: number, to: number) => from * (1 - g) + to * g;
      const bg: Rgba = [lerp(TOP[0], BOTTOM[0]), lerp(TOP[1], BOTTOM[1]), lerp(TOP[2], BOTTOM[2]), 255];
      let color = over([0, 0, 0, 0], bg, coverage(tile, px, py, size));
      color = over(color, FLAME, coverage(outer, px, py, size));
      color = over(color, CORE, coverage(inner, px, py, size));
      color.forEach((value, k) => row.writeUInt8(Math.round(value), 1 + px * 4 + k));
    }
    rows.push(row);
  }
  return encodePng(size, Buffer.concat(rows));
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng(size: number, raw: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(6, 9); // colour type RGBA
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

const outDir = fileURLToPath(new URL('../public/icons/', import.meta.url));
mkdirSync(outDir, { recursive: true });
const fullBleed: Shape = () => true;
const icons: [string, number, Shape, number][] = [
  ['icon-192.png', 192, roundedSquare(0.22), 1],
  ['icon-512.png', 512, roundedSquare(0.22), 1],
  // Maskable: full bleed, the flame inside the central safe zone (a circle of 80% of the size).
  ['maskable-512.png', 512, fullBleed, 0.78],
  // iOS rounds the corners itself and shows transparency as black.
  ['apple-touch-icon.png', 180, fullBleed, 0.9],
];
for (const [name, size, tile, scale] of icons) {
  writeFileSync(`${outDir}${name}`, draw(size, tile, scale));
  console.log(`public/icons/${name} (${size}x${size})`);
}

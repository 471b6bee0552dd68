// The backup file's container (issue #27 item 1;
// docs/decisions/0176-backups-of-the-embedded-database.md): a plain POSIX tar (ustar),
// gzip-compressed as a whole, so an operator can look into one with `tar tzf` and nothing but this
// module is needed to read or write it. Only what the backup holds is supported: regular files with
// short names, no directories, links or long names.

/** One file of the archive; a Blob is streamed (the database's snapshot is tens of megabytes). */
export type TarInput = { name: string; data: Blob | Uint8Array; mode?: number };

const BLOCK = 512;

function octal(value: number, width: number): string {
  // width - 1 digits and a NUL, as tar writes numeric fields.
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, mode: number, mtime: number): Buffer {
  if (Buffer.byteLength(name) > 99 || name.includes('/')) throw new Error(`backup archive: unsupported entry name '${name}'`);
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 'utf8');
  block.write(octal(mode, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii'); // uid
  block.write(octal(0, 8), 116, 'ascii'); // gid
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(mtime, 12), 136, 'ascii');
  block.write('        ', 148, 'ascii'); // the checksum counts its own field as spaces
  block.write('0', 156, 'ascii'); // regular file
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  block.write(`${checksum(block).toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

function checksum(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 0x20 : (block[i] ?? 0);
  return sum;
}

function padding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/** The tar stream of `entries`, chunk by chunk (pipe it through gzip into the file). */
export async function* tarStream(entries: TarInput[], mtime = new Date()): AsyncGenerator<Uint8Array> {
  const seconds = Math.floor(mtime.getTime() / 1000);
  for (const entry of entries) {
    const size = entry.data instanceof Blob ? entry.data.size : entry.data.byteLength;
    yield header(entry.name, size, entry.mode ?? 0o600, seconds);
    if (entry.data instanceof Blob) {
      for await (const chunk of entry.data.stream()) yield chunk;
    } else {
      yield entry.data;
    }
    yield padding(size);
  }
  yield Buffer.alloc(2 * BLOCK); // end of archive
}

/**
 * The files of a tar archive by name. Throws on a damaged archive (a bad header checksum, an entry
 * running past the end, no end-of-archive blocks) rather than return part of it.
 */
export function readTar(archive: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (let at = 0; ; ) {
    if (at + BLOCK > archive.length) throw new Error('backup archive is truncated (no end-of-archive marker)');
    const block = archive.subarray(at, at + BLOCK);
    if (block.every((byte) => byte === 0)) return files;
    const stored = Number.parseInt(block.toString('ascii', 148, 156).replace(/[\0 ]/g, ''), 8);
    if (stored !== checksum(Buffer.from(block))) throw new Error(`backup archive is damaged (bad header at byte ${at})`);
    const name = block.toString('utf8', 0, 100).replace(/\0.*$/s, '');
    const size = Number.parseInt(block.toString('ascii', 124, 136).replace(/[\0 ]/g, ''), 8);
    const type = block.toString('ascii', 156, 157);
    const start = at + BLOCK;
    if (!Number.isSafeInteger(size) || start + size > archive.length) throw new Error(`backup archive is truncated (in '${name}')`);
    if (type === '0' || type === '\0') files.set(name, archive.subarray(start, start + size));
    at = start + size + padding(size).length;
  }
}

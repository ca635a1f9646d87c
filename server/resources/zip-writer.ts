/**
 * A ZIP archive written straight to a stream: each entry is deflated as its text arrives and its CRC
 * and sizes follow it in a data descriptor, so nothing of an entry is held beyond the chunk being
 * compressed. Text is encoded into one reused buffer, handed back only once zlib has taken it: a
 * fresh Buffer per chunk would be garbage outside the JS heap that V8 collects late, so a large
 * export would grow the process by tens of megabytes before the first collection.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type * as Zlib from 'node:zlib';
import { atFirstUse } from '../first-use';

// node:zlib is loaded by the first export, not at every start.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a built-in, required at first use (server/first-use.ts)
const zlib = atFirstUse<typeof Zlib>('node:zlib', () => require('node:zlib'));

export interface ZipWriter {
  /** Ends the entry being written, if any, and starts the next one. */
  entry(name: string): Promise<void>;
  /** Adds text to the current entry, encoded as UTF-8. */
  write(text: string): Promise<void>;
  /** Ends the last entry and writes the central directory; the output is ended too. */
  finish(): Promise<void>;
}

/** Beyond this an entry needs ZIP64, which this writer does not do. */
const MAX_SIZE = 0xffffffff;
/** Data descriptor after the data, names in UTF-8. */
const FLAGS = 0x0808;
const DEFLATE = 8;
const VERSION = 20;

interface Written {
  name: Buffer;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

/** MS-DOS time and date, as ZIP headers keep them. */
function dosTime(date: Date): { time: number; date: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

export function zipWriter(output: Writable, modified = new Date()): ZipWriter {
  const stamp = dosTime(modified);
  /** The fields a local header and a central directory record share, in the same order, from `at`. */
  function describe(target: Buffer, at: number, file: Written) {
    target.writeUInt16LE(VERSION, at);
    target.writeUInt16LE(FLAGS, at + 2);
    target.writeUInt16LE(DEFLATE, at + 4);
    target.writeUInt16LE(stamp.time, at + 6);
    target.writeUInt16LE(stamp.date, at + 8);
    target.writeUInt32LE(file.crc, at + 10);
    target.writeUInt32LE(file.compressed, at + 14);
    target.writeUInt32LE(file.size, at + 18);
    target.writeUInt16LE(file.name.length, at + 22);
  }
  const done: Written[] = [];
  let offset = 0;
  let scratch = Buffer.allocUnsafe(1 << 20);
  let current: { written: Written; deflate: Zlib.DeflateRaw; ended: Promise<unknown> } | null = null;

  async function put(bytes: Buffer) {
    offset += bytes.length;
    if (!output.write(bytes)) await once(output, 'drain');
  }

  async function closeEntry() {
    if (!current) return;
    const { written, deflate, ended } = current;
    current = null;
    deflate.end();
    await ended;
    if (written.size > MAX_SIZE || written.compressed > MAX_SIZE) throw new Error(`zip entry ${written.name.toString()} is over 4 GB`);
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(written.crc, 4);
    descriptor.writeUInt32LE(written.compressed, 8);
    descriptor.writeUInt32LE(written.size, 12);
    await put(descriptor);
    done.push(written);
  }

  return {
    async entry(name) {
      await closeEntry();
      const encoded = Buffer.from(name, 'utf8');
      const written: Written = { name: encoded, offset, crc: 0, compressed: 0, size: 0 };
      const header = Buffer.alloc(30);
      header.writeUInt32LE(0x04034b50, 0);
      // CRC and sizes are still 0 here: the data descriptor carries them.
      describe(header, 4, written);
      await put(Buffer.concat([header, encoded]));
      const deflate = zlib().createDeflateRaw();
      // Compressed chunks go out as they come; write() waits for the output to drain.
      deflate.on('data', (chunk: Buffer) => {
        written.compressed += chunk.length;
        offset += chunk.length;
        output.write(chunk);
      });
      current = { written, deflate, ended: once(deflate, 'end') };
    },

    async write(text) {
      if (!current) throw new Error('zip: write() before entry()');
      const length = Buffer.byteLength(text, 'utf8');
      if (length > scratch.length) scratch = Buffer.allocUnsafe(length);
      const bytes = scratch.subarray(0, scratch.write(text, 'utf8'));
      const { written, deflate } = current;
      written.crc = zlib().crc32(bytes, written.crc);
      written.size += bytes.length;
      // The callback comes once zlib has consumed the bytes: only then may the buffer be reused.
      await new Promise<void>((resolve, reject) => deflate.write(bytes, (error) => (error ? reject(error) : resolve())));
      if (output.writableNeedDrain) await once(output, 'drain');
    },

    async finish() {
      await closeEntry();
      const start = offset;
      if (start > MAX_SIZE) throw new Error('zip archive is over 4 GB');
      for (const file of done) {
        const record = Buffer.alloc(46);
        record.writeUInt32LE(0x02014b50, 0);
        record.writeUInt16LE(VERSION, 4);
        describe(record, 6, file);
        // Extra field, comment, disk, attributes: none (30–41).
        record.writeUInt32LE(file.offset, 42);
        await put(Buffer.concat([record, file.name]));
      }
      const end = Buffer.alloc(22);
      end.writeUInt32LE(0x06054b50, 0);
      end.writeUInt16LE(done.length, 8);
      end.writeUInt16LE(done.length, 10);
      end.writeUInt32LE(offset - start, 12);
      end.writeUInt32LE(start, 16);
      offset += end.length;
      output.end(end);
    },
  };
}

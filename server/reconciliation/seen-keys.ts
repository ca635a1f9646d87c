/**
 * A set of strings that costs 8 bytes a key however long the key: each key is kept as two
 * independent 32-bit hashes in an open-addressing table of typed arrays. A million order numbers
 * take 16 MB instead of the ~100 MB of a Set<string>, which is what keeps a streamed import flat.
 * Two different keys collide only when both 32-bit hashes agree (odds about 1 in 2^64 per pair).
 */
export class SeenKeys {
  private table = new Uint32Array(2 * 1024);
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Adds the key; true when it was new. */
  add(key: string): boolean {
    const [a, b] = hashes(key);
    const { slot, found } = this.probe(a, b);
    if (found) return false;
    this.table[slot * 2] = a;
    this.table[slot * 2 + 1] = b;
    this.count++;
    // Kept at most half full, so probes stay short.
    if (this.count * 2 > this.table.length / 2) this.grow();
    return true;
  }

  has(key: string): boolean {
    const [a, b] = hashes(key);
    return this.probe(a, b).found;
  }

  /** The slot holding (a, b), or the empty slot where it would go. */
  private probe(a: number, b: number): { slot: number; found: boolean } {
    const mask = this.table.length / 2 - 1;
    for (let slot = a & mask; ; slot = (slot + 1) & mask) {
      const x = this.table[slot * 2];
      const y = this.table[slot * 2 + 1];
      if (x === a && y === b) return { slot, found: true };
      if (x === 0 && y === 0) return { slot, found: false };
    }
  }

  private grow() {
    const old = this.table;
    this.table = new Uint32Array(old.length * 2);
    for (let at = 0; at < old.length; at += 2) {
      const a = old[at];
      if (a === 0 && old[at + 1] === 0) continue;
      const { slot } = this.probe(a, old[at + 1]);
      this.table[slot * 2] = a;
      this.table[slot * 2 + 1] = old[at + 1];
    }
  }
}

/** Two 32-bit FNV-1a style hashes with different seeds and multipliers; (0, 0) is the empty slot, so never returned. */
function hashes(key: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
    b ^= b >>> 15;
  }
  a = (a ^ (a >>> 16)) >>> 0;
  b = (b ^ (b >>> 13)) >>> 0;
  return a === 0 && b === 0 ? [1, 0] : [a, b];
}

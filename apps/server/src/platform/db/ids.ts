import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
let lastTime = 0;
let lastRandom: Uint8Array = new Uint8Array(10);

/**
 * A time-ordered id (ULID layout: 48-bit milliseconds, 80 random bits, Crockford base32, 26 chars).
 * Ids made in the same millisecond increase, so they sort by creation.
 */
export function newId(now = Date.now()): string {
  let rand: Uint8Array;
  if (now <= lastTime) {
    rand = Uint8Array.from(lastRandom);
    for (let i = rand.length - 1; i >= 0; i--) {
      const v = (rand[i] ?? 0) + 1;
      rand[i] = v & 0xff;
      if (v <= 0xff) break;
    }
    now = lastTime;
  } else {
    rand = randomBytes(10);
  }
  lastTime = now;
  lastRandom = rand;
  let time = "";
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  let bits = 0n;
  for (const b of rand) bits = (bits << 8n) | BigInt(b);
  let random = "";
  for (let i = 0; i < 16; i++) {
    random = ALPHABET[Number(bits & 31n)] + random;
    bits >>= 5n;
  }
  return time + random;
}

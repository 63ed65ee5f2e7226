// The PDF stream filters that can make text larger than the file, decoded piece by piece so that a
// caller can count what comes out and stop at a budget (pdf-stream-budget.ts). Each decoder hands
// its output to `emit` in pieces of at most PIECE bytes and keeps none of it; damaged input ends the
// decoding quietly (pdf.js judges damage, the budget only size). Image filters (DCT, JPX, JBIG2,
// CCITT) are not here: pdf.js decodes images only to draw them, never to read text.
import { Inflate, Unzlib } from 'fflate';

export type Emit = (piece: Uint8Array) => void;
export type Decoder = (data: Uint8Array, emit: Emit) => void;

/** Input bytes per inflate push: deflate expands at most ~1,032×, so one push gives at most ~4 MB. */
const SLICE = 4096;
/** The largest piece the byte-wise decoders hand over at once. */
const PIECE = 64 * 1024;

/** zlib's two-byte header (RFC 1950): deflate, and a check sum that holds. */
const hasZlibHeader = (data: Uint8Array) =>
  data.length >= 2 && (data[0]! & 0x0f) === 8 && ((data[0]! << 8) | data[1]!) % 31 === 0;

const flate: Decoder = (data, emit) => {
  const inflate = hasZlibHeader(data) ? new Unzlib(emit) : new Inflate(emit);
  for (let at = 0; at < data.length; at += SLICE)
    inflate.push(data.subarray(at, Math.min(at + SLICE, data.length)), at + SLICE >= data.length);
};

/** Collects bytes and hands them over a piece at a time. */
function pieces(emit: Emit) {
  const buffer = new Uint8Array(PIECE);
  let used = 0;
  return {
    push(byte: number) {
      buffer[used++] = byte;
      if (used === PIECE) {
        emit(buffer.slice());
        used = 0;
      }
    },
    flush: () => used > 0 && emit(buffer.slice(0, used)),
  };
}

/**
 * LZW as PDF writes it: codes of 9 to 12 bits, most significant bit first, 256 clears the table,
 * 257 ends the data, code widths grow one code early (EarlyChange 1, the default). A table of prefix
 * codes and last bytes; a code's string is written by walking its prefixes backwards.
 */
const lzw: Decoder = (data, emit) => {
  const prefix = new Int32Array(4096);
  const last = new Uint8Array(4096);
  const length = new Int32Array(4096);
  for (let c = 0; c < 256; c++) {
    prefix[c] = -1;
    last[c] = c;
    length[c] = 1;
  }
  const out = pieces(emit);
  const scratch = new Uint8Array(4096);
  let next = 258;
  let width = 9;
  let previous = -1;
  let bits = 0;
  let held = 0;
  const write = (code: number): number => {
    let n = length[code]!;
    for (let c = code; c >= 0; c = prefix[c]!) scratch[--n] = last[c]!;
    for (let i = 0; i < length[code]!; i++) out.push(scratch[i]!);
    return scratch[0]!;
  };
  /** Adds the string of `of` followed by `byte` as the next code. */
  const define = (of: number, byte: number) => {
    prefix[next] = of;
    last[next] = byte;
    length[next] = length[of]! + 1;
    next++;
  };
  for (const byte of data) {
    held = ((held << 8) | byte) & 0xffffff;
    bits += 8;
    while (bits >= width) {
      const code = (held >> (bits - width)) & ((1 << width) - 1);
      bits -= width;
      if (code === 256) {
        next = 258;
        width = 9;
        previous = -1;
        continue;
      }
      if (code === 257) return void out.flush();
      if (previous < 0) {
        if (code > 255) return void out.flush();
        write(code);
      } else if (code < next) {
        const first = write(code);
        if (next < 4096) define(previous, first);
      } else if (code === next && next < 4096) {
        // The string being defined: the previous one and its own first byte.
        const first = write(previous);
        out.push(first);
        define(previous, first);
      } else return void out.flush();
      previous = code;
      if (next + 1 >= 1 << width && width < 12) width++;
    }
  }
  out.flush();
};

/** RunLengthDecode: a length byte n < 128 copies n + 1 bytes, n > 128 repeats the next byte 257 − n times. */
const runLength: Decoder = (data, emit) => {
  const out = pieces(emit);
  for (let at = 0; at < data.length;) {
    const n = data[at++]!;
    if (n === 128) break;
    if (n < 128) for (let i = 0; i <= n && at < data.length; i++) out.push(data[at++]!);
    else if (at < data.length) {
      const byte = data[at++]!;
      for (let i = 0; i < 257 - n; i++) out.push(byte);
    }
  }
  out.flush();
};

const asciiHex: Decoder = (data, emit) => {
  const out = pieces(emit);
  let high = -1;
  for (const byte of data) {
    if (byte === 0x3e) break; // '>' ends the data
    const digit = Number.parseInt(String.fromCharCode(byte), 16);
    if (Number.isNaN(digit)) continue; // white space
    if (high < 0) high = digit;
    else {
      out.push((high << 4) | digit);
      high = -1;
    }
  }
  if (high >= 0) out.push(high << 4);
  out.flush();
};

const ascii85: Decoder = (data, emit) => {
  const out = pieces(emit);
  let group = 0;
  let count = 0;
  for (const byte of data) {
    if (byte === 0x7e) break; // '~>' ends the data
    if (byte === 0x7a && count === 0) {
      for (let i = 0; i < 4; i++) out.push(0);
      continue;
    }
    if (byte < 0x21 || byte > 0x75) continue;
    group = group * 85 + (byte - 0x21);
    if (++count === 5) {
      for (let shift = 24; shift >= 0; shift -= 8) out.push((group >>> shift) & 0xff);
      group = 0;
      count = 0;
    }
  }
  if (count > 1) {
    for (let i = count; i < 5; i++) group = group * 85 + 84;
    for (let i = 0; i < count - 1; i++) out.push((group >>> (24 - 8 * i)) & 0xff);
  }
  out.flush();
};

/** Decoders by the filter names a stream dictionary may use (full names, and the short ones). */
export const TEXT_FILTERS: Record<string, Decoder> = {
  FlateDecode: flate,
  Fl: flate,
  LZWDecode: lzw,
  LZW: lzw,
  RunLengthDecode: runLength,
  RL: runLength,
  ASCIIHexDecode: asciiHex,
  AHx: asciiHex,
  ASCII85Decode: ascii85,
  A85: ascii85,
};

/** The filters whose output can be larger than their input. */
export const EXPANDING = new Set([flate, lzw, runLength]);

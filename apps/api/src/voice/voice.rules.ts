import type { VoiceChannel } from '@dcs/common/live/voice.contract';

/** A game's table as voice sees it: a tournament table (no voice at all) or a house table's purpose, teams and people. */
export type VoiceTable =
  | { kind: 'tournament'; seats: VoiceSeat[] }
  | { kind: 'house'; partners: boolean; purpose: 'friendly' | 'workout' | 'stake'; seats: VoiceSeat[] };

export interface VoiceSeat {
  userId: string;
  seat: number;
}

/** The team of a seat at a partners table: seats 0 and 2, seats 1 and 3 (SPEC 8.1). */
export const teamOf = (seat: number) => seat % 2;

/**
 * Which channel links two seats (SPEC 6, "Decisions (voice and team channels)"): partners share their
 * team channel at any partners table; at friendly and workout house tables everyone seated shares the
 * table's; between opponents at a stake table and at any tournament table there is none (a voice link
 * between opponents is a collusion channel).
 */
export function voiceChannel(table: VoiceTable, a: number, b: number): VoiceChannel | null {
  if (table.kind === 'tournament' || a === b) return null;
  if (table.partners && teamOf(a) === teamOf(b)) return 'team';
  return table.purpose === 'stake' ? null : 'table';
}

/** The people seated at the table a seat may talk with, and by which channel. */
export function voicePartners(table: VoiceTable, seat: number): (VoiceSeat & { channel: VoiceChannel })[] {
  const out: (VoiceSeat & { channel: VoiceChannel })[] = [];
  for (const s of table.seats) {
    const channel = voiceChannel(table, seat, s.seat);
    if (channel) out.push({ ...s, channel });
  }
  return out;
}

export type ClipContainer = 'audio/webm' | 'audio/ogg' | 'audio/wav';

/** The span of a clip in milliseconds: a WAV's samples, Ogg pages' or WebM clusters' timestamps; null when the container says nothing. */
export function containerSpanMs(mime: ClipContainer, bytes: Buffer): number | null {
  if (mime === 'audio/wav') {
    const wav = wavOf(bytes);
    return wav ? Math.round((wav.dataBytes / wav.byteRate) * 1000) : null;
  }
  return mime === 'audio/ogg' ? oggSpanMs(bytes) : webmSpanMs(bytes);
}

/** Whether the bytes are what the type says: EBML's magic for WebM, "OggS" for Ogg, a RIFF/WAVE file with PCM `fmt ` and `data` chunks for WAV. */
export function containerMatches(mime: ClipContainer, bytes: Buffer): boolean {
  if (mime === 'audio/wav') return wavOf(bytes) !== null;
  if (mime === 'audio/webm') return bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3;
  return bytes.length >= 4 && bytes.toString('latin1', 0, 4) === 'OggS';
}

/**
 * A WAV file's PCM format and the size of its samples: the bytes the file holds after the `data` chunk's
 * header, which must be what that header declares (its pad byte aside), the `data` chunk last. Null unless
 * it is RIFF/WAVE with a PCM (format 1) `fmt ` chunk that adds up, then such a `data` chunk: a header that
 * claims 1 s before 240 s of samples (or after a cut) would otherwise pass for what it claims.
 */
export function wavOf(bytes: Buffer): { channels: number; sampleRate: number; bitsPerSample: number; byteRate: number; dataBytes: number } | null {
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WAVE') return null;
  let fmt: { channels: number; sampleRate: number; bitsPerSample: number; byteRate: number } | null = null;
  for (let i = 12; i + 8 <= bytes.length; ) {
    const id = bytes.toString('latin1', i, i + 4);
    const size = bytes.readUInt32LE(i + 4);
    const body = i + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > bytes.length || bytes.readUInt16LE(body) !== 1) return null;
      const channels = bytes.readUInt16LE(body + 2);
      const sampleRate = bytes.readUInt32LE(body + 4);
      const byteRate = bytes.readUInt32LE(body + 8);
      const blockAlign = bytes.readUInt16LE(body + 12);
      const bitsPerSample = bytes.readUInt16LE(body + 14);
      if (channels < 1 || sampleRate < 1 || ![8, 16, 24, 32].includes(bitsPerSample)) return null;
      if (blockAlign !== (channels * bitsPerSample) / 8 || byteRate !== sampleRate * blockAlign) return null;
      fmt = { channels, sampleRate, bitsPerSample, byteRate };
    } else if (id === 'data') {
      const present = bytes.length - body;
      if (!fmt || (present !== size && present !== size + (size % 2))) return null;
      return { ...fmt, dataBytes: size };
    }
    i = body + size + (size % 2); // chunks are padded to an even size
  }
  return null;
}

/** Opus in Ogg: each page's granule position counts 48 kHz samples; the span is the last minus the first. */
function oggSpanMs(bytes: Buffer): number | null {
  let first: bigint | null = null;
  let last: bigint | null = null;
  for (let i = bytes.indexOf('OggS', 0, 'latin1'); i >= 0 && i + 14 <= bytes.length; i = bytes.indexOf('OggS', i + 4, 'latin1')) {
    const granule = bytes.readBigInt64LE(i + 6);
    if (granule <= 0n) continue; // header pages and pages with no packet ending on them
    first ??= granule;
    last = granule;
  }
  return first === null || last === null ? null : Number((last - first) / 48n);
}

/** The size of an EBML variable-length integer at `i`, and its value. */
function vint(bytes: Buffer, i: number): { len: number; value: number } | null {
  const b = bytes[i];
  if (b === undefined || b === 0) return null;
  const len = Math.clz32(b) - 23;
  if (len > 8 || i + len > bytes.length) return null;
  let value = b & (0xff >> len);
  for (let k = 1; k < len; k++) value = value * 256 + bytes[i + k];
  return { len, value };
}

/** WebM (MediaRecorder, TimecodeScale 1 ms): the span between the first and last Cluster's Timecode. */
function webmSpanMs(bytes: Buffer): number | null {
  const CLUSTER = Buffer.from([0x1f, 0x43, 0xb6, 0x75]);
  let min = Infinity;
  let max = -Infinity;
  for (let i = bytes.indexOf(CLUSTER); i >= 0; i = bytes.indexOf(CLUSTER, i + 4)) {
    const size = vint(bytes, i + 4);
    if (!size) continue;
    const at = i + 4 + size.len;
    if (bytes[at] !== 0xe7) continue; // the Timecode is the cluster's first child
    const len = vint(bytes, at + 1);
    if (!len || len.value < 1 || len.value > 8 || at + 1 + len.len + len.value > bytes.length) continue;
    let t = 0;
    for (let k = 0; k < len.value; k++) t = t * 256 + bytes[at + 1 + len.len + k];
    min = Math.min(min, t);
    max = Math.max(max, t);
  }
  return min === Infinity ? null : max - min;
}

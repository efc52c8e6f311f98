import { containerMatches, containerSpanMs, voiceChannel, voicePartners, type VoiceTable } from './voice.rules';

const seats = [0, 1, 2, 3].map((seat) => ({ userId: `u${seat}`, seat }));
const house = (purpose: 'friendly' | 'workout' | 'stake', partners: boolean): VoiceTable => ({ kind: 'house', purpose, partners, seats });

describe('who may talk with whom (SPEC 6, Decisions: voice and team channels)', () => {
  it('partners share their team channel at any partners table, stake included', () => {
    for (const purpose of ['friendly', 'workout', 'stake'] as const) {
      expect(voiceChannel(house(purpose, true), 0, 2)).toBe('team');
      expect(voiceChannel(house(purpose, true), 3, 1)).toBe('team');
    }
  });

  it('opponents at a stake table have no channel; at friendly and workout tables everyone seated shares the table\'s', () => {
    expect(voiceChannel(house('stake', true), 0, 1)).toBeNull();
    expect(voiceChannel(house('stake', false), 0, 1)).toBeNull();
    expect(voiceChannel(house('friendly', true), 0, 1)).toBe('table');
    expect(voiceChannel(house('workout', false), 2, 3)).toBe('table');
  });

  it('a tournament table has no voice at all, and nobody talks to themselves', () => {
    expect(voiceChannel({ kind: 'tournament', seats }, 0, 2)).toBeNull();
    expect(voiceChannel(house('friendly', false), 1, 1)).toBeNull();
    expect(voicePartners(house('stake', false), 0)).toEqual([]);
    expect(voicePartners(house('stake', true), 1)).toEqual([{ userId: 'u3', seat: 3, channel: 'team' }]);
  });
});

describe('a clip\'s container', () => {
  it('WebM: the span between the first and the last cluster\'s timecode', () => {
    const cluster = (t: number) => Buffer.from([0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xe7, 0x83, (t >> 16) & 0xff, (t >> 8) & 0xff, t & 0xff, 0, 0]);
    const bytes = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), cluster(120_000), cluster(150_000), cluster(179_000)]);
    expect(containerMatches('audio/webm', bytes)).toBe(true);
    expect(containerMatches('audio/ogg', bytes)).toBe(false);
    expect(containerSpanMs('audio/webm', bytes)).toBe(59_000);
  });

  it('Ogg Opus: the span of the pages\' granule positions (48 kHz)', () => {
    const page = (granule: bigint) => {
      const b = Buffer.alloc(27);
      b.write('OggS', 0, 'latin1');
      b.writeBigInt64LE(granule, 6);
      return b;
    };
    const bytes = Buffer.concat([page(0n), page(48_000n), page(48_000n * 61n)]);
    expect(containerMatches('audio/ogg', bytes)).toBe(true);
    expect(containerSpanMs('audio/ogg', bytes)).toBe(60_000);
    expect(containerSpanMs('audio/ogg', page(0n))).toBeNull();
  });

  it('WAV: RIFF/WAVE with a PCM fmt chunk, its length from the data chunk (bytes ÷ byte rate), other chunks skipped', () => {
    const chunk = (id: string, body: Buffer) => Buffer.concat([Buffer.from(id, 'latin1'), Buffer.from(Uint32Array.of(body.length).buffer), body, Buffer.alloc(body.length % 2)]);
    const fmt = (format: number, channels: number, rate: number, bits: number) => {
      const b = Buffer.alloc(16);
      b.writeUInt16LE(format, 0);
      b.writeUInt16LE(channels, 2);
      b.writeUInt32LE(rate, 4);
      b.writeUInt32LE((rate * channels * bits) / 8, 8);
      b.writeUInt16LE((channels * bits) / 8, 12);
      b.writeUInt16LE(bits, 14);
      return b;
    };
    const file = (...chunks: Buffer[]) => Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVE', 'latin1'), ...chunks]);
    const wav = file(chunk('fmt ', fmt(1, 1, 16_000, 16)), chunk('LIST', Buffer.alloc(5)), chunk('data', Buffer.alloc(16_000 * 2 * 3)));
    expect(containerMatches('audio/wav', wav)).toBe(true);
    expect(containerSpanMs('audio/wav', wav)).toBe(3_000);
    expect(containerSpanMs('audio/wav', file(chunk('fmt ', fmt(1, 2, 8_000, 16)), chunk('data', Buffer.alloc(8_000 * 4 * 61))))).toBe(61_000);
    // Not PCM (3: float), data before fmt, no WAVE, a WebM called WAV.
    expect(containerMatches('audio/wav', file(chunk('fmt ', fmt(3, 1, 16_000, 32)), chunk('data', Buffer.alloc(8))))).toBe(false);
    expect(containerMatches('audio/wav', file(chunk('data', Buffer.alloc(8)), chunk('fmt ', fmt(1, 1, 16_000, 16))))).toBe(false);
    expect(containerMatches('audio/wav', Buffer.from('RIFF\0\0\0\0AVI fmt ', 'latin1'))).toBe(false);
    expect(containerMatches('audio/wav', Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))).toBe(false);
    expect(containerSpanMs('audio/wav', Buffer.alloc(0))).toBeNull();

    // Issue 36: the data chunk's header must say what the file holds. 240 s of 8 kHz 8-bit samples behind a
    // header claiming 1 s (8,000 bytes) passed for 1 s; a header claiming more than the file holds, or a
    // chunk after the samples, is refused too. An odd size may be followed by its pad byte.
    const header = (declared: number) => Buffer.concat([Buffer.from('data', 'latin1'), Buffer.from(Uint32Array.of(declared).buffer)]);
    const fmt8k = chunk('fmt ', fmt(1, 1, 8_000, 8));
    const smuggled = file(fmt8k, header(8_000), Buffer.alloc(8_000 * 240));
    expect(smuggled.length).toBeLessThan(2_000_000);
    expect(containerMatches('audio/wav', smuggled)).toBe(false);
    expect(containerSpanMs('audio/wav', smuggled)).toBeNull();
    expect(containerMatches('audio/wav', file(fmt8k, header(8_000 * 60), Buffer.alloc(8_000)))).toBe(false);
    expect(containerMatches('audio/wav', file(fmt8k, chunk('data', Buffer.alloc(8_000)), chunk('LIST', Buffer.alloc(8_000 * 100))))).toBe(false);
    expect(containerSpanMs('audio/wav', file(fmt8k, header(8_001), Buffer.alloc(8_002)))).toBe(1_000);
    expect(containerSpanMs('audio/wav', file(fmt8k, header(8_000), Buffer.alloc(8_000)))).toBe(1_000);
  });
});

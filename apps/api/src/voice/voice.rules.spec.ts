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
});

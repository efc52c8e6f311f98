/**
 * The last 60 seconds of a voice this page hears, kept in memory only (SPEC 6). The heard stream is
 * tapped with WebAudio (a MediaStreamSource into the `pcm-tap` AudioWorklet, public/pcm-tap.js), which
 * mixes it to mono and downsamples it to 16 kHz, speech's band; the page keeps the samples in a ring of
 * exactly 60 s (1.92 MB). Nothing leaves the page unless the player presses "report": then `clip()`
 * writes the window as a 16-bit PCM WAV (44-byte RIFF/WAVE header, then the samples, oldest first),
 * which any browser plays: the server takes WAV clips up to 2,000,000 bytes (docs/rules.md).
 */
export const CLIP_WINDOW_MS = 60_000;
export const CLIP_RATE = 16_000;
const CAPACITY = (CLIP_WINDOW_MS / 1000) * CLIP_RATE;

const modules = new WeakMap<BaseAudioContext, Promise<void>>();

/** The tap's worklet module, loaded once per audio context. */
function tapModule(ctx: AudioContext): Promise<void> {
  let loaded = modules.get(ctx);
  if (!loaded) {
    loaded = ctx.audioWorklet.addModule('/pcm-tap.js');
    modules.set(ctx, loaded);
  }
  return loaded;
}

/** 16-bit mono PCM at `rate` as a WAV file. */
export function wavOf(samples: Int16Array, rate: number): Blob {
  const head = new DataView(new ArrayBuffer(44));
  const text = (at: number, s: string) => [...s].forEach((ch, k) => head.setUint8(at + k, ch.charCodeAt(0)));
  const bytes = samples.length * 2;
  text(0, 'RIFF');
  head.setUint32(4, 36 + bytes, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  head.setUint32(16, 16, true); // the fmt chunk's size
  head.setUint16(20, 1, true); // PCM
  head.setUint16(22, 1, true); // mono
  head.setUint32(24, rate, true);
  head.setUint32(28, rate * 2, true); // bytes per second
  head.setUint16(32, 2, true); // bytes per frame
  head.setUint16(34, 16, true); // bits per sample
  text(36, 'data');
  head.setUint32(40, bytes, true);
  const body = new Int16Array(samples.length);
  body.set(samples);
  // WAV is little-endian, as are the platforms' typed arrays.
  return new Blob([head.buffer, body.buffer], { type: 'audio/wav' });
}

export class ClipRecorder {
  private readonly ring = new Int16Array(CAPACITY);
  /** samples received so far (the ring holds the last CAPACITY of them) */
  private written = 0;
  private source: MediaStreamAudioSourceNode | null = null;
  private tap: AudioWorkletNode | null = null;
  private stopped = false;

  constructor(stream: MediaStream, ctx: AudioContext) {
    tapModule(ctx).then(
      () => {
        if (this.stopped || ctx.state === 'closed') return;
        this.source = ctx.createMediaStreamSource(stream);
        this.tap = new AudioWorkletNode(ctx, 'pcm-tap', { numberOfInputs: 1, numberOfOutputs: 0 });
        this.tap.port.onmessage = (e: MessageEvent<Int16Array>) => this.keep(e.data);
        this.source.connect(this.tap);
      },
      () => undefined, // no worklet (an old browser): no window, and a report goes without a clip
    );
  }

  private keep(block: Int16Array): void {
    for (let i = 0; i < block.length; ) {
      const at = this.written % CAPACITY;
      const n = Math.min(block.length - i, CAPACITY - at);
      this.ring.set(block.subarray(i, i + n), at);
      this.written += n;
      i += n;
    }
  }

  /** The window as one WAV clip, with its length; null when nothing was heard (or the browser cannot tap the voice). */
  async clip(): Promise<{ blob: Blob; durationMs: number } | null> {
    if (!this.written) return null;
    const at = this.written % CAPACITY;
    const samples = this.written < CAPACITY ? this.ring.slice(0, this.written) : new Int16Array(CAPACITY);
    if (this.written >= CAPACITY) {
      samples.set(this.ring.subarray(at), 0);
      samples.set(this.ring.subarray(0, at), CAPACITY - at);
    }
    return { blob: wavOf(samples, CLIP_RATE), durationMs: Math.round((samples.length / CLIP_RATE) * 1000) };
  }

  stop(): void {
    this.stopped = true;
    if (this.tap) this.tap.port.onmessage = null;
    this.source?.disconnect();
    this.tap?.disconnect();
    this.ring.fill(0);
    this.written = 0;
  }
}

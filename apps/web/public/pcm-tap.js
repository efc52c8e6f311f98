// The voice-report window's tap (AudioWorklet, loaded by apps/web/src/features/voice/live/clip-recorder.ts):
// mixes the heard stream's channels to mono, downsamples it to 16 kHz (each output sample the mean of the
// input samples it covers) and posts 16-bit PCM to the page in blocks of 100 ms. Plain script, no bundling
// (a worklet is a module of its own; the Content-Security-Policy allows scripts from this origin only).
const RATE = 16000;
const BLOCK = RATE / 10;

class PcmTap extends AudioWorkletProcessor {
  constructor() {
    super();
    this.step = RATE / sampleRate;
    this.pos = 0;
    this.sum = 0;
    this.count = 0;
    this.out = new Int16Array(BLOCK);
    this.n = 0;
  }

  process(inputs) {
    const channels = inputs[0] || [];
    const frames = channels.length ? channels[0].length : 128;
    for (let i = 0; i < frames; i++) {
      let v = 0;
      for (const c of channels) v += c[i];
      this.sum += channels.length ? v / channels.length : 0;
      this.count++;
      this.pos += this.step;
      if (this.pos < 1) continue;
      this.pos -= 1;
      const s = Math.max(-1, Math.min(1, this.sum / this.count));
      this.out[this.n++] = s < 0 ? s * 0x8000 : s * 0x7fff;
      this.sum = 0;
      this.count = 0;
      if (this.n === BLOCK) {
        this.port.postMessage(this.out, [this.out.buffer]);
        this.out = new Int16Array(BLOCK);
        this.n = 0;
      }
    }
    return true;
  }
}

registerProcessor('pcm-tap', PcmTap);

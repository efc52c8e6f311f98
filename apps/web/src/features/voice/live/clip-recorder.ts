/**
 * The last 60 seconds of a voice this page hears, kept in memory only (SPEC 6): a MediaRecorder on the
 * remote stream hands a chunk every second; chunks older than the window are dropped. Nothing leaves
 * the page unless the player presses "report": then `clip()` makes one WebM of the window (the
 * recording's header, then whole clusters from the first one in the window) for the report.
 */
export const CLIP_WINDOW_MS = 60_000;
const CLUSTER = [0x1f, 0x43, 0xb6, 0x75];

function indexOf(bytes: Uint8Array, pattern: number[], from = 0): number {
  outer: for (let i = from; i <= bytes.length - pattern.length; i++) {
    for (let k = 0; k < pattern.length; k++) if (bytes[i + k] !== pattern[k]) continue outer;
    return i;
  }
  return -1;
}

export class ClipRecorder {
  private recorder: MediaRecorder | null = null;
  private header: Blob | null = null;
  private chunks: { at: number; blob: Blob }[] = [];
  private readonly mime: string;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(private readonly stream: MediaStream) {
    this.mime = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus'].find((m) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(m)) ?? '';
    if (this.mime) this.begin(0);
  }

  /** Starts recording; a remote track that carries no media yet makes the browser refuse, so it is tried again each second (for a minute). */
  private begin(attempt: number): void {
    if (this.stopped) return;
    try {
      const recorder = new MediaRecorder(this.stream, { mimeType: this.mime });
      recorder.ondataavailable = (e) => {
        if (!e.data.size) return;
        if (!this.header) this.header = e.data;
        else this.chunks.push({ at: Date.now(), blob: e.data });
        const old = Date.now() - CLIP_WINDOW_MS;
        while (this.chunks.length && this.chunks[0].at < old) this.chunks.shift();
      };
      recorder.onerror = () => this.again(attempt);
      recorder.start(1000);
      this.recorder = recorder;
    } catch {
      this.again(attempt);
    }
  }

  private again(attempt: number): void {
    this.recorder = null;
    this.header = null;
    this.chunks = [];
    if (attempt < 60 && !this.stopped) this.retry = setTimeout(() => this.begin(attempt + 1), 1000);
  }

  /** The window as one clip, with its length; null when nothing was heard (or the browser cannot record). */
  async clip(): Promise<{ blob: Blob; durationMs: number } | null> {
    if (!this.header || !this.chunks.length) return null;
    const type = this.mime.split(';')[0];
    const head = new Uint8Array(await this.header.arrayBuffer());
    const body = new Uint8Array(await new Blob(this.chunks.map((c) => c.blob)).arrayBuffer());
    if (type !== 'audio/webm') return { blob: new Blob([head, body], { type }), durationMs: Math.min(CLIP_WINDOW_MS, this.chunks.length * 1000) };
    const init = indexOf(head, CLUSTER);
    const start = indexOf(body, CLUSTER);
    // The window's clusters after the recording's header (its own first cluster is older than the window).
    const parts = start >= 0 ? [head.slice(0, init >= 0 ? init : head.length), body.slice(start)] : [head];
    const durationMs = Math.min(CLIP_WINDOW_MS, Date.now() - this.chunks[0].at + 1000);
    return { blob: new Blob(parts, { type }), durationMs };
  }

  stop(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.recorder && this.recorder.state !== 'inactive') this.recorder.stop();
    this.chunks = [];
    this.header = null;
  }
}

import { EventEmitter } from 'node:events';
import type { Request, Response } from 'express';
import type { ExportColumn } from '@dcs/tournament';
import { sendExport } from './export-stream';
import type { ExportsService, PreparedExport } from './exports.service';

interface Row {
  n: number;
}
const COLUMNS: ExportColumn<Row>[] = [
  { name: 'n', value: (r) => r.n },
  { name: 'text', typed: true, value: (r) => `=row ${r.n} ${'x'.repeat(90)}` },
];

/** A response whose socket takes a write only when told (`drain`), or goes away (`gone`). */
class SlowResponse extends EventEmitter {
  headers: Record<string, string> = {};
  written: string[] = [];
  ended: string | null = null;
  destroyed = false;
  headersSent = false;
  statusCode = 0;
  status(code: number) {
    this.statusCode = code;
    return this;
  }
  setHeader(k: string, v: string) {
    this.headers[k.toLowerCase()] = v;
  }
  getHeader(k: string) {
    return this.headers[k.toLowerCase()];
  }
  removeHeader(k: string) {
    delete this.headers[k.toLowerCase()];
  }
  write(chunk: string): boolean {
    this.headersSent = true;
    this.written.push(chunk);
    return false; // the client is slower than the database: wait for drain
  }
  end(chunk = '') {
    this.ended = chunk;
  }
  destroy() {
    this.destroyed = true;
  }
  gone() {
    this.destroyed = true;
    this.emit('close');
  }
}

const tick = () => new Promise((r) => setImmediate(r));

function harness(total: number, failAt?: number) {
  const state = { pulled: 0, closed: false, released: 0 };
  async function* rows(): AsyncGenerator<Row> {
    try {
      for (let n = 1; n <= total; n++) {
        if (n === failAt) throw new Error('the cursor failed');
        state.pulled = n;
        yield { n };
        await Promise.resolve();
      }
    } finally {
      state.closed = true;
    }
  }
  const exports = {
    format: (asked: string | undefined) => (asked === 'json' ? 'json' : 'csv'),
    limit: async () => undefined,
    slot: () => () => (state.released += 1),
  } as unknown as ExportsService;
  const prepared: PreparedExport<Row> = { filename: 'dcs-test', columns: COLUMNS, rows, cache: null };
  const req = { method: 'GET', headers: {}, ip: '127.0.0.1' } as unknown as Request;
  const res = new SlowResponse();
  return { state, exports, prepared, req, res };
}

describe('an export streamed to a client', () => {
  it('reads no further rows while the client has not taken the last write (backpressure), then goes on after drain', async () => {
    const h = harness(5_000);
    const done = sendExport(h.exports, h.req, h.res as unknown as Response, 'csv', () => Promise.resolve(h.prepared));
    for (let i = 0; i < 20; i++) await tick();
    expect(h.res.written).toHaveLength(1);
    const pulledAtFirstWrite = h.state.pulled;
    expect(pulledAtFirstWrite).toBeLessThan(1_000); // one ~64 KB chunk of ~110-byte rows, not the whole table
    for (let i = 0; i < 20; i++) await tick();
    expect(h.state.pulled).toBe(pulledAtFirstWrite);
    while (h.res.ended === null) {
      h.res.emit('drain');
      await tick();
    }
    await done;
    const text = h.res.written.join('') + h.res.ended;
    expect(text.split('\r\n')).toHaveLength(5_002); // the header, 5,000 records, '' after the last CRLF
    expect(text.startsWith('n,text\r\n1,\'=row 1 ')).toBe(true);
    expect(h.res.headers['content-disposition']).toBe('attachment; filename="dcs-test.csv"');
    expect(h.state.released).toBe(1);
  });

  it('stops reading, closes the cursor and frees its slot when the client goes away mid-export', async () => {
    const h = harness(100_000);
    const done = sendExport(h.exports, h.req, h.res as unknown as Response, 'json', () => Promise.resolve(h.prepared));
    for (let i = 0; i < 20; i++) await tick();
    expect(h.res.written).toHaveLength(1);
    h.res.gone();
    await done;
    expect(h.state.closed).toBe(true);
    expect(h.state.pulled).toBeLessThan(2_000);
    expect(h.res.ended).toBeNull();
    expect(h.state.released).toBe(1);
  });

  it('answers a failure before the first byte as an error (no download headers left), and cuts the connection after it', async () => {
    const early = harness(10, 1);
    await expect(sendExport(early.exports, early.req, early.res as unknown as Response, 'csv', () => Promise.resolve(early.prepared))).rejects.toThrow('the cursor failed');
    expect(early.res.headers['content-disposition']).toBeUndefined();
    expect(early.res.headers['cache-control']).toBe('no-store');
    expect(early.state.released).toBe(1);

    const late = harness(5_000, 2_500);
    const done = sendExport(late.exports, late.req, late.res as unknown as Response, 'csv', () => Promise.resolve(late.prepared));
    while (!late.res.destroyed) {
      late.res.emit('drain');
      await tick();
    }
    await done;
    expect(late.res.written.length).toBeGreaterThan(0);
    expect(late.res.ended).toBeNull(); // a truncated file, never one that looks complete
    expect(late.state.released).toBe(1);
  });
});

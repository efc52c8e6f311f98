import { boundedClose } from './bounded-close';

describe('boundedClose', () => {
  const logger = () => ({ warn: jest.fn() });

  it('waits for a close that finishes in time, without a warning', async () => {
    const log = logger();
    let closed = false;
    const outcome = await boundedClose('pool', () => new Promise<void>((r) => setTimeout(() => ((closed = true), r()), 20)), log, 1_000);
    expect(outcome).toBe('closed');
    expect(closed).toBe(true);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('stops waiting for a close that never finishes, and says so', async () => {
    const log = logger();
    const started = Date.now();
    const outcome = await boundedClose('database pool', () => new Promise<void>(() => undefined), log, 50);
    expect(outcome).toBe('abandoned');
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('database pool still closing after 50 ms'));
  });

  it('never throws: a failed close (sync or async) is logged', async () => {
    const log = logger();
    expect(await boundedClose('redis', () => Promise.reject(new Error('connection reset')), log, 1_000)).toBe('closed');
    expect(
      await boundedClose(
        'redis',
        () => {
          throw new Error('already closed');
        },
        log,
        1_000,
      ),
    ).toBe('closed');
    expect(log.warn.mock.calls.map((c) => c[0])).toEqual(['redis: close failed (connection reset)', 'redis: close failed (already closed)']);
  });
});

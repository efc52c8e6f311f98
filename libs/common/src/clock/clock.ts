import { Global, Injectable, Module } from '@nestjs/common';

/**
 * The time where deadlines matter (appeal windows, appeal due dates, chat restrictions). Injected so
 * that tests replace it with a FakeClock instead of waiting or asserting on wall-clock time.
 */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}

/** A clock that only moves when told to (tests). */
export class FakeClock extends Clock {
  constructor(private t: Date = new Date()) {
    super();
  }

  override now(): Date {
    return new Date(this.t.getTime());
  }

  set(t: Date): void {
    this.t = new Date(t.getTime());
  }

  advance(ms: number): void {
    this.t = new Date(this.t.getTime() + ms);
  }
}

/**
 * The one Clock of a process (API or worker): every module that asks for `Clock` gets this instance,
 * so a test that replaces its `now` moves every deadline of the process at once.
 */
@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class ClockModule {}

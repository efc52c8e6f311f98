import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { GameRecord } from '@dcs/engine';
import type { GameAnalysis } from '@dcs/engine/analysis';
import type { AnalysisReply } from './analysis-thread';

/**
 * One thread that judges games (analysis-thread): started on first use, one game at a time in order,
 * started again after a crash (the game being judged then fails its job, which BullMQ retries).
 * Built code runs the thread's `.js`; from TypeScript sources (tests, `tsx`) the thread registers tsx first.
 */
@Injectable()
export class AnalysisPool implements OnModuleDestroy {
  private readonly logger = new Logger(AnalysisPool.name);
  private thread: Worker | null = null;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (a: GameAnalysis) => void; reject: (e: Error) => void }>();
  private closed = false;

  analyze(record: GameRecord): Promise<GameAnalysis> {
    if (this.closed) return Promise.reject(new Error('the analysis thread is closed'));
    const thread = this.thread ?? this.start();
    const id = ++this.nextId;
    return new Promise<GameAnalysis>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      thread.postMessage({ id, record });
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    const thread = this.thread;
    this.thread = null;
    this.failAll(new Error('the worker is shutting down'));
    if (thread) await thread.terminate();
  }

  private start(): Worker {
    const js = path.join(__dirname, 'analysis-thread.js');
    const thread = existsSync(js)
      ? new Worker(js)
      : new Worker(`require('tsx/cjs/api').register(); require(${JSON.stringify(path.join(__dirname, 'analysis-thread.ts'))});`, { eval: true });
    thread.unref();
    thread.on('message', (reply: AnalysisReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if ('error' in reply) waiting.reject(new Error(reply.error));
      else waiting.resolve(reply.analysis);
    });
    thread.on('error', (err) => {
      this.logger.error(`analysis thread failed: ${err.message}`);
      this.failAll(err);
    });
    thread.on('exit', (code) => {
      if (this.thread === thread) this.thread = null;
      if (!this.closed && code !== 0) this.logger.warn(`analysis thread exited with ${code}; the next game starts a new one`);
      this.failAll(new Error(`the analysis thread exited (${code})`));
    });
    this.thread = thread;
    return thread;
  }

  private failAll(err: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(err);
    this.pending.clear();
  }
}

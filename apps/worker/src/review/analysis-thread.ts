/**
 * The post-game analysis's own thread: a game record in, its analysis out. The judging is pure CPU
 * (seconds a game); in a thread of its own it leaves the worker's event loop to the turn clocks,
 * hard stops and house computers (a Saturday's round ends 128 games at once).
 */
import { parentPort } from 'node:worker_threads';
import type { GameRecord } from '@dcs/engine';
import { analyzeGame } from '@dcs/engine/analysis';

export interface AnalysisRequest {
  id: number;
  record: GameRecord;
}
export type AnalysisReply = { id: number; analysis: ReturnType<typeof analyzeGame> } | { id: number; error: string };

parentPort?.on('message', (req: AnalysisRequest) => {
  let reply: AnalysisReply;
  try {
    reply = { id: req.id, analysis: analyzeGame(req.record) };
  } catch (err) {
    reply = { id: req.id, error: (err as Error).message };
  }
  parentPort!.postMessage(reply);
});

/**
 * `npm run --silent replay -- FILE [FILE…]` (SPEC 1.8): one JSON result per
 * file, one per line, in order; exit 1 if any record is invalid.
 */
import { readFileSync } from 'fs';
import { replayRecord, type ReplayError, type ReplayResult } from '../record';

function replayFile(file: string): ReplayResult | ReplayError {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    return { error: { code: 'INVALID_RECORD', hand: null, action: null, message: `cannot read ${file}: ${(e as Error).message}` } };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return { error: { code: 'INVALID_RECORD', hand: null, action: null, message: `not JSON: ${(e as Error).message}` } };
  }
  try {
    return replayRecord(parsed);
  } catch (e) {
    // replayRecord never throws on bad input; this guards the exit code against an engine bug
    return { error: { code: 'INVALID_RECORD', hand: null, action: null, message: `internal error: ${(e as Error).message}` } };
  }
}

function main(argv: string[]): number {
  const files = argv.filter((a) => a !== '--');
  if (files.length === 0) {
    process.stderr.write('usage: npm run --silent replay -- FILE [FILE…]\n');
    return 2;
  }
  let failed = false;
  const lines: string[] = [];
  for (const file of files) {
    const result = replayFile(file);
    if ('error' in result) failed = true;
    lines.push(JSON.stringify(result));
  }
  process.stdout.write(lines.join('\n') + '\n');
  return failed ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));

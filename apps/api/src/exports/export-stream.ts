import { applyDecorators, Logger, type Type } from '@nestjs/common';
import { ApiProduces, ApiResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { csvHeader, csvRecord, jsonRecord } from '@dcs/tournament';
import { ApiOk } from '../common/openapi';
import { addVary, applyCachePolicy, NO_STORE } from '../common/http-cache';
import type { ExportFormat, ExportsService, PreparedExport } from './exports.service';

/** Text gathered before a write: a few hundred rows a write, not one system call a row. */
const CHUNK = 64 * 1024;

const logger = new Logger('Exports');

/** An export route's OpenAPI: the rows as JSON (an array) or as CSV, and the 304 of an export with an ETag. */
export function ApiExport(row: Type<unknown>, description: string, opts: { etag?: boolean } = {}): MethodDecorator {
  const decorators = [ApiProduces('application/json', 'text/csv'), ApiOk([row], { description })];
  if (opts.etag) decorators.push(ApiResponse({ status: 304, description: 'Not Modified: the ETag in If-None-Match still holds (no body)' }));
  return applyDecorators(...decorators);
}

/** Whether If-None-Match names this ETag (weak comparison, a list, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag));
}

/** Resolves once the response can take more (drain) or is gone (close). */
function writable(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * Answers one export: the format (?format, else Accept), the caller's address counted, the checks
 * (`prepare`), then the rows streamed from their cursor as CSV (RFC 4180, UTF-8, CRLF, a header row)
 * or a JSON array, written in ~64 KB chunks and waiting for `drain` whenever the client reads slower
 * than the database answers (memory stays flat whatever the size). Before the first byte an error is
 * the usual JSON error; after it the connection is cut (a truncated file, never a wrong one).
 */
export async function sendExport<Row>(exports: ExportsService, req: Request, res: Response, asked: string | undefined, prepare: () => Promise<PreparedExport<Row>>): Promise<void> {
  const format: ExportFormat = exports.format(asked, req.headers.accept);
  await exports.limit(req.ip ?? req.socket.remoteAddress ?? 'unknown');
  const prepared = await prepare();
  addVary(res, 'Accept');
  if (prepared.cache) applyCachePolicy(req, res, prepared.cache);
  else res.setHeader('Cache-Control', NO_STORE);
  if (prepared.version) {
    const etag = `W/"${prepared.filename}-${prepared.version}-${format}"`;
    res.setHeader('ETag', etag);
    if (matches(req.headers['if-none-match'], etag)) {
      res.status(304).end();
      return;
    }
  }
  let release: () => void;
  try {
    release = exports.slot();
  } catch (err) {
    res.setHeader('Retry-After', '5');
    res.setHeader('Cache-Control', NO_STORE);
    throw err;
  }
  try {
    res.status(200);
    res.setHeader('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8; header=present' : 'application/json; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${prepared.filename}.${format}"`);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    await writeRows(res, format, prepared);
  } finally {
    release();
  }
}

async function writeRows<Row>(res: Response, format: ExportFormat, prepared: PreparedExport<Row>): Promise<void> {
  let chunk = format === 'csv' ? csvHeader(prepared.columns) : '[';
  let first = true;
  const rows = prepared.rows();
  try {
    for await (const row of rows) {
      if (format === 'csv') chunk += csvRecord(prepared.columns, row);
      else {
        chunk += `${first ? '' : ','}\n${JSON.stringify(jsonRecord(prepared.columns, row))}`;
        first = false;
      }
      if (chunk.length >= CHUNK) {
        if (res.destroyed) break; // the client went away: the cursor is closed by leaving the loop
        const more = res.write(chunk);
        chunk = '';
        if (!more) await writable(res);
        if (res.destroyed) break;
      }
    }
    if (!res.destroyed) res.end(format === 'csv' ? chunk : `${chunk}${first ? ']' : '\n]'}\n`);
  } catch (err) {
    if (!res.headersSent) {
      // nothing written yet: the usual JSON error answers it
      for (const h of ['Content-Type', 'Content-Disposition', 'ETag']) res.removeHeader(h);
      res.setHeader('Cache-Control', NO_STORE);
      throw err;
    }
    logger.error(`export ${prepared.filename} cut after the first byte: ${err instanceof Error ? err.message : String(err)}`);
    res.destroy(err instanceof Error ? err : undefined);
  }
}

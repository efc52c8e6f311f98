import { ArgumentsHost, HttpStatus, NotFoundException } from '@nestjs/common';
import { AppError } from '@dcs/common';
import { Prisma } from '@dcs/db';
import { AllExceptionsFilter, isWriteConflict } from './all-exceptions.filter';

function send(exception: unknown, acceptLanguage?: string): { status: number; body: unknown } {
  const out = { status: 0, body: undefined as unknown };
  const res = {
    status(code: number) {
      out.status = code;
      return this;
    },
    json(body: unknown) {
      out.body = body;
    },
  };
  const host = { switchToHttp: () => ({ getResponse: () => res, getRequest: () => ({ headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} }) }) } as unknown as ArgumentsHost;
  const filter = new AllExceptionsFilter();
  (filter as unknown as { logger: { error: () => void } }).logger = { error: () => undefined };
  filter.catch(exception, host);
  return out;
}

describe('AllExceptionsFilter', () => {
  it('answers a deadlock or write conflict with 409 TRY_AGAIN (nothing was saved), not a 500', () => {
    const prismaConflict = new Prisma.PrismaClientKnownRequestError('Transaction failed due to a write conflict or a deadlock. Please retry your transaction', {
      code: 'P2034',
      clientVersion: 'test',
    });
    // A raw query (a row lock, SELECT … FOR UPDATE) chosen as a deadlock's victim: P2010 with the SQLSTATE, as Prisma 6 and the pg adapter throw it.
    const rawDeadlock = new Prisma.PrismaClientKnownRequestError('Raw query failed. Code: `40P01`. Message: `deadlock detected`', {
      code: 'P2010',
      clientVersion: 'test',
      meta: { driverAdapterError: { name: 'DriverAdapterError', cause: { originalCode: '40P01', originalMessage: 'deadlock detected', kind: 'TransactionWriteConflict' } } },
    });
    const pgDeadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const pgSerialization = Object.assign(new Error('could not serialize access'), { code: '40001' });
    for (const e of [prismaConflict, rawDeadlock, pgDeadlock, pgSerialization]) {
      expect(isWriteConflict(e)).toBe(true);
      expect(send(e)).toEqual({ status: HttpStatus.CONFLICT, body: { code: 'TRY_AGAIN', message: expect.stringContaining('nothing was saved') } });
    }
  });

  it('keeps other database errors a 500 INTERNAL_ERROR, and HTTP errors as they are', () => {
    const unique = new Prisma.PrismaClientKnownRequestError('Unique constraint failed', { code: 'P2002', clientVersion: 'test' });
    expect(isWriteConflict(unique)).toBe(false);
    const rawSyntax = new Prisma.PrismaClientKnownRequestError('Raw query failed. Code: `42601`', {
      code: 'P2010',
      clientVersion: 'test',
      meta: { driverAdapterError: { name: 'DriverAdapterError', cause: { originalCode: '42601', originalMessage: 'syntax error', kind: 'postgres' } } },
    });
    expect(isWriteConflict(rawSyntax)).toBe(false);
    expect(send(unique)).toEqual({ status: 500, body: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side' } });
    expect(send(Object.assign(new Error('relation does not exist'), { code: '42P01' })).status).toBe(500);
    expect(send(new NotFoundException('no such thing'))).toEqual({ status: 404, body: { code: 'NOT_FOUND', message: 'no such thing' } });
  });

  it("answers in the browser's language: the message in Spanish, the code and status unchanged", () => {
    const wrongTurn = new AppError('WRONG_TURN', "it is not seat 2's turn");
    expect(send(wrongTurn, 'es-MX,es;q=0.9,en;q=0.5')).toEqual({ status: 422, body: { code: 'WRONG_TURN', message: 'No es tu turno.' } });
    expect(send(wrongTurn, 'en-US')).toEqual({ status: 422, body: { code: 'WRONG_TURN', message: "it is not seat 2's turn" } });
    expect(send(new NotFoundException('no such thing'), 'es')).toEqual({ status: 404, body: { code: 'NOT_FOUND', message: 'No se encontró.' } });
  });
});

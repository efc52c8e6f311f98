import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { collectTableWriters, readSchema, tablesWrittenBy, withWritersInDoc, writerProblems, WRITERS_DOC } from '../../scripts/table-writers';

const root = join(__dirname, '..', '..');

/**
 * Tables still written by more than one file, exactly as they are: this list only shrinks. A table
 * that gains a writer, or one listed here whose writers change, fails the test below.
 */
const STILL_SHARED: Record<string, string[]> = {};

describe('one writer file per table (scripts/table-writers.ts)', () => {
  const writers = collectTableWriters(root);

  it('finds every table the platform writes, and the game rows only in the game store', () => {
    expect(writers.get('games')).toEqual(['libs/tournament/src/games/game.store.ts']);
    expect(writers.get('game_actions')).toEqual(['libs/tournament/src/games/game.store.ts']);
    expect(writers.get('registrations')).toEqual(['libs/tournament/src/registrations/registrations.repository.ts']);
    expect(writers.get('season_standings')).toEqual(['libs/tournament/src/season-standings.store.ts']);
    expect(writers.size).toBeGreaterThanOrEqual(40);
  });

  it('has one writer file for every table (print the map: npx tsx scripts/table-writers.ts)', () => {
    const shared = Object.fromEntries([...writers].filter(([, files]) => files.length > 1));
    expect(shared).toEqual(STILL_SHARED);
    const problems = writerProblems(new Map([...writers].filter(([table]) => !(table in STILL_SHARED))));
    expect(problems).toEqual([]);
  });

  it('is listed as it is in docs/scaling.md (npx tsx scripts/table-writers.ts --write)', () => {
    const doc = readFileSync(join(root, WRITERS_DOC.file), 'utf8');
    expect(doc).toBe(withWritersInDoc(doc, writers));
    expect(doc).toContain('| `games` | `libs/tournament/src/games/game.store.ts` |');
  });

  describe('the scan', () => {
    const schema = readSchema(
      ['model User {', '  id String @id', '  @@map("users")', '}', 'model ChallengeTable {', '  id String @id', '  @@map("challenge_tables")', '}', 'model Game {', '  id String @id', '  @@map("games")', '}'].join('\n'),
    );

    it('counts Prisma delegate writes on any client and raw SQL writes, not reads, locks or comments', () => {
      expect(tablesWrittenBy('await tx.user.update({ where: { id } , data })', schema)).toEqual(new Set(['users']));
      expect(tablesWrittenBy('this.prisma.challengeTable\n  .createMany({ data })', schema)).toEqual(new Set(['challenge_tables']));
      expect(tablesWrittenBy('await tx.$executeRaw`update games g SET state = ${s} WHERE g.id = ${id}`', schema)).toEqual(new Set(['games']));
      expect(tablesWrittenBy("pool.query('INSERT INTO \"users\" (id) VALUES ($1)')", schema)).toEqual(new Set(['users']));
      expect(tablesWrittenBy('sql`DELETE FROM challenge_tables WHERE id = ${id}`', schema)).toEqual(new Set(['challenge_tables']));
      expect(tablesWrittenBy('await tx.user.findUnique({ where: { id } }); tx.$queryRaw`SELECT id FROM users WHERE id = ${id} FOR UPDATE`', schema)).toEqual(new Set());
      expect(tablesWrittenBy('tx.$queryRaw`SELECT 1 FROM games g JOIN users u ON true FOR NO KEY UPDATE OF g`', schema)).toEqual(new Set());
      expect(tablesWrittenBy('// the caller may UPDATE users here\n/* tx.game.update( */ const x = 1;', schema)).toEqual(new Set());
    });

    it('fails naming the table and both files when two files write it, and a game row written outside the game store', () => {
      const dir = mkdtempSync(join(tmpdir(), 'table-writers-'));
      try {
        const files: Record<string, string> = {
          'prisma/schema.prisma': 'model User {\n  id String @id\n  @@map("users")\n}\nmodel Game {\n  id String @id\n  @@map("games")\n}\n',
          'apps/api/src/users/users.repository.ts': 'export const a = (tx) => tx.user.update({ where: { id: 1 }, data: {} });\n',
          'libs/tournament/src/penalties.repository.ts': 'export const b = (tx) => tx.$executeRaw`UPDATE users SET status = 1`;\n',
          'libs/tournament/src/penalties.repository.spec.ts': 'tx.game.create({ data: {} });\n',
          'apps/worker/src/forfeit.repository.ts': 'export const c = (tx) => tx.game.update({ where: { id: 1 }, data: {} });\n',
        };
        for (const [file, text] of Object.entries(files)) {
          mkdirSync(dirname(join(dir, file)), { recursive: true });
          writeFileSync(join(dir, file), text);
        }
        const found = collectTableWriters(dir);
        expect(Object.fromEntries(found)).toEqual({
          games: ['apps/worker/src/forfeit.repository.ts'],
          users: ['apps/api/src/users/users.repository.ts', 'libs/tournament/src/penalties.repository.ts'],
        });
        expect(writerProblems(found)).toEqual([
          'games may be written only by libs/tournament/src/games/game.store.ts: apps/worker/src/forfeit.repository.ts',
          'users is written by 2 files (one owner only): apps/api/src/users/users.repository.ts, libs/tournament/src/penalties.repository.ts',
        ]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});

import type { Game } from '@dcs/db';

/*
 * How a game row names its table: one nullable foreign key per kind of table (docs/architecture.md,
 * "How to add a kind of table"). The one place that maps the columns to a table and back; it imports
 * nothing of the platform, so the views, the store and the hosts may all use it.
 */

/** The kinds of table a game is played at (docs/architecture.md, "How to add a kind of table"). */
export type TableKind = 'challenge' | 'house';

/** The table a game is played at. */
export interface TableRef {
  kind: TableKind;
  id: string;
}

/** The game row's columns that name its table: one foreign key per kind (docs/architecture.md). */
export type TableColumns = Pick<Game, 'tableId' | 'houseTableId'>;

/** A game row, or any part of it that holds its table's columns. */
export type GameAtTable = { tableId: string | null; houseTableId?: string | null };

/** The one place a game row's foreign keys become its table (null: a game at no table, as tests and benches deal). */
export function tableOf(game: GameAtTable): TableRef | null {
  if (game.tableId) return { kind: 'challenge', id: game.tableId };
  if (game.houseTableId) return { kind: 'house', id: game.houseTableId };
  return null;
}

/** …and back: the foreign keys of a new game row at `table`. */
export function tableColumns(table: TableRef | null): Partial<TableColumns> {
  if (!table) return { tableId: null };
  switch (table.kind) {
    case 'challenge':
      return { tableId: table.id };
    case 'house':
      return { houseTableId: table.id };
  }
}

/** The same columns as GameStore reads them from a game row (`g`). */
export const TABLE_COLUMNS_SQL = `g.table_id AS "tableId", g.house_table_id AS "houseTableId"`;

/** Each kind's column on `games`. */
const COLUMN_OF: Record<TableKind, string> = { challenge: 'table_id', house: 'house_table_id' };

/** A game row (`g`) at a table of one of these kinds (SQL; false for none). */
export const atTablesOfSql = (kinds: readonly TableKind[]): string => (kinds.length ? `(${kinds.map((k) => `g.${COLUMN_OF[k]} IS NOT NULL`).join(' OR ')})` : 'false');


/** The columns of a table not named (to a viewer its host does not name it to). */
export const NO_TABLE_COLUMNS: TableColumns = { tableId: null, houseTableId: null };

/** The columns naming a game's table, copied from a row. */
export const tableColumnsOf = (g: TableColumns): TableColumns => ({ tableId: g.tableId, houseTableId: g.houseTableId });

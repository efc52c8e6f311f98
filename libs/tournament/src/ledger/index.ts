/** The platform's ledger, for every kind of table: wallets and their entries, the player's file. */
export * from './wallet.repository';
export * from './wallet.messages';
export * from './player-file.repository';

export * from './tables';
export * from './fast-recorder';
export * from './fast-game';
export * from './readable-bridge';
export * from './board-ops';

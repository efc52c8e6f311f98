export * from './judge';
export * from './analyze-game';

export * from './stats';
export * from './analyze';
export * from './evidence';
export * from './signals';
export * from './colocation';
export * from './chip-dumping';

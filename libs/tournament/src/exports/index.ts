export * from './csv';
export * from './exports.repository';

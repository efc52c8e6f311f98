export * from './rules.repository';
export * from './rules.service';
export * from './rules.messages';

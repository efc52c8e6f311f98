export * from '../season-standings.store';
export * from './season-facts.repository';
export * from './season-draw';
export * from './season-queue';
export * from './season-events';
export * from './season.messages';

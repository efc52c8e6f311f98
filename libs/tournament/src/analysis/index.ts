export * from './game-review.repository';

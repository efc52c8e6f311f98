/**
 * Duplicate nights (SPEC 9): the pure parts — how boards are dealt, scored (matchpoints, percentages, places,
 * travellers), seated (movement) and paced (lockstep). The host, the services and the repository build on these.
 */
export * from './board-deal';
export * from './matchpoints';
export * from './standings';
export * from './travellers';
export * from './movement';
export * from './lockstep';

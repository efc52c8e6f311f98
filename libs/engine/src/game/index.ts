/**
 * The game: creation, deals, `apply` of one action, legal moves, the hard
 * stop and the places at a table. Pure: randomness comes from the seeded
 * generator whose state lives in the game state.
 *
 * One file per act: draft.ts (the working copy and the seat facts), create.ts,
 * hands.ts (deal, lead, end of a hand), actions.ts (`apply`), queries.ts and
 * places.ts (hard stop, places, skunks).
 */
export { currentHand, sideOf } from './draft';
export { createGame, createGameFromRecordHeader, startHand, validateDeal, type CreateGameOptions, type RecordHeader } from './create';
export { apply, parseAction, type ApplyOptions } from './actions';
export { handLead, legalMoves } from './queries';
export { hardStop, skunkedSeats, tablePlaces, type TablePlace, type TablePlaces } from './places';

import { Injectable } from '@nestjs/common';
import { Clock } from '@dcs/common';

/**
 * The time the running challenge decides by (the flow's steps, the turn clock, season standings),
 * injected so that a test moves it instead of waiting. Its own token, not `Clock`'s: the review
 * board's modules provide a Clock of their own, and a test that fakes the board's time
 * (`app.get(Clock, { strict: false })` answers the last module's) must not move the flow's too.
 */
@Injectable()
export class TournamentClock extends Clock {}

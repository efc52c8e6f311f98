import { Module } from '@nestjs/common';
import { LiveEmitter } from './live-emitter';

/**
 * The one LiveEmitter of a process, alone: what needs only to push (the API's account services telling the
 * live sockets that tokens changed) imports this, not the whole TournamentModule and its queues.
 * TournamentModule re-exports it.
 */
@Module({ providers: [LiveEmitter], exports: [LiveEmitter] })
export class LiveEmitterModule {}

/**
 * Voice and team channels on the live socket (issue 29, SPEC 6 "Decisions (voice and team channels)"):
 * the payloads of the signalling the platform relays between two seated people (WebRTC is peer to
 * peer; the server never sees the audio) and of the partners' team text. docs/realtime.md describes each.
 */
import type { ChatMessage } from './chat.contract';

/** The largest SDP (an offer or an answer) relayed, in characters. */
export const VOICE_SDP_MAX = 16_384;
/** The largest ICE candidate relayed (its JSON), in characters. */
export const VOICE_CANDIDATE_MAX = 1_024;

/** Which channel links two people: their team (partners at a partners table) or the whole table (friendly and workout tables). */
export type VoiceChannel = 'team' | 'table';

export interface VoiceJoinPayload {
  gameId: string;
}

/** Someone the caller may talk with who has voice on now: the caller offers to each (the newcomer calls). */
export interface VoicePeer {
  userId: string;
  seat: number;
  channel: VoiceChannel;
}

export interface VoiceJoined {
  gameId: string;
  peers: VoicePeer[];
}

/** An offer, an answer or an ICE candidate for one seated person (`to`, a user id). */
export interface VoiceSignalPayload {
  gameId: string;
  to: string;
  kind: 'offer' | 'answer' | 'candidate';
  /** offer, answer: the session description's SDP (at most VOICE_SDP_MAX characters) */
  sdp?: string;
  /** candidate: RTCIceCandidateInit (its JSON at most VOICE_CANDIDATE_MAX characters); null: end of candidates */
  candidate?: { candidate: string; sdpMid?: string | null; sdpMLineIndex?: number | null; usernameFragment?: string | null } | null;
}

/** A relayed signal, to the `to` person's sockets only. */
export interface VoiceSignalEvent {
  gameId: string;
  from: string;
  seat: number;
  channel: VoiceChannel;
  kind: VoiceSignalPayload['kind'];
  sdp?: string;
  candidate?: VoiceSignalPayload['candidate'];
}

/** A person the receiver may talk with turned voice on (`on: true`) or off: to those people's sockets only. */
export interface VoicePeerEvent extends VoicePeer {
  gameId: string;
  on: boolean;
}

/** Team text (partners only): the same filter as table chat. */
export interface TeamChatPayload {
  gameId: string;
  text: string;
  requestId?: string;
}

/** A team message: to the two partners' sockets only (never the table's room, never the opponents), and not to a partner who muted the sender. */
export type TeamMessage = ChatMessage & { channel: 'team' };

/** The ICE servers a player's page uses for voice (GET /api/voice/ice-servers): empty without a TURN relay configured. */
export interface IceServer {
  urls: string[];
  username: string;
  credential: string;
}

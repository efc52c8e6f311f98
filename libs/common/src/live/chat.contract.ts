/** A delivered table chat message (after the filter): the table's chat (live.contract.ts) and a team's (voice.contract.ts) both carry it. */
export interface ChatMessage {
  id: string;
  gameId: string;
  userId: string;
  displayName: string;
  seat: number;
  text: string;
  sentAt: string;
}

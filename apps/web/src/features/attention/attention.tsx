import { i18n } from '../../i18n/i18n';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from '../../auth/auth-context';
import { listen, useLiveSocket } from '../../live/socket';
import { useDeliverySettings } from '../notifications-settings/api';
import { callAttention } from './call-attention';
import { withLocalTimes } from '../../utils/format';

/** The notices that call the player (a browser notification, a sound), with their title in the page's language. */
const URGENT: Record<string, () => string> = { 'table.seated': () => i18n.t('attention.seated'), 'tiebreak.started': () => i18n.t('attention.draw') };

/** The page's sound setting (on until the player turns it off). */
export function useSoundOn(): boolean {
  const settings = useDeliverySettings();
  return settings.data?.sound ?? true;
}

/** Mounted once in the shell for a signed-in player: their table seated, their draw open, heard on their live socket. */
export function Attention() {
  const { token } = useAuth();
  return token ? <SignedInAttention /> : null;
}

function SignedInAttention() {
  const { socket } = useLiveSocket();
  const sound = useSoundOn();
  const navigate = useNavigate();
  const soundRef = useRef(sound);
  soundRef.current = sound;
  useEffect(
    () =>
      listen(socket, 'notification', (n) => {
        const title = URGENT[n.kind]?.();
        // a click on the notification lands on the table (a seating, a draw to pick in)
        const tableId = typeof n.data.tableId === 'string' ? n.data.tableId : null;
        if (title) callAttention({ title, body: withLocalTimes(n.body), tag: n.kind, sound: soundRef.current, open: tableId ? () => void navigate(paths.table.href(tableId)) : undefined });
      }),
    [socket, navigate],
  );
  return null;
}

/** At a live table: calls the player when their turn comes while the tab is in the background. */
export function useTurnAttention(myTurn: boolean): void {
  const sound = useSoundOn();
  useEffect(() => {
    if (myTurn) callAttention({ title: i18n.t('attention.turn'), tag: 'turn', sound });
    // only when the turn becomes theirs (a change of the sound setting calls nobody)
  }, [myTurn]);
}

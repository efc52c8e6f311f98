import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../auth/use-me';
import { ReasonDialog } from '../../components/reason-dialog';
import { useFileReport, type SuspectKind } from './report-queries';
import './report-cheating.css';

const KINDS: SuspectKind[] = ['cheating', 'collusion', 'other'];

/**
 * "Report suspected cheating" at a table or on a finished game's page: one button, and a short form
 * (who, what kind, what was seen) sent to the review board's queue. Shown to a signed-in player, for
 * the others at that game's table. The API decides the rest: one report per reporter, game and player
 * (the same again is added to it), a rate limit, and that the player did play the game.
 */
export function ReportCheating({ gameId, players }: { gameId: string | undefined; players: { userId: string; name: string }[] }) {
  const { t } = useTranslation();
  const me = useMe();
  const id = useId();
  const file = useFileReport();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<{ name: string; merged: boolean } | null>(null);
  const others = players.filter((p) => p.userId !== me.data?.id);
  const [subject, setSubject] = useState('');
  const [kind, setKind] = useState<SuspectKind>('cheating');
  if (!gameId || !me.data || others.length === 0) return null;
  const chosen = others.find((p) => p.userId === subject) ?? others[0];

  return (
    <div className="report-cheating">
      <button type="button" className="small secondary" onClick={() => {
          setDone(null);
          setOpen(true);
        }}>
        {t('report.open')}
      </button>
      {done && (
        <p className="notice notice-ok" role="status">
          {done.merged ? t('report.merged', { name: done.name }) : t('report.sent', { name: done.name })}
        </p>
      )}
      {open && (
        <ReasonDialog
          title={t('report.title')}
          description={t('report.lead')}
          confirm={t('report.send')}
          reasonLabel={t('report.whatSeen')}
          onClose={() => setOpen(false)}
          onSubmit={async (description) => {
            const r = await file.mutateAsync({ subjectId: chosen.userId, gameId, category: kind, description });
            setDone({ name: chosen.name, merged: r.merged });
          }}
        >
          <label htmlFor={`${id}-who`}>{t('report.who')}</label>
          <select id={`${id}-who`} value={chosen.userId} onChange={(e) => setSubject(e.target.value)}>
            {others.map((p) => (
              <option key={p.userId} value={p.userId}>
                {p.name}
              </option>
            ))}
          </select>
          <fieldset className="report-kinds">
            <legend>{t('report.kind')}</legend>
            {KINDS.map((k) => (
              <label key={k} className="check">
                <input type="radio" name={`${id}-kind`} value={k} checked={kind === k} onChange={() => setKind(k)} />
                <span>
                  {t(`report.kinds.${k}`)}
                  <span className="muted small-text"> — {t(`report.kindHelp.${k}`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
        </ReasonDialog>
      )}
    </div>
  );
}

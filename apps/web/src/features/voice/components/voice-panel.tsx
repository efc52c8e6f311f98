import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TableChat } from '../../live-table/components/table-chat';
import { useMuteActs, useMutes, useReportVoice } from '../api/voice-queries';
import { useTeamChat } from '../live/use-team-chat';
import { useVoice } from '../live/use-voice';
import './voice-panel.css';
import { ApiError } from '../../../api/client';
import { ErrorView, errorWords } from '../../../components/status';

/** A level above this (RMS of the waveform) shows the person as speaking. */
const SPEAKING = 0.01;

export interface VoiceSeat {
  seat: number;
  userId: string;
  name: string;
}

export interface VoicePanelProps {
  gameId: string;
  mySeat: number;
  /** the other people seated (computers have no voice) */
  others: VoiceSeat[];
  partners: boolean;
  purpose: 'friendly' | 'workout' | 'stake';
  playing: boolean;
}

/**
 * Voice at a house table (SPEC 6, docs/rules.md "Voice and team channels"): turn it on or off, open mic
 * or push-to-talk, who is speaking (a level per person), mute anyone (it follows you to every table),
 * report someone's voice (the last 60 s you heard go with the report, and only then); at a partners
 * table the team's own text channel. The server refuses voice where there is none and the refusal is shown.
 */
export function VoicePanel({ gameId, mySeat, others, partners, purpose, playing }: VoicePanelProps) {
  const { t } = useTranslation();
  const mutes = useMutes();
  const muted = new Set((mutes.data ?? []).map((m) => m.userId));
  const acts = useMuteActs();
  const voice = useVoice(gameId, muted);
  const team = useTeamChat(gameId, partners);
  const [reporting, setReporting] = useState<VoiceSeat | null>(null);
  const canTalk = (o: VoiceSeat) => (partners && o.seat % 2 === mySeat % 2) || purpose !== 'stake';
  const where = partners ? (purpose === 'stake' ? t('voice.whereTeam') : t('voice.whereTeamAndTable')) : purpose === 'stake' ? t('voice.whereNone') : t('voice.whereTable');
  const level = (id: string) => voice.levels[id] ?? 0;

  return (
    <>
      <section aria-labelledby="voice-h" className="voice-panel" data-testid="voice-panel" data-voice-on={voice.on}>
        <h2 id="voice-h">{t('voice.title')}</h2>
        <p className="muted">{where}</p>
        <div className="actions">
          {voice.on ? (
            <button type="button" className="secondary" onClick={() => void voice.turnOff()}>
              {t('voice.turnOff')}
            </button>
          ) : (
            <button type="button" onClick={() => void voice.start()} disabled={voice.busy}>
              {t('voice.turnOn')}
            </button>
          )}
          {voice.on && (
            <fieldset className="voice-mode">
              <legend className="sr-only">{t('voice.mode')}</legend>
              <label>
                <input type="radio" name="voice-mode" checked={voice.mode === 'open'} onChange={() => voice.setMode('open')} /> {t('voice.openMic')}
              </label>
              <label>
                <input type="radio" name="voice-mode" checked={voice.mode === 'push'} onChange={() => voice.setMode('push')} /> {t('voice.pushToTalk')}
              </label>
            </fieldset>
          )}
          {voice.on && voice.mode === 'push' && (
            <button
              type="button"
              className={voice.talking ? 'talking' : 'secondary'}
              aria-pressed={voice.talking}
              onPointerDown={() => voice.talk(true)}
              onPointerUp={() => voice.talk(false)}
              onPointerLeave={() => voice.talking && voice.talk(false)}
              onKeyDown={(e) => e.key === ' ' && !e.repeat && voice.talk(true)}
              onKeyUp={(e) => e.key === ' ' && voice.talk(false)}
            >
              {t('voice.holdToTalk')}
            </button>
          )}
        </div>
        {voice.error && <ErrorView error={voice.error} title={t('voice.refused')} testId="voice-error" />}
        <ul className="voice-people" aria-label={t('voice.people')}>
          <li>
            <Speaking level={voice.on ? level('me') : 0} seat={mySeat} label={t('voice.you')} />
          </li>
          {others.map((o) => {
            const isMuted = muted.has(o.userId);
            const linked = voice.peerIds.includes(o.userId);
            return (
              <li key={o.userId}>
                <Speaking level={linked && !isMuted ? level(o.userId) : 0} seat={o.seat} label={o.name} />
                <span className="muted">{linked ? t('voice.connected') : canTalk(o) ? t('voice.notConnected') : t('voice.noVoiceWith')}</span>
                <button type="button" className="secondary" aria-pressed={isMuted} onClick={() => (isMuted ? acts.unmute : acts.mute).mutate(o.userId)}>
                  {isMuted ? t('voice.unmute', { name: o.name }) : t('voice.mute', { name: o.name })}
                </button>
                {canTalk(o) && (
                  <button type="button" className="secondary" onClick={() => setReporting(o)}>
                    {t('voice.report', { name: o.name })}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
        {reporting && <ReportForm gameId={gameId} who={reporting} clipOf={voice.clipOf} onDone={() => setReporting(null)} />}
        <p className="muted small">{t('voice.nothingRecorded')}</p>
      </section>
      {partners && <TableChat id="team-chat" title={t('voice.teamTitle')} messages={team.messages.filter((m) => !muted.has(m.userId))} onSend={team.say} canSend={playing} />}
    </>
  );
}

/** The speaking indicator: the level as a bar and in `data-level` (0 … 1). */
function Speaking({ level, seat, label }: { level: number; seat: number; label: string }) {
  const { t } = useTranslation();
  const speaking = level > SPEAKING;
  return (
    <span className={`speaking${speaking ? ' is-speaking' : ''}`} data-testid={`speaking-${seat}`} data-level={level.toFixed(4)} data-speaking={speaking}>
      <span className="speaking-dot" aria-hidden="true" style={{ transform: `scale(${1 + Math.min(1, level * 8)})` }} />
      <strong>{label}</strong>
      <span className="sr-only">{speaking ? t('voice.speaking') : ''}</span>
    </span>
  );
}

/** A report of someone's voice: what happened, and the last 60 s of their voice this page heard (uploaded now, with the report). */
function ReportForm({ gameId, who, clipOf, onDone }: { gameId: string; who: VoiceSeat; clipOf(userId: string): Promise<{ blob: Blob; durationMs: number } | null>; onDone(): void }) {
  const { t } = useTranslation();
  const report = useReportVoice();
  const [text, setText] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const clip = await clipOf(who.userId);
    report.mutate({ gameId, subjectId: who.userId, description: text.trim(), clip });
  };
  if (report.isSuccess) {
    const secs = report.data.clip ? Math.round(report.data.clip.durationMs / 1000) : 0;
    return (
      <div className="notice" role="status" data-testid="voice-reported">
        <p>{report.data.clip ? t('voice.reportedWithClip', { name: who.name, seconds: secs }) : t('voice.reportedNoClip', { name: who.name })}</p>
        <button type="button" className="secondary" onClick={onDone}>
          {t('voice.close')}
        </button>
      </div>
    );
  }
  return (
    <form className="voice-report" onSubmit={(e) => void submit(e)} aria-label={t('voice.reportTitle', { name: who.name })}>
      <label htmlFor="voice-report-text">{t('voice.reportWhat', { name: who.name })}</label>
      <textarea id="voice-report-text" value={text} minLength={3} maxLength={2000} required onChange={(e) => setText(e.target.value)} />
      <p className="muted small">{t('voice.reportClipNote', { name: who.name })}</p>
      <div className="actions">
        <button type="submit" disabled={report.isPending || text.trim().length < 3}>
          {t('voice.sendReport')}
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          {t('voice.cancel')}
        </button>
      </div>
      {report.isError && (
        <div className="notice notice-error" role="alert">
          <p>{report.error instanceof ApiError ? errorWords(report.error, t) : report.error.message}</p>
        </div>
      )}
    </form>
  );
}

import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { dealSeed, verifyGame, type VerifyResult } from '@dcs/engine/fairness';
import { sha256Hex } from '@dcs/engine/hash';
import type { GameRecord } from '@dcs/engine/record';
import { api, unwrap } from '../../../api/client';
import { ErrorView, Loading } from '../../../components/status';
import { paths } from '../../../config/paths';
import './verify-page.css';

/** A record as GET /api/games/:id/record answers it (or as a file of it): SPEC 1.8 with the deal's parts. */
type FullRecord = GameRecord & { gameId?: string; seed?: string | null; seedHash?: string; contributions?: string[] };

interface Checked {
  record: FullRecord;
  source: string;
  result: VerifyResult | null;
  /** why nothing could be checked */
  problem: string | null;
}

const short = (hex: string) => (hex.length > 20 ? `${hex.slice(0, 12)}…${hex.slice(-6)}` : hex || i18n.t('verify.noneParen'));

/** Runs the engine's own verification on a record, in this browser. */
function check(record: FullRecord, source: string): Checked {
  if (typeof record !== 'object' || record === null || !Array.isArray(record.hands)) return { record, source, result: null, problem: i18n.t('verify.notRecord') };
  if (!record.seed) return { record, source, result: null, problem: i18n.t('verify.stillPlaying') };
  if (!record.seedHash) return { record, source, result: null, problem: i18n.t('verify.noHash') };
  try {
    const result = verifyGame(record, { serverSeed: record.seed, seedHash: record.seedHash, contributions: record.contributions ?? null });
    return { record, source, result, problem: null };
  } catch (e) {
    return { record, source, result: null, problem: i18n.t('verify.notChecked', { message: (e as Error).message }) };
  }
}

/**
 * Deals no one can steer (docs/rules.md): paste a game's id (its public record is fetched) or open a
 * record file, and this page recomputes in the browser — with the engine's own code, bundled — the
 * deal's seed from the server's revealed seed and the players' contributions, every hand's deal, and
 * every move's legality and score: a tick per hand, or the first difference.
 */
export function VerifyPage() {
  const [params, setParams] = useSearchParams();
  const [id, setId] = useState(params.get('game') ?? '');
  const [checked, setChecked] = useState<Checked | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const { t } = useTranslation();

  const fetchGame = async (gameId: string) => {
    setLoading(true);
    setError(null);
    setChecked(null);
    try {
      const record = (await unwrap(api.GET('/api/games/{id}/record', { params: { path: { id: gameId } } }))) as unknown as FullRecord;
      setChecked(check(record, t('verify.game', { id: gameId })));
    } catch (e) {
      setError(e);
    } finally {
      setLoading(false);
    }
  };

  useEffect(() => {
    const g = params.get('game');
    if (g) void fetchGame(g);
    // Only when the address names another game.
  }, [params.get('game')]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const g = id.trim();
    if (g) setParams({ game: g });
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    try {
      const record = JSON.parse(await file.text()) as FullRecord;
      setChecked(check(record, t('verify.file', { name: file.name })));
    } catch {
      setChecked({ record: {} as FullRecord, source: t('verify.file', { name: file.name }), result: null, problem: t('verify.notJson') });
    }
  };

  return (
    <>
      <h1>{t('verify.title')}</h1>
      <p className="muted verify-intro">{t('verify.intro')}</p>
      <div className="verify-inputs">
        <form onSubmit={onSubmit} className="verify-form">
          <label htmlFor="verify-game">{t('verify.gameId')}</label>
          <div className="verify-row">
            <input id="verify-game" value={id} onChange={(e) => setId(e.target.value)} placeholder="3c5e7a9b-1d2f-…" spellCheck={false} autoComplete="off" />
            <button type="submit">{t('verify.check')}</button>
          </div>
        </form>
        <div className="verify-form">
          <label htmlFor="verify-file">{t('verify.orFile')}</label>
          <input id="verify-file" type="file" accept="application/json,.json" onChange={(e) => void onFile(e.target.files?.[0])} />
        </div>
      </div>
      {loading && <Loading what={t('verify.theRecord')} />}
      {!!error && <ErrorView error={error} title={t('verify.fetchFailed')} />}
      {checked && <Report checked={checked} />}
    </>
  );
}

function Report({ checked }: { checked: Checked }) {
  const { record, result, problem, source } = checked;
  const { t } = useTranslation();
  if (problem || !result) {
    return (
      <section className="notice notice-error verify-report" role="alert" data-testid="verify-problem">
        <p className="notice-title">{t('verify.nothing', { source })}</p>
        <p>{problem}</p>
      </section>
    );
  }
  const contributions = record.contributions ?? null;
  const seed = record.seed ?? '';
  return (
    <section className="verify-report" aria-labelledby="verify-h" data-testid="verify-report">
      <h2 id="verify-h">
        {result.ok ? (
          <span className="verify-ok" data-testid="verify-verdict">
            ✓ {t('verify.verified')}
          </span>
        ) : (
          <span className="verify-bad" data-testid="verify-verdict">
            ✗ {t('verify.notVerified')}
          </span>
        )}{' '}
        <span className="subtle">{source}</span>
      </h2>
      {record.gameId && (
        <p>
          <Link to={paths.replay.href(record.gameId)}>{t('verify.replay')}</Link>
        </p>
      )}
      {result.firstDifference && (
        <div className="notice notice-error" role="alert" data-testid="first-difference">
          <p className="notice-title">
            {t('verify.firstDifference')}
            {result.firstDifference.hand !== null ? ` — ${t('verify.hand', { n: result.firstDifference.hand + 1 })}` : ''}
            {result.firstDifference.action !== null ? `, ${t('verify.move', { n: result.firstDifference.action + 1 })}` : ''}
          </p>
          <p>{result.firstDifference.message}</p>
        </div>
      )}
      <h3>{t('verify.parts')}</h3>
      <dl className="verify-parts">
        <dt>{t('verify.commitment')}</dt>
        <dd>
          <code title={record.seedHash}>{short(record.seedHash ?? '')}</code> {result.commitment ? <span className="verify-ok">✓ {t('verify.hashOk')}</span> : <span className="verify-bad">✗ {t('verify.hashBad')}</span>}
        </dd>
        <dt>{t('verify.serverSeed')}</dt>
        <dd>
          <code title={seed}>{short(seed)}</code>
        </dd>
        <dt>{t('verify.contributions')}</dt>
        <dd>
          {contributions ? (
            <ol className="verify-contributions" data-testid="contributions">
              {contributions.map((c, i) => (
                <li key={i}>
                  {t('verify.seat', { n: i + 1 })} <code title={c}>{c ? short(c) : t('verify.none')}</code>
                </li>
              ))}
            </ol>
          ) : (
            t('verify.serverAlone')
          )}
        </dd>
        <dt>{t('verify.dealSeed')}</dt>
        <dd>
          <code title={result.seed}>{short(result.seed || (contributions ? safeSeed(seed, contributions) : seed))}</code>
        </dd>
        {result.scores && (
          <>
            <dt>{t('verify.scores')}</dt>
            <dd data-testid="scores">{result.scores.join(' · ')}</dd>
          </>
        )}
      </dl>
      <h3>{t('verify.hands')}</h3>
      <ol className="verify-hands" data-testid="hands">
        {result.hands.map((h) => (
          <li key={h.hand} className={h.ok ? 'ok' : 'bad'} data-ok={h.ok ? 'true' : 'false'}>
            <span aria-hidden="true">{h.ok ? '✓' : '✗'}</span> {t('verify.handLine', { n: h.hand + 1, what: h.ok ? t('verify.handOk') : h.difference })}
          </li>
        ))}
      </ol>
      <p className="muted">{t('verify.checkedHere', { hash: short(sha256Hex(seed)) })}</p>
    </section>
  );
}

function safeSeed(seed: string, contributions: string[]): string {
  try {
    return dealSeed(seed, contributions);
  } catch {
    return '';
  }
}

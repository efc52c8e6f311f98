import { openEnds } from '@dcs/engine/board';
import type { BoardState } from '@dcs/engine/types';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Board } from '../../../components/board';
import { paths } from '../../../config/paths';
import { HOUSE_RULESETS, RULESET_NAMES } from '../../house/components/house-common';
import './how-to-play.css';

const placed = (tile: string, outer: number) => ({ tile, outer, double: tile[0] === tile[2] });

/** The spinner: 6-6 led, covered on both sides, then played on N and S as well — four ends, 3 + 1 + 2 + 4 = 10. */
const SPINNER: BoardState = {
  lead: { tile: '6-6', w: 6, e: 6 },
  spinner: { value: 6, arm: 'lead', index: 0 },
  arms: { W: [placed('6-3', 3)], E: [placed('6-1', 1)], N: [placed('6-2', 2)], S: [placed('6-4', 4)] },
};
/** Exactly 10: 6-4 led, its two ends 6 + 4. */
const TEN: BoardState = { lead: { tile: '6-4', w: 6, e: 4 }, spinner: null, arms: { W: [], E: [], N: [], S: [] } };
/** 15 (SPEC 1.2's own example): 6-6 led, 6-3 on W: 3 + the uncovered spinner's 12. A Yellow player scores it; a Grey one does not. */
const FIFTEEN: BoardState = { lead: { tile: '6-6', w: 6, e: 6 }, spinner: { value: 6, arm: 'lead', index: 0 }, arms: { W: [placed('6-3', 3)], E: [], N: [], S: [] } };

/**
 * How to play (issue 43): the tournament game and the four house rulesets in plain words, with pictures drawn by the
 * board the tables use (a spinner, an "exactly 10"). /rules keeps the version in force and its acceptance and links here;
 * the live table and the house table link here too. The rulebook's own words stay visible beside the plain ones.
 */
export function HowToPlayPage() {
  const { t } = useTranslation();
  const b = { 0: <strong /> };
  return (
    <article className="how-to-play">
      <h1>{t('howTo.title')}</h1>
      <p className="lead">{t('howTo.lead')}</p>
      <nav aria-label={t('howTo.contents')}>
        <ul className="how-to-contents">
          <li>
            <a href="#tournament">{t('howTo.tournamentTitle')}</a>
          </li>
          <li>
            <a href="#grey-yellow">{t('howTo.greyYellowTitle')}</a>
          </li>
          <li>
            <a href="#spinner">{t('howTo.spinnerTitle')}</a>
          </li>
          <li>
            <a href="#house">{t('howTo.houseTitle')}</a>
          </li>
        </ul>
      </nav>

      <section id="tournament" aria-labelledby="tournament-h">
        <h2 id="tournament-h">{t('howTo.tournamentTitle')}</h2>
        <ul>
          {(['deal', 'lead', 'turn', 'knock', 'score', 'end', 'win', 'clock', 'hardStop'] as const).map((k) => (
            <li key={k}>
              <Trans i18nKey={`howTo.t.${k}`} components={b} />
            </li>
          ))}
        </ul>
      </section>

      <section id="grey-yellow" aria-labelledby="grey-yellow-h">
        <h2 id="grey-yellow-h">{t('howTo.greyYellowTitle')}</h2>
        <p>
          <Trans i18nKey="howTo.greyYellow" components={{ grey: <span className="chip chip-grey" />, yellow: <span className="chip chip-yellow" /> }} />
        </p>
        <div className="how-to-pictures">
          <div className="how-to-picture">
            <Board board={TEN} openEnds={openEnds(TEN)} sum={10} size={20} label={t('howTo.tenLabel')} />
            <p>
              <span className="verdict verdict-yes" aria-hidden="true">
                ✓
              </span>{' '}
              {t('howTo.tenCaption')}
            </p>
          </div>
          <div className="how-to-picture">
            <Board board={FIFTEEN} openEnds={openEnds(FIFTEEN)} sum={15} size={20} label={t('howTo.fifteenLabel')} />
            <p>
              <span className="verdict verdict-no" aria-hidden="true">
                ✗
              </span>{' '}
              {t('howTo.fifteenCaption')}
            </p>
          </div>
        </div>
        <p>{t('howTo.countRule')}</p>
      </section>

      <section id="spinner" aria-labelledby="spinner-h">
        <h2 id="spinner-h">{t('howTo.spinnerTitle')}</h2>
        <div className="how-to-pictures">
          <div className="how-to-picture how-to-wide">
            <Board board={SPINNER} openEnds={openEnds(SPINNER)} sum={10} size={20} label={t('howTo.spinnerLabel')} />
          </div>
          <div>
            <p>{t('howTo.spinner')}</p>
            <p>{t('howTo.spinnerCount')}</p>
          </div>
        </div>
      </section>

      <section id="house" aria-labelledby="house-h">
        <h2 id="house-h">{t('howTo.houseTitle')}</h2>
        <p>{t('howTo.houseLead')}</p>
        <ul>
          {(['seats', 'yard', 'getOn', 'smallest', 'bonus', 'skunk', 'clock'] as const).map((k) => (
            <li key={k}>
              <Trans i18nKey={`howTo.h.${k}`} components={b} />
            </li>
          ))}
        </ul>
        <div className="how-to-rulesets">
          {HOUSE_RULESETS.map((r) => (
            <section key={r} className="card" aria-labelledby={`ruleset-${r}`}>
              <h3 id={`ruleset-${r}`}>
                {t(`rulesets.${r}.plain`)} <span className="subtle">({RULESET_NAMES[r]})</span>
              </h3>
              <p>{t(`rulesets.${r}.oneLine`)}</p>
              <p className="muted">{t(`rulesets.${r}.details`)}</p>
            </section>
          ))}
        </div>
      </section>

      <p>
        <Trans i18nKey="howTo.rulesLink" components={{ 0: <Link to={paths.rules.href()} /> }} />
      </p>
    </article>
  );
}

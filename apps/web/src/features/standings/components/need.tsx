import { Trans, useTranslation } from 'react-i18next';
import type { StandingRowDto } from '../../../api/types';
import { i18n } from '../../../i18n/i18n';
import { formatNumber } from '../../../utils/format';
import './need.css';

/** "What I need" as the API computes it (docs/rules.md): the smallest result that clinches, and the gain below which the player is out. */
export type RaceNeed = NonNullable<StandingRowDto['need']>;

const TOP: Record<string, string> = { '2': '2', '3-4': '4', '5-8': '8', '9-16': '16' };

/** The result that clinches, in plain words: "win any challenge", "finish top 2 twice", "play 3 more challenges". */
export function clinchWords(clinch: NonNullable<RaceNeed['clinch']>): string {
  const { level, challenges } = clinch;
  if (level === '1') return i18n.t('need.win', { count: challenges });
  if (level === 'participation') return i18n.t('need.play', { count: challenges });
  return i18n.t('need.finishTop', { count: challenges, top: TOP[level] ?? level });
}

/** One line for a table cell: what clinches, or that no result alone does. */
export function needShort(need: RaceNeed): string {
  return need.clinch ? i18n.t('need.clinches', { what: clinchWords(need.clinch) }) : i18n.t('need.noneAlone');
}

/**
 * What a player in contention needs, in sentences. `you` speaks to the signed-in player about themselves.
 */
export function NeedSentences({ need, you }: { need: RaceNeed; you: boolean }) {
  const { t } = useTranslation();
  return (
    <p className="need">
      {need.clinch ? (
        <Trans i18nKey="need.toClinch" values={{ what: clinchWords(need.clinch), points: formatNumber(need.clinch.points) }} components={[<strong />]} />
      ) : (
        you ? <Trans i18nKey="need.noClinchYou" components={[<strong />]} /> : <Trans i18nKey="need.noClinchThey" components={[<strong />]} />
      )}{' '}
      {need.outBelow > 0 ? (
        you ? (
          <Trans i18nKey="need.outYou" values={{ points: formatNumber(need.outBelow) }} components={[<strong />]} />
        ) : (
          <Trans i18nKey="need.outThey" values={{ points: formatNumber(need.outBelow) }} components={[<strong />]} />
        )
      ) : (
        you ? t('need.safeYou') : t('need.safeThey')
      )}
    </p>
  );
}

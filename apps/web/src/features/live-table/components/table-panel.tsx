import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { GameViewPayload } from '@dcs/common/live/live.contract';
import type { TablePrefs } from './table-feedback';

/**
 * The table's details, chat, voice, fairness, settings and keyboard help: beside the table on a wide
 * screen, a drawer over it on a phone (opened from the bar; Escape or the close button closes it and
 * gives the focus back to the button that opened it).
 */
export function TablePanel({ open, drawer, onClose, opener, children }: { open: boolean; drawer: boolean; onClose(): void; opener: RefObject<HTMLButtonElement | null>; children: ReactNode }) {
  const { t } = useTranslation();
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!drawer) return;
    if (open) close.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && open) {
        onClose();
        opener.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, drawer]);
  return (
    <aside id="table-panel" className={`ts-panel${open ? ' open' : ''}${drawer ? ' drawer' : ''}`} aria-label={t('table.details')} data-testid="table-panel">
      {drawer && (
        <div className="ts-panel-head">
          <h2>{t('table.details')}</h2>
          <button
            type="button"
            ref={close}
            className="secondary"
            onClick={() => {
              onClose();
              opener.current?.focus();
            }}
          >
            {t('table.closeDetails')}
          </button>
        </div>
      )}
      {children}
    </aside>
  );
}

/** Deals no one can steer: the commitment and the players' contributions, as they come in (docs/rules.md, Deals 4a). */
export function FairDealLine({ fairness, seedHash }: { fairness: NonNullable<GameViewPayload['fairness']>; seedHash: string }) {
  const all = fairness.contributions ?? [];
  const sent = all.filter((c) => typeof c === 'string' && c.length > 0).length;
  const people = all.filter((c) => c !== '').length;
  const { t } = useTranslation();
  return (
    <div className="muted" data-testid="fair-deal">
      <p>{fairness.dealClosesAt ? t('fairDeal.dealing', { sent, people }) : t('fairDeal.dealt', { count: sent })}</p>
      {/* the hash is for whoever checks the deal, not for reading during play (issue 43) */}
      <details className="error-details">
        <summary>{t('fairDeal.details')}</summary>
        <p>{t('fairDeal.commitmentExplained')}</p>
        <p>
          {t('fairDeal.commitment')} <code className="small-text">{seedHash}</code>
        </p>
      </details>
    </div>
  );
}

/** The keys of the table (lichess-style keyboard play). */
export function KeyboardHelp() {
  const { t } = useTranslation();
  return (
    <details className="keys">
      <summary>{t('table.keyboard')}</summary>
      <ul>
        <li>
          <Trans i18nKey="table.keysTiles" components={[<kbd />, <kbd />, <kbd />, <kbd />, <kbd />]} />
        </li>
        <li>
          <Trans i18nKey="table.keysPlay" components={[<kbd />, <kbd />, <kbd />, <kbd />, <kbd />, <kbd />, <kbd />]} />
        </li>
        <li>
          <Trans i18nKey="table.keysKnock" components={[<kbd />, <kbd />, <kbd />]} />
        </li>
        <li>{t('table.keysAnnounced')}</li>
      </ul>
    </details>
  );
}

/** Sound and vibration at the table (saved on this device). */
export function TableSettings({ prefs, change }: { prefs: TablePrefs; change(c: Partial<TablePrefs>): void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="table-settings" data-testid="table-settings">
      <legend>{t('table.feedback')}</legend>
      <label>
        <input type="checkbox" checked={prefs.turnSound} onChange={(e) => change({ turnSound: e.target.checked })} /> {t('table.turnSound')}
      </label>
      <label>
        <input type="checkbox" checked={prefs.lowSound} onChange={(e) => change({ lowSound: e.target.checked })} /> {t('table.lowSound')}
      </label>
      <label>
        <input type="checkbox" checked={prefs.vibrate} onChange={(e) => change({ vibrate: e.target.checked })} /> {t('table.vibrate')}
      </label>
      <p className="muted small">{t('table.motionNote')}</p>
    </fieldset>
  );
}

/**
 * While the table fills the screen, the page behind it (the site's header and anything else) is inert
 * and does not scroll: the keyboard stays on the table, as in a dialog.
 */
export function useFullScreen(ref: RefObject<HTMLElement | null>, on: boolean): void {
  useEffect(() => {
    const el = ref.current;
    if (!on || !el) return;
    const made: Element[] = [];
    for (let node: HTMLElement | null = el; node && node !== document.body; node = node.parentElement) {
      const parent: HTMLElement | null = node.parentElement;
      if (!parent) break;
      for (const sibling of Array.from(parent.children)) {
        if (sibling === node || sibling.hasAttribute('inert') || sibling.tagName === 'SCRIPT') continue;
        // the announcer's live region stays heard
        if (sibling.querySelector('[data-testid="announcer"]') || sibling.getAttribute('data-testid') === 'announcer') continue;
        sibling.setAttribute('inert', '');
        made.push(sibling);
      }
    }
    document.documentElement.classList.add('at-table');
    return () => {
      made.forEach((s) => s.removeAttribute('inert'));
      document.documentElement.classList.remove('at-table');
    };
  }, [on]);
}

import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import type { OpenEnd } from '@dcs/engine/board';
import { Domino } from '../../../components/domino';
import './hand.css';

type End = 'W' | 'E' | 'N' | 'S';
/** One of the server's legal moves (PlayerView.legalMoves). */
export interface LegalMove {
  type: string;
  tile?: string;
  end?: End;
}

/** An end's name in the page's language ("west", "oeste"). */
export const endName = (end: End): string => i18n.t(`ends.${end}`);

export interface HandProps {
  tiles: string[];
  /** the server's legal moves for this seat now (empty when it is not my turn) */
  legal: LegalMove[];
  openEnds: OpenEnd[];
  /** false while a move is on its way */
  enabled: boolean;
  /** `end` is absent for the play that opens a hand (the lead has no end yet) */
  onPlay(tile: string, end?: End): void;
  /** a tap on a tile that cannot be played now (the page says why, in place) */
  onRefused?(tile: string): void;
  /** the tile whose refusal is being explained (marked) */
  refused?: string | null;
}

/**
 * My hand: the tiles I hold, the ones the server lists as legal plays highlighted. A tile that fits
 * one end plays at once; one that fits several asks which end. Keyboard: ←/→ (Home/End) move between
 * tiles, Enter or Space plays the focused tile, then W/E/N/S (or the arrows and Enter) choose an end,
 * Escape cancels.
 */
export function Hand({ tiles, legal, openEnds, enabled, onPlay, onRefused, refused }: HandProps) {
  const { t } = useTranslation();
  const [focus, setFocus] = useState(0);
  const [choosing, setChoosing] = useState<string | null>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const endButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const playsOf = (tile: string) => legal.filter((m) => m.type === 'play' && m.tile === tile);
  const endsOf = (tile: string) => playsOf(tile).filter((m) => m.end).map((m) => m.end as End);
  const valueOf = (end: End) => openEnds.find((e) => e.end === end)?.value;

  useEffect(() => {
    if (focus >= tiles.length) setFocus(Math.max(0, tiles.length - 1));
  }, [tiles.length, focus]);
  useEffect(() => {
    if (choosing) endButtons.current[0]?.focus();
  }, [choosing]);
  useEffect(() => {
    if (choosing && endsOf(choosing).length === 0) setChoosing(null);
  });

  const move = (i: number) => {
    const n = Math.max(0, Math.min(tiles.length - 1, i));
    setFocus(n);
    buttons.current[n]?.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') move(focus + 1);
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') move(focus - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(tiles.length - 1);
    else return;
    e.preventDefault();
  };
  const choose = (tile: string) => {
    if (!enabled || playsOf(tile).length === 0) return onRefused?.(tile);
    const ends = endsOf(tile);
    if (playsOf(tile).some((m) => !m.end)) onPlay(tile);
    else if (ends.length === 1) onPlay(tile, ends[0]);
    else if (ends.length > 1) setChoosing(tile);
  };
  const endKey = (e: KeyboardEvent) => {
    const ends = choosing ? endsOf(choosing) : [];
    const k = e.key.toUpperCase();
    if (e.key === 'Escape') {
      setChoosing(null);
      buttons.current[focus]?.focus();
    } else if (choosing && ends.includes(k as End)) {
      onPlay(choosing, k as End);
      setChoosing(null);
    } else if (e.key === 'ArrowRight' || e.key === 'ArrowDown' || e.key === 'ArrowLeft' || e.key === 'ArrowUp') {
      const i = endButtons.current.findIndex((b) => b === document.activeElement);
      const d = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : -1;
      endButtons.current[(i + d + ends.length) % ends.length]?.focus();
    } else return;
    e.preventDefault();
    e.stopPropagation();
  };

  return (
    <div className="hand-wrap">
      <div className="hand" role="toolbar" aria-label={t('hand.myTiles')} aria-orientation="horizontal" onKeyDown={onKey}>
        {tiles.map((tile, i) => {
          const playable = playsOf(tile).length > 0;
          return (
            <button
              key={tile}
              ref={(el) => {
                buttons.current[i] = el;
              }}
              type="button"
              className={`hand-tile${playable ? ' legal' : ''}${choosing === tile ? ' choosing' : ''}${refused === tile ? ' refused' : ''}`}
              tabIndex={i === focus ? 0 : -1}
              aria-disabled={!playable || !enabled}
              aria-label={playable ? t('hand.playable', { tile: tile }) : tile}
              data-tile={tile}
              onFocus={() => setFocus(i)}
              onClick={() => choose(tile)}
            >
              <Domino tile={tile} orientation="vertical" size={21} />
            </button>
          );
        })}
      </div>
      {choosing && (
        <div className="end-choice" role="group" aria-label={t('hand.whichEnd', { tile: choosing })} onKeyDown={endKey}>
          <span>{t('hand.playOn', { tile: choosing })}</span>
          {endsOf(choosing).map((end, i) => (
            <button
              key={end}
              ref={(el) => {
                endButtons.current[i] = el;
              }}
              type="button"
              onClick={() => {
                onPlay(choosing, end);
                setChoosing(null);
              }}
            >
              {endName(end)} {valueOf(end) ?? ''} <kbd>{end}</kbd>
            </button>
          ))}
          <button type="button" className="secondary" onClick={() => setChoosing(null)}>
            {t('hand.cancel')} <kbd>Esc</kbd>
          </button>
        </div>
      )}
    </div>
  );
}

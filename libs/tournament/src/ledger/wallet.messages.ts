import type { Currency } from '@dcs/db';
import type { NotificationRow } from '../notifications/notifications.repository';

const UNIT = { DD: { en: 'DD', es: 'DD' }, soups: { en: 'soups', es: 'sopas' } } as const;

/**
 * A fine larger than the balance: the rest is owed (SPEC 8.2). Told once per fine that adds to the debt
 * (its dedupe key is the fine's own), with what the player owes now and how the debt is paid.
 */
export function walletDebtNotice(f: { userId: string; currency: Currency; fined: number; addedToDebt: number; owedNow: number; fineKey: string; gameId?: string | null; houseTableId?: string | null }): NotificationRow {
  const u = UNIT[f.currency];
  return {
    userId: f.userId,
    kind: 'wallet.debt',
    title: `Your ${u.en} wallet is in debt: you owe ${f.owedNow} ${u.en}`,
    body: `A fine of ${f.fined} ${u.en} was more than your balance: ${f.addedToDebt} ${u.en} more is owed, ${f.owedNow} ${u.en} in all. Your next credits (winnings, a jar payout, the Monday commissary) pay it first; until it is paid you cannot join a stake table.`,
    es: {
      title: `Tu billetera de ${u.es} está en deuda: debes ${f.owedNow} ${u.es}`,
      body: `Una multa de ${f.fined} ${u.es} superó tu saldo: se suman ${f.addedToDebt} ${u.es} a la deuda, ${f.owedNow} ${u.es} en total. Tus próximos créditos (ganancias, un pago del Bote del Reloj, el economato del lunes) la pagan primero; hasta entonces no puedes sentarte en una mesa con apuesta.`,
    },
    data: { currency: f.currency, fined: f.fined, addedToDebt: f.addedToDebt, owed: f.owedNow, gameId: f.gameId ?? null, houseTableId: f.houseTableId ?? null },
    dedupeKey: `wallet-debt:${f.fineKey}`,
  };
}

import { useEffect } from 'react';
import type { HouseDealtEvent, HouseSettledEvent } from '@dcs/common/live/live.contract';
import { useLiveSocket } from '../../../live/socket';

/** A house table's own pushes to the people seated: `house:dealt` (a game dealt, a rematch) and `house:settled` (its settlement booked) call `onChange`. */
export function useHouseTableLive(tableId: string, onChange: () => void): void {
  const { socket } = useLiveSocket();
  useEffect(() => {
    if (!tableId) return;
    const on = (e: HouseDealtEvent | HouseSettledEvent) => {
      if (e.tableId === tableId) onChange();
    };
    socket.on('house:dealt', on);
    socket.on('house:settled', on);
    return () => {
      socket.off('house:dealt', on);
      socket.off('house:settled', on);
    };
  }, [socket, tableId]);
}

/** The badge shows up to 9; the accessible name always has the exact count. */
export const badgeText = (count: number) => (count > 9 ? '9+' : String(count));

export const bellLabel = (count: number) =>
  count === 0 ? 'Notifications, none unread' : `Notifications, ${count} unread`;

export const arrivalsText = (count: number) =>
  count === 1 ? '1 unread notification' : `${count} unread notifications`;

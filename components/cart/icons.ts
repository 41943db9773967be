/** Outline paths for the cart panel's icons (drawn with components/layout/header/icons.tsx's Icon). */
export const CLOSE = 'M6 6l12 12M18 6 6 18';
export const TRASH = 'M4 7h16M10 11v6m4-6v6M6 7l1 12a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1l1-12M9 7V4h6v3';
export const CALENDAR = 'M4 6h16v14H4zM4 10h16M8 3v4m8-4v4';
export const MINUS = 'M6 12h12';
export const PLUS = 'M12 6v12M6 12h12';

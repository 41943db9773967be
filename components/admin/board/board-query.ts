/**
 * The board's filters as they live in the page's URL (`/admin?day=2027-02-14&state=paid&q=…&page=2`),
 * so that a view can be shared and survives a refresh: read from the query (on the server for
 * the first render, from `location.search` after Back/Forward), written back as the query, and
 * turned into the board call's parameters. Pure: no React, no browser.
 */
import { BOARD_BRANCHES, BOARD_STATES, type BoardBranch, type BoardState } from '@/lib/domain/backoffice';

/** `day`: a YYYY-MM-DD delivery day, or 'all' (every day: a search across days). */
export type BoardFilters = { day: string; branch: BoardBranch | ''; state: BoardState | ''; q: string; page: number };

type Query = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';
const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));

/**
 * The filters a query asks for; anything unknown falls back to its default (today, every branch,
 * every state, no search, page 1).
 * @example filtersFromQuery({ state: 'paid', page: '2' }, '2027-02-14') // { day: '2027-02-14', branch: '', state: 'paid', q: '', page: 2 }
 */
export function filtersFromQuery(query: Query, today: string): BoardFilters {
  const day = first(query.day);
  const branch = first(query.branch);
  const state = first(query.state);
  const page = Number.parseInt(first(query.page), 10);
  return {
    day: day === 'all' || isDay(day) ? day : today,
    branch: (BOARD_BRANCHES as readonly string[]).includes(branch) ? (branch as BoardBranch) : '',
    state: (BOARD_STATES as readonly string[]).includes(state) ? (state as BoardState) : '',
    q: first(query.q).trim().slice(0, 100),
    page: Number.isFinite(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The same, from a `location.search` string. */
export function filtersFromSearch(search: string, today: string): BoardFilters {
  return filtersFromQuery(Object.fromEntries(new URLSearchParams(search)), today);
}

/**
 * The page's query string for filters ('' parts left out; the day always written, so that a
 * shared link shows the same day tomorrow).
 * @example boardSearchString({ day: '2027-02-14', branch: '', state: 'paid', q: '', page: 1 }) // '?day=2027-02-14&state=paid'
 */
export function boardSearchString(filters: BoardFilters): string {
  const params = new URLSearchParams({ day: filters.day });
  if (filters.branch) params.set('branch', filters.branch);
  if (filters.state) params.set('state', filters.state);
  if (filters.q) params.set('q', filters.q);
  if (filters.page > 1) params.set('page', String(filters.page));
  return `?${params.toString()}`;
}

/** The board call's parameters: 'all' days and empty filters are not sent. */
export function boardParams(filters: BoardFilters): { day?: string; branch?: string; state?: string; q?: string; page?: number } {
  return {
    ...(filters.day !== 'all' && { day: filters.day }),
    ...(filters.branch && { branch: filters.branch }),
    ...(filters.state && { state: filters.state }),
    ...(filters.q && { q: filters.q }),
    ...(filters.page > 1 && { page: filters.page }),
  };
}

/**
 * A day `n` days after a YYYY-MM-DD day.
 * @example addDays('2027-02-28', 1) // '2027-03-01'
 */
export function addDays(day: string, n: number): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + n);
  return at.toISOString().slice(0, 10);
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * A YYYY-MM-DD day for people, with its weekday.
 * @example dayLabel('2027-02-14') // 'Sun 14 Feb'
 */
export function dayLabel(day: string): string {
  return isDay(day) ? dayFormat.format(new Date(`${day}T12:00:00Z`)) : day || '—';
}

/**
 * A delivery zone or state key for people.
 * @example areaLabel('lagos-central') // 'Lagos central'
 */
export function areaLabel(key: string): string {
  const words = key.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : '';
}

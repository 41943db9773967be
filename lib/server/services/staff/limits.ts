/**
 * The rate-limit counters of staff sign-in, apart from shoppers' (a staff e-mail may also be a
 * shopper's): failed logins per e-mail (5 per 15 minutes) and per address (20), wrong codes per
 * e-mail (5 per 15 minutes) and per address (20), codes e-mailed per member (5 an hour).
 */
import { RULES, type Counter } from '@/lib/server/security/rate-limit';

export const staffLoginAccount = (email: string): Counter => ({ key: `staff-login:email:${email}`, rule: RULES.loginPerAccount });
export const staffLoginCounters = (email: string, ip: string): Counter[] => [
  staffLoginAccount(email),
  { key: `staff-login:ip:${ip}`, rule: RULES.loginPerAddress },
];

export const staffCodeAccount = (email: string): Counter => ({ key: `staff-code:email:${email}`, rule: RULES.staffCodePerAccount });
export const staffCodeCounters = (email: string, ip: string): Counter[] => [
  staffCodeAccount(email),
  { key: `staff-code:ip:${ip}`, rule: RULES.staffCodePerAddress },
];

export const staffCodeSendCounter = (staffId: string): Counter => ({ key: `staff-code-send:${staffId}`, rule: RULES.staffCodeSendPerAccount });

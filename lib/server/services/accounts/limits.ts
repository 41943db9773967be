/**
 * The rate-limit counters of each account call: per account (e-mail), per client address (the
 * `ip` of a RequestContext is already a rate-limit key) and, for answers that tell whether an
 * account exists, shop-wide.
 */
import { RULES, type Counter } from '@/lib/server/security/rate-limit';

export const loginAccount = (email: string): Counter => ({ key: `login:email:${email}`, rule: RULES.loginPerAccount });
export const loginCounters = (email: string, ip: string): Counter[] => [
  loginAccount(email),
  { key: `login:ip:${ip}`, rule: RULES.loginPerAddress },
];

export const otpValidateAccount = (email: string): Counter => ({ key: `otp-validate:email:${email}`, rule: RULES.otpValidatePerAccount });
export const otpValidateCounters = (email: string, ip: string): Counter[] => [
  otpValidateAccount(email),
  { key: `otp-validate:ip:${ip}`, rule: RULES.otpValidatePerAddress },
];

export const otpRequestCounters = (email: string, ip: string): Counter[] => [
  { key: `otp-request:email:${email}`, rule: RULES.otpRequestPerAccount },
  { key: `otp-request:ip:${ip}`, rule: RULES.otpRequestPerAddress },
];

/** 'Account exists' answers (signup's 409, the checkout's notice): per address and shop-wide. */
export const signupConflictCounters = (ip: string): Counter[] => [
  { key: `signup-conflict:ip:${ip}`, rule: RULES.signupConflictPerAddress },
  { key: 'signup-conflict:shop', rule: RULES.accountExistsShop },
];

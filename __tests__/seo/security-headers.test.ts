/** @jest-environment node */
/**
 * The security headers next.config.js puts on every answer (e2e/security-headers.test.ts checks
 * them on real answers and that the pages satisfy the policy in Chromium): one rule for every
 * path, a strict script policy in production, and the companions the spec asks for.
 */

type Header = { key: string; value: string };
type Rule = { source: string; headers: Header[] };
type Config = { headers: () => Promise<Rule[]> };

/** next.config.js read afresh under the given NODE_ENV. */
async function rulesUnder(nodeEnv: string): Promise<Rule[]> {
  const env = process.env as Record<string, string | undefined>;
  const saved = env.NODE_ENV;
  env.NODE_ENV = nodeEnv;
  try {
    let config: Config | undefined;
    jest.isolateModules(() => {
      config = jest.requireActual<Config>('../../next.config.js');
    });
    return await config!.headers();
  } finally {
    env.NODE_ENV = saved;
  }
}

function policyOf(rules: Rule[]): Map<string, string[]> {
  const value = rules[0]?.headers.find((h) => h.key === 'Content-Security-Policy')?.value ?? '';
  return new Map(
    value
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('security headers (next.config.js)', () => {
  it('apply to every path, pages and API alike', async () => {
    const rules = await rulesUnder('production');
    expect(rules).toHaveLength(1);
    expect(rules[0]!.source).toBe('/:path*');
  });

  it('forbid sniffing, framing, cross-site referrers and camera, microphone and location', async () => {
    const headers = Object.fromEntries((await rulesUnder('production'))[0]!.headers.map((h) => [h.key, h.value]));
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['X-Frame-Options']).toBe('DENY');
    expect(headers['Permissions-Policy']).toBe('camera=(), microphone=(), geolocation=()');
  });

  it('allow in production only the shop’s own scripts, connections, fonts and forms', async () => {
    const policy = policyOf(await rulesUnder('production'));
    expect(Object.fromEntries(policy)).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'"],
      'connect-src': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
      'base-uri': ["'self'"],
      'object-src': ["'none'"],
    });
  });

  it('loosen scripts and connections for `next dev` only (hot reloading needs eval and a websocket)', async () => {
    const development = policyOf(await rulesUnder('development'));
    expect(development.get('script-src')).toContain("'unsafe-eval'");
    expect(development.get('connect-src')).toContain('ws:');
    expect(development.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policyOf(await rulesUnder('test')).get('script-src')).toEqual(["'self'"]);
  });
});

/** @jest-environment node */
import path from 'node:path';
import { ConfigError, parseConfig } from '@/lib/server/config';

describe('parseConfig', () => {
  it('fills every value with a working default', () => {
    const config = parseConfig({ NODE_ENV: 'test' });
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, businessId: 'regal', siteUrl: 'http://localhost:3000' });
    expect(config.dataDir).toBe(path.resolve('.data'));
    expect(config.branches.map((b) => b.key)).toEqual(['lagos', 'abuja']);
  });

  it('reads the environment', () => {
    const config = parseConfig({ NODE_ENV: 'production', PORT: '4100', DATABASE_URL: 'postgres://u@h/db', SITE_URL: 'https://shop.example/', LAGOS_BRANCH_PHONE: '+234 1 234' });
    expect(config).toMatchObject({ port: 4100, databaseUrl: 'postgres://u@h/db', siteUrl: 'https://shop.example' });
    expect(config.branches[0]!.phone).toBe('+234 1 234');
  });

  it('names every bad variable in one clear error', () => {
    const attempt = () => parseConfig({ NODE_ENV: 'test', PORT: 'eighty', DATABASE_URL: 'mysql://x', SITE_URL: 'not a url' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/DATABASE_URL: must start with postgres:\/\//);
    expect(attempt).toThrow(/SITE_URL/);
  });
});

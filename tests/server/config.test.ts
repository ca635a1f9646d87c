import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDuration } from '../../server/config';

describe('configuration', () => {
  it('has a default for every setting', () => {
    const config = loadConfig({}, '/srv/console');
    expect(config).toMatchObject({
      port: 5200,
      dataDir: '/srv/console/data',
      databaseUrl: null,
      demoSeed: true,
      accessTokenTtlSeconds: 7200,
      refreshTokenTtlSeconds: 7 * 86400,
      idleLockMinutes: 30,
      chatPingInterval: 20,
      chatPingTimeout: 75,
    });
  });

  it('turns demo data off by default on PostgreSQL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/console' }).demoSeed).toBe(false);
  });

  it('names every bad variable', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ACCESS_TOKEN_TTL: '2 weeks', DEMO_SEED: 'maybe' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const text = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'ACCESS_TOKEN_TTL', 'DEMO_SEED']) expect(text).toContain(name);
    }
  });

  it('reads durations with units', () => {
    expect(parseDuration('900')).toBe(900);
    expect(parseDuration('30m')).toBe(1800);
    expect(parseDuration('2h')).toBe(7200);
    expect(parseDuration('7d')).toBe(604800);
    expect(parseDuration('0')).toBeNull();
    expect(parseDuration('soon')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../src/runtime/config.js';

const TOKEN = 'MTAx.fake.token';

describe('the configuration', () => {
  it('needs DISCORD_TOKEN and says how to set it', () => {
    expect(() => readConfig({})).toThrow(ConfigError);
    expect(() => readConfig({})).toThrow(/^DISCORD_TOKEN is not set: set it to your bot token from the Discord Developer Portal/);
    expect(() => readConfig({ DISCORD_TOKEN: '   ' })).toThrow(/^DISCORD_TOKEN is not set/);
  });

  it('rejects a token that was pasted with a prefix or quotes', () => {
    expect(() => readConfig({ DISCORD_TOKEN: `Bot ${TOKEN}` })).toThrow(/^DISCORD_TOKEN does not look like a bot token/);
  });

  it('never echoes the token in its messages', () => {
    try {
      readConfig({ DISCORD_TOKEN: 'secret value with spaces' });
    } catch (err) {
      expect((err as Error).message).not.toContain('secret');
    }
  });

  it('fills defaults and treats blank values as unset', () => {
    expect(readConfig({ DISCORD_TOKEN: TOKEN, CATALOGUE_DIR: '', LOG_LEVEL: '' })).toEqual({
      DISCORD_TOKEN: TOKEN,
      CATALOGUE_DIR: 'catalogue',
      LOG_LEVEL: 'info',
      INTERACTIONS_MODE: 'gateway',
      FLOOD_GUARD_SECONDS: 60,
      LEARN_FROM_CHANNEL: 'on',
    });
  });

  it('names a malformed optional variable and what to put there', () => {
    expect(() => readConfig({ DISCORD_TOKEN: TOKEN, DISCORD_GUILD_ID: 'my server' })).toThrow(
      /^DISCORD_GUILD_ID is not a server id: set it to a server id/,
    );
    expect(() => readConfig({ DISCORD_TOKEN: TOKEN, LOG_LEVEL: 'loud' })).toThrow(
      /^LOG_LEVEL is not a log level: set it to one of fatal, error/,
    );
    expect(() => readConfig({ DISCORD_TOKEN: TOKEN, DISCORD_API_URL: 'ftp://x' })).toThrow(/^DISCORD_API_URL is not an http\(s\) URL/);
    expect(() => readConfig({ DISCORD_TOKEN: TOKEN, DISCORD_API_URL: 'http://127.0.0.1:1/api/' })).toThrow(
      /^DISCORD_API_URL ends with a slash/,
    );
  });

  it('does not need a token for the terminal front-end', () => {
    expect(readConfig({}, 'catalogue-only').CATALOGUE_DIR).toBe('catalogue');
  });
});

import { describe, expect, it } from 'vitest';
import { redactTokens } from '../../src/runtime/log.js';

describe('log redaction', () => {
  it('hides interaction and webhook tokens in URLs', () => {
    expect(redactTokens('https://discord.com/api/v10/interactions/123/aW50ZXJhY3Rpb24.abc-_/callback?with_response=false')).toBe(
      'https://discord.com/api/v10/interactions/123/[redacted]/callback?with_response=false',
    );
    expect(redactTokens('PATCH /webhooks/42/secret-token/messages/@original')).toBe('PATCH /webhooks/42/[redacted]/messages/@original');
  });

  it('leaves other routes alone', () => {
    expect(redactTokens('/channels/1/messages/pins/2')).toBe('/channels/1/messages/pins/2');
  });
});

/**
 * `domain` is the customer's bare domain: the service's address is `https://api.<domain>/api/v1`.
 * Anything else is a clear `ConfigurationError`, never `https://api.api.example.com`.
 */
import { describe, expect, it } from 'vitest';
import { ConfigurationError, WarehouseClient } from '../../src/index.js';

const credentials = { apiKey: 'wh-key-123456', warehouseId: 'wh-1' };

function refusal(domain: string): ConfigurationError {
  try {
    new WarehouseClient({ domain, ...credentials });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return error as ConfigurationError;
  }
  throw new Error(`domain ${domain} was accepted`);
}

describe('domain', () => {
  it.each([
    ['example.com', 'https://api.example.com/api/v1'],
    ['Example.COM', 'https://api.example.com/api/v1'],
    ['shop.example.co.uk', 'https://api.shop.example.co.uk/api/v1'],
  ])('%s sends to %s', (domain, baseUrl) => {
    expect(new WarehouseClient({ domain, ...credentials }).baseUrl).toBe(baseUrl);
  });

  it.each([
    ['api.example.com', /without "api\." \(example\.com\)/],
    ['API.example.com', /without "api\."/],
    ['https://example.com', /without a scheme or path/],
    ['example.com/api/v1', /without a scheme or path/],
    ['example.com:8443', /without a port/],
    ['localhost', /domain name such as example\.com/],
    ['exa mple.com', /domain name such as example\.com/],
    ['', /domain name such as example\.com/],
  ])('%j is refused, naming the option: %s', (domain, message) => {
    const error = refusal(domain);
    expect(error.option).toBe('domain');
    expect(error.issues[0]!.message).toMatch(message);
    expect(error.message).not.toContain('api.api.');
  });

  it('refuses baseUrl and domain together, and neither', () => {
    expect(() => new WarehouseClient({ baseUrl: 'https://api.example.com', domain: 'example.com', ...credentials } as never)).toThrow(
      /give baseUrl or domain, not both/,
    );
    expect(() => new WarehouseClient({ ...credentials } as never)).toThrow(/baseUrl: is required \(or give domain\)/);
  });
});

import { describe, expect, it } from 'vitest';
import { codePointLength } from '../../src/index.js';

describe('codePointLength', () => {
  it('counts an emoji written as a surrogate pair once', () => {
    expect(codePointLength('😀')).toBe(1);
    expect(codePointLength('a😀b')).toBe(3);
  });
  it('counts a lone surrogate as one character', () => {
    expect(codePointLength('\ud83d')).toBe(1);
    expect(codePointLength('\ude00x')).toBe(2);
  });
  it('counts plain text by its length', () => {
    expect(codePointLength('')).toBe(0);
    expect(codePointLength('héllo')).toBe(5);
  });
});

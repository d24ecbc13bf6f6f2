import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifySignature } from '../../testing/webhook-receiver';
import { signatureHeader } from './signature';
import { checkTarget, isPublicAddress, parseTargetUrl, TargetRefused } from './target-address';

describe('which addresses a webhook may reach', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast and mapped inside addresses', () => {
    for (const inside of [
      '127.0.0.1',
      '10.20.30.40',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not an address',
    ]) {
      expect(isPublicAddress(inside), inside).toBe(false);
    }
  });

  it('takes public addresses', () => {
    for (const outside of ['8.8.8.8', '172.32.0.1', '93.184.216.34', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(outside), outside).toBe(true);
    }
  });

  it('takes only http(s) URLs without credentials', () => {
    expect(parseTargetUrl('https://example.com/hook').hostname).toBe('example.com');
    for (const bad of [
      'ftp://example.com/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'http://u:p@example.com/',
      'example.com',
    ]) {
      expect(() => parseTargetUrl(bad), bad).toThrow(TargetRefused);
    }
  });

  it('refuses an inside address literal unless allowed', async () => {
    await expect(checkTarget(new URL('http://[::1]:8080/x'), false)).rejects.toThrow(/loopback/);
    await expect(checkTarget(new URL('http://169.254.169.254/'), false)).rejects.toThrow(/link-local/);
    await expect(checkTarget(new URL('http://127.0.0.1/x'), true)).resolves.toBeUndefined();
  });
});

describe('the signature of a delivery', () => {
  it('is t and the hex HMAC-SHA256 of "<t>.<body>", which a receiver verifies', () => {
    const body = '{"id":"1","event":"created"}';
    const t = Math.floor(Date.now() / 1000);
    const header = signatureHeader('s3cret-s3cret-s3cret', body, t);
    const v1 = createHmac('sha256', 's3cret-s3cret-s3cret').update(`${t}.${body}`).digest('hex');
    expect(header).toBe(`t=${t},v1=${v1}`);
    expect(verifySignature(header, body, 's3cret-s3cret-s3cret')).toBe(true);
    expect(verifySignature(header, `${body} `, 's3cret-s3cret-s3cret')).toBe(false);
    expect(
      verifySignature(signatureHeader('s3cret-s3cret-s3cret', body, t - 3600), body, 's3cret-s3cret-s3cret'),
    ).toBe(false);
  });
});

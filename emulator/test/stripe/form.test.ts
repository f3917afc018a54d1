/** The form-body parser against what stripe-node actually encodes. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { FormError, parseForm, splitKey } from '../../src/stripe/form.js';

/** The raw body stripe-node sends for `params` (captured by a throw-away HTTP server). */
async function bodySentByStripeNode(params: Stripe.Checkout.SessionCreateParams): Promise<string> {
  let captured = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      captured = Buffer.concat(chunks).toString('utf8');
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end('{"id":"cs_x","object":"checkout.session"}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  await new Stripe('sk_test_x', { host: '127.0.0.1', port, protocol: 'http' }).checkout.sessions.create(
    params,
  );
  await new Promise<void>((r) => server.close(() => r()));
  return captured;
}

describe('parseForm', () => {
  it('splits bracketed keys', () => {
    expect(splitKey('a')).toEqual(['a']);
    expect(splitKey('a[b][0][c]')).toEqual(['a', 'b', '0', 'c']);
    expect(splitKey('expand[]')).toEqual(['expand', '']);
    expect(() => splitKey('a[b')).toThrow(FormError);
  });

  it('reads flat values, keeps empty strings, decodes + and %XX', () => {
    expect(parseForm('name=Acme+SA&email=a%40b.test&description=')).toEqual({
      name: 'Acme SA',
      email: 'a@b.test',
      description: '',
    });
    expect(parseForm('')).toEqual({});
    expect(parseForm('flag')).toEqual({ flag: '' });
  });

  it('builds nested objects and index arrays (a[b][0][c]=x)', () => {
    expect(parseForm('a[b][0][c]=x&a[b][1][c]=y&a[d]=z')).toEqual({
      a: { b: [{ c: 'x' }, { c: 'y' }], d: 'z' },
    });
  });

  it('orders arrays by index and compacts gaps', () => {
    expect(parseForm('l[2]=c&l[0]=a&l[10]=d&l[1]=b')).toEqual({ l: ['a', 'b', 'c', 'd'] });
  });

  it('appends with [] (curl style) and mixes with indexes', () => {
    expect(parseForm('expand[]=customer&expand[]=subscription')).toEqual({
      expand: ['customer', 'subscription'],
    });
    expect(parseForm('e[0]=a&e[]=b')).toEqual({ e: ['a', 'b'] });
  });

  it('keeps non-index keys as objects (metadata with numeric-looking and odd keys)', () => {
    expect(parseForm('metadata[orgId]=o1&metadata[01]=x&metadata[a b]=c%26d')).toEqual({
      metadata: { orgId: 'o1', '01': 'x', 'a b': 'c&d' },
    });
    expect(parseForm('metadata[0]=x')).toEqual({ metadata: ['x'] });
  });

  it('accepts percent-encoded brackets', () => {
    expect(parseForm('line_items%5B0%5D%5Bprice%5D=price_1&line_items%5B0%5D%5Bquantity%5D=2')).toEqual({
      line_items: [{ price: 'price_1', quantity: '2' }],
    });
  });

  it('rejects a key used both as a value and as a container', () => {
    expect(() => parseForm('a=1&a[b]=2')).toThrow(FormError);
    expect(() => parseForm('a[b]=2&a=1')).toThrow(FormError);
    expect(() => parseForm('a=%E0%A4%A')).toThrow(FormError);
    expect(() => parseForm('[x]=1')).toThrow(FormError);
  });

  it('reads what stripe-node sends for a Checkout Session', async () => {
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: 'subscription',
      customer: 'cus_123',
      client_reference_id: 'org-1',
      metadata: { orgId: 'org-1', note: "it's (fine)* ¡sí!" },
      line_items: [{ price: 'price_trato_monthly', quantity: 1 }],
      subscription_data: {
        trial_period_days: 14,
        trial_settings: { end_behavior: { missing_payment_method: 'pause' } },
        metadata: { orgId: 'org-1' },
      },
      payment_method_collection: 'if_required',
      success_url: 'https://app.test/ok?session={CHECKOUT_SESSION_ID}&x=1',
      expand: ['subscription', 'customer'],
      allow_promotion_codes: false,
      custom_text: { submit: null },
    };
    const body = await bodySentByStripeNode(params);
    expect(body).toContain('line_items[0][price]=price_trato_monthly');
    expect(parseForm(body)).toEqual({
      mode: 'subscription',
      customer: 'cus_123',
      client_reference_id: 'org-1',
      metadata: { orgId: 'org-1', note: "it's (fine)* ¡sí!" },
      line_items: [{ price: 'price_trato_monthly', quantity: '1' }],
      subscription_data: {
        trial_period_days: '14',
        trial_settings: { end_behavior: { missing_payment_method: 'pause' } },
        metadata: { orgId: 'org-1' },
      },
      payment_method_collection: 'if_required',
      success_url: 'https://app.test/ok?session={CHECKOUT_SESSION_ID}&x=1',
      expand: ['subscription', 'customer'],
      allow_promotion_codes: 'false',
      custom_text: { submit: '' },
    });
  });
});

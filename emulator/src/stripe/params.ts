/**
 * Stripe's error shapes and the parameter readers the API handlers share. Errors carry what
 * stripe-node turns into its error classes: HTTP status + `error.type` (+ `code`, `param`).
 */
import type { FormObject, FormValue } from './form.js';
import type { Metadata } from './objects.js';

export interface StripeErrorBody {
  type: 'invalid_request_error' | 'api_error' | 'card_error' | 'idempotency_error';
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
  doc_url?: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

export function docUrl(code: string): string {
  return `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;
}

function coded(status: number, code: string, message: string, param?: string): ApiError {
  return new ApiError(status, {
    type: 'invalid_request_error',
    code,
    message,
    ...(param !== undefined ? { param } : {}),
    doc_url: docUrl(code),
  });
}

export const invalid = (message: string, param?: string, code?: string): ApiError =>
  code
    ? coded(400, code, message, param)
    : new ApiError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });

export const missingParam = (param: string): ApiError =>
  coded(400, 'parameter_missing', `Missing required param: ${param}.`, param);

/** A resource named by a parameter (400) or by the URL (404, param `id`). */
export const noSuch = (
  noun: string,
  id: string,
  param = 'id',
  status = param === 'id' ? 404 : 400,
): ApiError => coded(status, 'resource_missing', `No such ${noun}: '${id}'`, param);

export const unknownParam = (param: string): ApiError =>
  coded(400, 'parameter_unknown', `Received unknown parameter: ${param}`, param);

export function str(p: FormObject, key: string, param = key): string | undefined {
  const v = p[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw invalid(`Invalid string: ${param}`, param, 'parameter_invalid_string');
  return v;
}

/** A string where `''` means "unset" (null). */
export function nullableStr(p: FormObject, key: string, param = key): string | null | undefined {
  const v = str(p, key, param);
  return v === '' ? null : v;
}

export function bool(p: FormObject, key: string, param = key): boolean | undefined {
  const v = str(p, key, param);
  if (v === undefined) return undefined;
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw invalid(`Invalid boolean: ${v}`, param, 'parameter_invalid_boolean');
}

export function int(
  p: FormObject,
  key: string,
  param = key,
  range: { min?: number; max?: number } = {},
): number | undefined {
  const v = str(p, key, param);
  if (v === undefined) return undefined;
  if (!/^-?\d+$/.test(v)) throw invalid(`Invalid integer: ${v}`, param, 'parameter_invalid_integer');
  const n = Number(v);
  if ((range.min !== undefined && n < range.min) || (range.max !== undefined && n > range.max)) {
    const bounds =
      range.max === undefined
        ? `greater than or equal to ${range.min}`
        : range.min === undefined
          ? `less than or equal to ${range.max}`
          : `between ${range.min} and ${range.max}`;
    throw invalid(`Invalid integer: ${v}; must be ${bounds}`, param, 'parameter_invalid_integer');
  }
  return n;
}

export function obj(p: FormObject, key: string, param = key): FormObject | undefined {
  const v = p[key];
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw invalid(`Invalid object`, param);
  return v;
}

export function arr(p: FormObject, key: string, param = key): FormValue[] | undefined {
  const v = p[key];
  if (v === undefined || v === '') return undefined;
  if (!Array.isArray(v)) throw invalid(`Invalid array`, param);
  return v;
}

export function oneOf<T extends string>(
  p: FormObject,
  key: string,
  allowed: readonly T[],
  param = key,
): T | undefined {
  const v = str(p, key, param);
  if (v === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(v))
    throw invalid(
      `Invalid ${param}: must be one of ${allowed.slice(0, -1).join(', ')} or ${allowed[allowed.length - 1]}`,
      param,
      'parameter_invalid_string',
    );
  return v as T;
}

export function email(p: FormObject, key: string, param = key): string | null | undefined {
  const v = nullableStr(p, key, param);
  if (v && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v))
    throw invalid(`Invalid email address: ${v}`, param, 'email_invalid');
  return v;
}

export function url(p: FormObject, key: string, param = key): string | null | undefined {
  const v = nullableStr(p, key, param);
  if (v) {
    let ok = false;
    try {
      const u = new URL(v.split('{CHECKOUT_SESSION_ID}').join('x'));
      ok = u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      ok = false;
    }
    if (!ok) throw invalid('Not a valid URL', param, 'url_invalid');
  }
  return v;
}

/**
 * Stripe's metadata update: `metadata[k]=v` sets, `metadata[k]=` removes k, `metadata=` clears
 * everything. Returns the change to apply (or undefined when the parameter is absent).
 * Limits: 50 keys, keys up to 40 characters, values up to 500.
 */
export function metadata(p: FormObject, key = 'metadata'): ((current: Metadata) => Metadata) | undefined {
  const v = p[key];
  if (v === undefined) return undefined;
  if (v === '') return () => ({});
  if (typeof v !== 'object' || Array.isArray(v)) throw invalid('Invalid hash', key, 'parameter_invalid_hash');
  const entries = Object.entries(v);
  for (const [k, value] of entries) {
    if (typeof value !== 'string') throw invalid(`Invalid string: ${key}[${k}]`, `${key}[${k}]`);
    if (k.length > 40) throw invalid(`Metadata keys can have up to 40 characters.`, `${key}[${k}]`);
    if (value.length > 500) throw invalid(`Metadata values can have up to 500 characters.`, `${key}[${k}]`);
  }
  return (current) => {
    const next = { ...current };
    for (const [k, value] of entries) {
      if (value === '') delete next[k];
      else next[k] = value as string;
    }
    if (Object.keys(next).length > 50)
      throw invalid('Metadata can have up to 50 keys.', key, 'parameter_invalid_hash');
    return next;
  };
}

/** `expand[]` (either `expand[]=a` or stripe-node's `expand[0]=a`). */
export function expandList(p: FormObject): string[] {
  const v = p.expand;
  if (v === undefined || v === '') return [];
  if (typeof v === 'string') return [v];
  if (!Array.isArray(v)) throw invalid('Invalid array', 'expand');
  return v.map((x) => {
    if (typeof x !== 'string') throw invalid('Invalid array', 'expand');
    return x;
  });
}

/**
 * Checks the top-level parameters: `supported` ones are simulated, `ignored` ones are real Stripe
 * parameters the local Stripe accepts without simulating (reported through `onIgnored`), anything
 * else is `parameter_unknown`, as Stripe answers.
 */
export function checkParams(
  p: FormObject,
  supported: readonly string[],
  ignored: readonly string[],
  onIgnored: (param: string) => void,
): void {
  for (const key of Object.keys(p)) {
    if (supported.includes(key)) continue;
    if (ignored.includes(key)) {
      onIgnored(key);
      continue;
    }
    throw unknownParam(key);
  }
}

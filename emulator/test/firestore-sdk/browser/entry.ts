/// <reference lib="dom" />
/**
 * Browser entry of the test page: exposes the web-SDK driver to page.evaluate. Results cross as
 * JSON; errors come back as {code, message} (the SDK's FirestoreError codes).
 */
import { createWebDriver } from '../drivers/web.js';
import type { WebDriverOptions } from '../drivers/web.js';
import type { Driver } from '../drivers/types.js';

const drivers = new Map<string, Driver>();

type Outcome = { ok: true; value: unknown } | { ok: false; code: string; message: string };

declare global {
  interface Window {
    __createDriver(id: string, options: WebDriverOptions): void;
    __call(id: string, method: string, args: unknown[]): Promise<Outcome>;
  }
}

window.__createDriver = (id, options) => {
  drivers.set(id, createWebDriver(options));
};

window.__call = async (id, method, args) => {
  const driver = drivers.get(id) as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
  try {
    const value = await driver[method](...args);
    return { ok: true, value: value === undefined ? null : value };
  } catch (err) {
    const e = err as { code?: string; message?: string };
    return { ok: false, code: String(e.code ?? 'unknown'), message: String(e.message ?? err) };
  }
};

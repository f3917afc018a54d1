import { describe, expect, it } from 'vitest';
import en from './en.json';
import es from './es.json';
import { ENUMS } from './enums';

type Labels = Record<string, Record<string, string>>;

describe('enum labels', () => {
  for (const [name, values] of Object.entries(ENUMS)) {
    it(`${name}: every value has a label in both languages`, () => {
      expect(values.length).toBeGreaterThan(0);
      for (const value of values) {
        expect((es.enums as Labels)[name]?.[value], `es ${name}.${value}`).toBeTruthy();
        expect((en.enums as Labels)[name]?.[value], `en ${name}.${value}`).toBeTruthy();
      }
    });
  }
});

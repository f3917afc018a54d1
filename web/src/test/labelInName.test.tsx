import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { labelInNameViolations } from './labelInName';

const violations = (ui: React.ReactElement) => labelInNameViolations(render(ui).container);

describe('labelInNameViolations', () => {
  it('flags a control whose aria-label leaves out the text it shows', () => {
    expect(
      violations(
        <button aria-label="Buscar">
          Buscar contactos, empresas, deals... <kbd>Ctrl K</kbd>
        </button>,
      ),
    ).toEqual(['"Buscar" ≠ "buscar contactos empresas deals ctrl k"']);
  });

  it('compares whole words: an abbreviation is not in the word it starts', () => {
    expect(violations(<button aria-label="Español">ES</button>)).toEqual(['"Español" ≠ "es"']);
    expect(violations(<button aria-label="ES (Español)">ES</button>)).toEqual([]);
  });

  it('accepts a name that contains what is shown, whatever the case, spacing and punctuation', () => {
    expect(
      violations(
        <button aria-label="Menú de usuario: Ana López  ana@trato.demo">
          <span aria-hidden="true">A</span>
          <span>Ana López</span> <span>ana@trato.demo</span>
        </button>,
      ),
    ).toEqual([]);
  });

  it('reads aria-labelledby, and skips controls named by their content or with nothing shown', () => {
    expect(
      violations(
        <>
          <span id="l">Pausar</span>
          <button aria-labelledby="l">Detener</button>
          <button>Guardar</button>
          <button aria-label="Cerrar">
            <svg aria-hidden="true" />
          </button>
        </>,
      ),
    ).toEqual(['"Pausar" ≠ "detener"']);
  });

  it('an input without a visible label must carry its placeholder in its name; a labelled one need not', () => {
    expect(
      violations(
        <>
          <input aria-label="Buscar" placeholder="Buscar contactos, empresas, deals..." />
          <label>
            Email <input aria-label="Correo" placeholder="tu@empresa.com" />
          </label>
          <input aria-label="Buscar tareas..." placeholder="Buscar tareas..." />
        </>,
      ),
    ).toEqual(['"Buscar" ≠ "buscar contactos empresas deals"']);
  });
});

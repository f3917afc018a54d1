import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StepTrail } from './StepTrail';

describe('StepTrail', () => {
  it('numbers the steps, ticks those done and marks the current one', () => {
    render(<StepTrail steps={['Archivo', 'Columnas', 'Revisión']} active={1} />);
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['✓Archivo', '2Columnas', '3Revisión']);
    expect(items[1]!.getAttribute('aria-current')).toBe('step');
    expect(items.filter((li) => li.hasAttribute('aria-current'))).toHaveLength(1);
  });

  it('compact: every name stays for screen readers', () => {
    render(<StepTrail steps={['Archivo', 'Columnas']} active={0} compact />);
    expect(screen.getByText('Columnas')).toBeTruthy();
    expect(screen.getByText('Archivo')).toBeTruthy();
  });
});
